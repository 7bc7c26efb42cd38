package providers

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"github.com/heloc/heloc/server/domain"
)

// idOutcome is a persona's identity check (profile.idVerification in
// fixtures/personas.json): the result, why it did not pass, and the ID
// types that pass all the same (a person whose license fails may try a
// passport). Coborrower is the result for the persona's coborrower when
// the coborrower is no persona of their own.
type idOutcome struct {
	Result     string     `json:"result"`
	Reason     string     `json:"reason"`
	PassesWith []string   `json:"passesWith"`
	Coborrower *idOutcome `json:"coborrower"`
}

// SandboxIdentity is the deterministic identity provider: it picks a
// persona by the applicant's e-mail (the local part before any "+", as the
// credit sandbox does) and answers that persona's result; anyone else
// passes. A person the application names without a name or date of birth
// fails: there is nothing to match the ID against.
type SandboxIdentity struct {
	outcomes map[string]*idOutcome
}

// NewSandboxIdentity reads personas.json from fsys (the fixtures package's FS).
func NewSandboxIdentity(fsys fs.FS) (*SandboxIdentity, error) {
	buf, err := fs.ReadFile(fsys, "personas.json")
	if err != nil {
		return nil, fmt.Errorf("sandbox identity: %w", err)
	}
	var list []struct {
		Email   string `json:"email"`
		Profile struct {
			IDVerification *idOutcome `json:"idVerification"`
		} `json:"profile"`
	}
	if err := json.Unmarshal(buf, &list); err != nil {
		return nil, fmt.Errorf("sandbox identity: personas.json: %w", err)
	}
	s := &SandboxIdentity{outcomes: map[string]*idOutcome{}}
	for _, p := range list {
		if o := p.Profile.IDVerification; o != nil {
			for _, each := range []*idOutcome{o, o.Coborrower} {
				if each != nil && !validOutcome(each.Result) {
					return nil, fmt.Errorf("sandbox identity: %s: unknown result %q", p.Email, each.Result)
				}
			}
			s.outcomes[localPart(p.Email)] = o
		}
	}
	return s, nil
}

func validOutcome(r string) bool {
	return r == IdentityPassed || r == IdentityFailed || r == IdentityReview
}

// Sandbox reports that the results are made up.
func (*SandboxIdentity) Sandbox() bool { return true }

// VerifyID answers the persona's result for the person: the borrower's
// from the applicant's persona; a coborrower's from their own persona when
// their e-mail is one, else from the applicant persona's coborrower entry;
// passed otherwise. A failed result passes for the ID types the persona
// lists under passesWith.
func (s *SandboxIdentity) VerifyID(_ context.Context, req IdentityRequest) (*IdentityResult, error) {
	if req.IDType == "" || len(req.Sides) == 0 {
		return nil, domain.Errorf(domain.EINVALID, "An ID check needs the ID's type and its photos.")
	}
	res := &IdentityResult{Status: IdentityPassed, CheckedAt: req.Today.UTC(), Reference: reference(req)}
	if strings.TrimSpace(req.FirstName) == "" || strings.TrimSpace(req.LastName) == "" || req.DateOfBirth == "" {
		res.Status, res.Reason = IdentityFailed, "We have no name or date of birth to match your ID against. Fill in your personal information first."
		return res, nil
	}
	if o := s.outcome(req); o != nil {
		res.Status, res.Reason = o.Result, o.Reason
		if o.Result == IdentityFailed && slices.Contains(o.PassesWith, req.IDType) {
			res.Status, res.Reason = IdentityPassed, ""
		}
	}
	if res.Status == IdentityPassed {
		res.Reason = ""
	}
	return res, nil
}

func (s *SandboxIdentity) outcome(req IdentityRequest) *idOutcome {
	if req.Party != "coborrower" {
		return s.outcomes[localPart(req.Applicant)]
	}
	if req.Email != "" {
		if o, ok := s.outcomes[localPart(req.Email)]; ok {
			return o
		}
	}
	if o := s.outcomes[localPart(req.Applicant)]; o != nil {
		return o.Coborrower
	}
	return nil
}

// reference is the check's id: the same request on the same day gets the
// same one, as a sandbox's answers are the same.
func reference(req IdentityRequest) string {
	sum := sha256.Sum256([]byte(strings.Join([]string{strings.ToLower(req.Applicant), req.Party, req.IDType, req.Today.UTC().Format("2006-01-02")}, "|")))
	return "sandbox-id-" + hex.EncodeToString(sum[:6])
}
