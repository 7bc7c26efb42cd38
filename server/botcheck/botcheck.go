// Package botcheck verifies the human-check token that every mutation
// carries (spec §7): a deterministic sandbox for development and CI, and
// Google reCAPTCHA v3 for production.
package botcheck

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/heloc/heloc/server/domain"
)

// SandboxPrefix starts every token the sandbox accepts; the token for
// action a is SandboxPrefix + a, so a token for another action is refused.
const SandboxPrefix = "sandbox."

// Sandbox accepts exactly "sandbox.<action>". It never calls out.
type Sandbox struct{}

// Verify accepts the sandbox token of action.
func (Sandbox) Verify(_ context.Context, token, action, _ string) error {
	if token != SandboxPrefix+action {
		return domain.Errorf(domain.EFORBIDDEN, "The human check failed. Reload the page and try again.")
	}
	return nil
}

// Mode is "sandbox".
func (Sandbox) Mode() string { return "sandbox" }

// SiteKey is empty: the sandbox needs none.
func (Sandbox) SiteKey() string { return "" }

// DefaultVerifyURL is reCAPTCHA's verification endpoint.
const DefaultVerifyURL = "https://www.google.com/recaptcha/api/siteverify"

// Recaptcha verifies reCAPTCHA v3 tokens: the token must be valid, for the
// expected action, and score at least MinScore.
type Recaptcha struct {
	Key       string // the site key, public, used by the webapp
	Secret    string // the secret key, never logged
	MinScore  float64
	VerifyURL string
	Client    *http.Client
}

// NewRecaptcha returns a verifier with a 5-second timeout and reCAPTCHA's
// recommended threshold of 0.5 unless minScore is set.
func NewRecaptcha(siteKey, secret string, minScore float64) *Recaptcha {
	if minScore == 0 {
		minScore = 0.5
	}
	return &Recaptcha{Key: siteKey, Secret: secret, MinScore: minScore, VerifyURL: DefaultVerifyURL,
		Client: &http.Client{Timeout: 5 * time.Second}}
}

type siteverify struct {
	Success    bool     `json:"success"`
	Score      float64  `json:"score"`
	Action     string   `json:"action"`
	ErrorCodes []string `json:"error-codes"`
}

// Verify asks reCAPTCHA about token and checks action and score.
func (r *Recaptcha) Verify(ctx context.Context, token, action, remoteIP string) error {
	form := url.Values{"secret": {r.Secret}, "response": {token}}
	if remoteIP != "" {
		form.Set("remoteip", remoteIP)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, r.VerifyURL, strings.NewReader(form.Encode()))
	if err != nil {
		return fmt.Errorf("botcheck: %w", err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := r.Client.Do(req)
	if err != nil {
		return fmt.Errorf("botcheck: verify: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("botcheck: verify: status %d", resp.StatusCode)
	}
	var v siteverify
	if err := json.NewDecoder(resp.Body).Decode(&v); err != nil {
		return fmt.Errorf("botcheck: verify: %w", err)
	}
	if !v.Success || v.Action != action || v.Score < r.MinScore {
		return domain.Errorf(domain.EFORBIDDEN, "The human check failed. Reload the page and try again.")
	}
	return nil
}

// Mode is "recaptcha".
func (r *Recaptcha) Mode() string { return "recaptcha" }

// SiteKey is the public key the webapp passes to grecaptcha.execute.
func (r *Recaptcha) SiteKey() string { return r.Key }
