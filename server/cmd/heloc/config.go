package main

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/netip"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/heloc/heloc/server/blobs"
	"github.com/heloc/heloc/server/crypt"
	"github.com/heloc/heloc/server/loans"
	"github.com/heloc/heloc/server/mail"
	"github.com/heloc/heloc/server/policy"
	"github.com/heloc/heloc/server/store"
	"github.com/heloc/heloc/server/web"
)

// config is everything the server reads from the environment. Each field
// names its variable; README.md lists them with their defaults.
type config struct {
	Port        string // PORT, default 8080
	DataDir     string // DATA_DIR, default ./data
	DatabaseURL string // DATABASE_URL, default an SQLite file in DATA_DIR; the forms of store.ParseDatabaseURL
	RulesDir    string // RULES_DIR, default the policies built into the binary
	// POLICY_POLL_INTERVAL, default 5s: how often the server asks the
	// database for the policy revision in force (heloc policy publish).
	PolicyPoll  time.Duration
	Production  bool   // APP_ENV=production
	ProductName string // PRODUCT_NAME
	// PUBLIC_URL: the address people use, https://host[:port]; links
	// mailed to them and the same-origin check use it. Required in
	// production, where a request's Host header must not choose where an
	// invitation link points.
	PublicURL  string
	LogLevel   string // LOG_LEVEL: debug, info, warn, error
	TrustProxy bool   // TRUST_PROXY=1 behind a TLS-terminating proxy
	// TRUSTED_PROXIES: the proxies (addresses or CIDR ranges, comma
	// separated) whose X-Forwarded-* count; empty with TRUST_PROXY means
	// loopback and private networks. Setting it implies TRUST_PROXY.
	TrustedProxies []string
	Demo           bool // DEMO_DATA: seed the demo data of fixtures/ (default on outside production)

	BotCheck        string  // BOTCHECK: sandbox (default outside production) or recaptcha
	RecaptchaKey    string  // RECAPTCHA_SITE_KEY
	RecaptchaSecret string  // RECAPTCHA_SECRET
	RecaptchaScore  float64 // RECAPTCHA_MIN_SCORE, default 0.5

	// ESTIMATE_LIMIT, PAGES_LIMIT: prequal.estimate and funnel.pages calls
	// per client address (per account when signed in) in 15 minutes;
	// default 30 and 600, 0 for no limit.
	EstimateLimit int
	PagesLimit    int
	// WAITLIST_LIMIT: prequal.joinWaitlist calls per client address in 15
	// minutes; default 10, 0 for no limit. BOTCHECK_LIMIT: human checks
	// verified per client address in 15 minutes; default 1000, 0 for no
	// limit.
	WaitlistLimit int
	BotCheckLimit int

	// FUNNEL_VARIANT: the funnel's variant, one the page table lists
	// (rules/heloc/funnel/tables/data.yaml `variants`): standard (default)
	// or withoutPropertyUsage, which leaves out the property-usage question.
	FunnelVariant string

	// PASSWORD_HASH_CONCURRENCY: how many password hashes may run at once;
	// 0 (unset) for the password package's default, sized to cores and
	// memory.
	HashConcurrency int

	SessionIdle   time.Duration // SESSION_IDLE, default 30m
	SessionMaxAge time.Duration // SESSION_MAX_AGE, default 12h

	// BLOB_URL: where uploaded documents are kept, sealed: file:///folder
	// (default DATA_DIR/uploads) or s3://bucket?region=...&endpoint=... for
	// an S3-compatible store (credentials from AWS_ACCESS_KEY_ID and
	// AWS_SECRET_ACCESS_KEY). UPLOAD_LIMIT: the largest file accepted, in
	// bytes or with a KB/MB suffix, default 10MB. UPLOAD_CONCURRENCY: how
	// many uploads are read at once (web.DefaultUploadConcurrency).
	BlobURL           string
	UploadLimit       int64
	UploadConcurrency int

	SMTP mail.SMTPConfig // SMTP_HOST, SMTP_PORT (587), SMTP_USERNAME, SMTP_PASSWORD, MAIL_FROM; no host: the sandbox outbox

	Secrets secrets
}

// secrets are the keys the server signs and encrypts with. In development
// they are generated into DATA_DIR on first run; in production they must
// come from the environment, so that they live in the operator's vault.
type secrets struct {
	SessionSecret  string            `json:"sessionSecret"`  // SESSION_SECRET: base64 of at least 32 bytes
	EncryptionKeys map[string]string `json:"encryptionKeys"` // ENCRYPTION_KEYS: "id:base64key,..." (AES-256), first is current
	CurrentKeyID   string            `json:"currentKeyId"`
}

var variantName = regexp.MustCompile(`^[a-z][A-Za-z0-9]*$`)

// checkFunnelVariant refuses a FUNNEL_VARIANT the page table does not list.
func checkFunnelVariant(ctx context.Context, engine *policy.Engine, variant string) error {
	var known []string
	if err := policy.DecideInto(ctx, engine, "heloc.funnel.variants", nil, &known); err != nil {
		return err
	}
	if !slices.Contains(known, variant) {
		return fmt.Errorf("FUNNEL_VARIANT must be one of %s, not %q", strings.Join(known, ", "), variant)
	}
	return nil
}

func loadConfig(getenv func(string) string) (config, error) {
	c := config{
		Port:            or(getenv("PORT"), "8080"),
		DataDir:         or(getenv("DATA_DIR"), "./data"),
		DatabaseURL:     getenv("DATABASE_URL"),
		RulesDir:        getenv("RULES_DIR"),
		Production:      getenv("APP_ENV") == "production",
		ProductName:     or(getenv("PRODUCT_NAME"), "Keystone Home Equity"),
		LogLevel:        or(getenv("LOG_LEVEL"), "info"),
		TrustProxy:      truthy(getenv("TRUST_PROXY")),
		RecaptchaKey:    getenv("RECAPTCHA_SITE_KEY"),
		RecaptchaSecret: getenv("RECAPTCHA_SECRET"),
		FunnelVariant:   or(getenv("FUNNEL_VARIANT"), "standard"),
	}
	if env := getenv("APP_ENV"); env != "" && env != "production" && env != "development" {
		return c, fmt.Errorf("APP_ENV must be development or production, not %q", env)
	}
	if v := getenv("TRUSTED_PROXIES"); v != "" {
		for _, p := range strings.Split(v, ",") {
			p = strings.TrimSpace(p)
			if p == "" {
				continue
			}
			if !isAddressOrRange(p) {
				return c, fmt.Errorf("TRUSTED_PROXIES must list IP addresses or CIDR ranges, like 10.0.0.0/8,192.0.2.10, not %q", p)
			}
			c.TrustedProxies = append(c.TrustedProxies, p)
		}
		c.TrustProxy = c.TrustProxy || len(c.TrustedProxies) > 0
	}
	for name, n := range map[string]*int{"ESTIMATE_LIMIT": &c.EstimateLimit, "PAGES_LIMIT": &c.PagesLimit, "WAITLIST_LIMIT": &c.WaitlistLimit, "BOTCHECK_LIMIT": &c.BotCheckLimit} {
		v := getenv(name)
		if v == "" {
			continue // the server's default
		}
		parsed, err := strconv.Atoi(v)
		if err != nil || parsed < 0 {
			return c, fmt.Errorf("%s must be a number of calls (0 for no limit), not %q", name, v)
		}
		*n = parsed
		if parsed == 0 {
			*n = -1 // web.Config: negative is no limit, 0 the default
		}
	}
	if v := getenv("PASSWORD_HASH_CONCURRENCY"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return c, fmt.Errorf("PASSWORD_HASH_CONCURRENCY must be a whole number of at least 1, not %q", v)
		}
		c.HashConcurrency = n
	}
	// The variants themselves are the page table's; serve checks the name
	// against it once the policies are loaded (checkFunnelVariant).
	if !variantName.MatchString(c.FunnelVariant) {
		return c, fmt.Errorf("FUNNEL_VARIANT must be a variant name like withoutPropertyUsage, not %q", c.FunnelVariant)
	}
	if _, err := strconv.Atoi(c.Port); err != nil {
		return c, fmt.Errorf("PORT must be a number, not %q", c.Port)
	}
	c.Demo = !c.Production
	if v := getenv("DEMO_DATA"); v != "" {
		c.Demo = truthy(v)
	}
	c.BotCheck = "sandbox"
	if c.Production {
		c.BotCheck = "recaptcha"
	}
	if v := getenv("BOTCHECK"); v != "" {
		c.BotCheck = v
	}
	switch c.BotCheck {
	case "sandbox":
		if c.Production {
			return c, errors.New("BOTCHECK=sandbox is not allowed with APP_ENV=production")
		}
	case "recaptcha":
		if c.RecaptchaKey == "" || c.RecaptchaSecret == "" {
			return c, errors.New("BOTCHECK=recaptcha needs RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET")
		}
	default:
		return c, fmt.Errorf("BOTCHECK must be sandbox or recaptcha, not %q", c.BotCheck)
	}
	if v := getenv("RECAPTCHA_MIN_SCORE"); v != "" {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || f < 0 || f > 1 {
			return c, fmt.Errorf("RECAPTCHA_MIN_SCORE must be between 0 and 1, not %q", v)
		}
		c.RecaptchaScore = f
	}
	for name, d := range map[string]*time.Duration{"SESSION_IDLE": &c.SessionIdle, "SESSION_MAX_AGE": &c.SessionMaxAge} {
		if v := getenv(name); v != "" {
			parsed, err := time.ParseDuration(v)
			if err != nil || parsed < time.Minute {
				return c, fmt.Errorf("%s must be a duration of at least a minute, like 30m or 12h, not %q", name, v)
			}
			*d = parsed
		}
	}
	c.PolicyPoll = 5 * time.Second
	if v := getenv("POLICY_POLL_INTERVAL"); v != "" {
		parsed, err := time.ParseDuration(v)
		if err != nil || parsed < 10*time.Millisecond || parsed > time.Hour {
			return c, fmt.Errorf("POLICY_POLL_INTERVAL must be a duration between 10ms and 1h, like 5s, not %q", v)
		}
		c.PolicyPoll = parsed
	}
	if c.SessionIdle == 0 {
		c.SessionIdle = 30 * time.Minute
	}
	if c.SessionMaxAge == 0 {
		c.SessionMaxAge = 12 * time.Hour
	}
	if c.SessionIdle > c.SessionMaxAge {
		return c, errors.New("SESSION_IDLE must not be longer than SESSION_MAX_AGE")
	}
	c.SMTP = mail.SMTPConfig{Host: getenv("SMTP_HOST"), Port: 587, Username: getenv("SMTP_USERNAME"),
		Password: getenv("SMTP_PASSWORD"), From: or(getenv("MAIL_FROM"), c.ProductName+" <no-reply@localhost>")}
	if v := getenv("SMTP_PORT"); v != "" {
		port, err := strconv.Atoi(v)
		if err != nil || port < 1 || port > 65535 {
			return c, fmt.Errorf("SMTP_PORT must be a port number, not %q", v)
		}
		c.SMTP.Port = port
	}
	if v := getenv("PUBLIC_URL"); v != "" {
		u, err := url.Parse(strings.TrimSuffix(v, "/"))
		if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.User != nil || u.Path != "" || u.RawQuery != "" || u.Fragment != "" {
			return c, fmt.Errorf("PUBLIC_URL must be a scheme and host like https://heloc.example.com, not %q", v)
		}
		if c.Production && u.Scheme != "https" {
			return c, errors.New("PUBLIC_URL must be an https address with APP_ENV=production")
		}
		c.PublicURL = strings.ToLower(u.Scheme + "://" + u.Host)
	} else if c.Production {
		return c, errors.New("PUBLIC_URL is required with APP_ENV=production: it is where mailed links point")
	}
	if c.Production && c.SMTP.Host == "" {
		return c, errors.New("SMTP_HOST is required with APP_ENV=production: sign-in codes must be mailed")
	}
	if c.DatabaseURL == "" {
		c.DatabaseURL = filepath.Join(c.DataDir, "heloc.db")
	}
	// Read here, not first at store.Open, so that a URL the store cannot
	// read (mysql://..., sqlite3://...) stops the server before anything
	// is written, instead of becoming a folder named after its scheme.
	if _, _, err := store.ParseDatabaseURL(c.DatabaseURL); err != nil {
		return c, err
	}
	if err := loadUploads(&c, getenv); err != nil {
		return c, err
	}
	var err error
	c.Secrets, err = loadSecrets(c, getenv)
	return c, err
}

// loadSecrets reads the secrets from the environment, or in development
// from DATA_DIR/secrets.json, creating that file (mode 0600) on first run.
func loadSecrets(c config, getenv func(string) string) (secrets, error) {
	if s := getenv("SESSION_SECRET"); s != "" || c.Production {
		return secretsFromEnv(getenv)
	}
	path := filepath.Join(c.DataDir, "secrets.json")
	b, err := os.ReadFile(path)
	if err == nil {
		var s secrets
		if err := json.Unmarshal(b, &s); err != nil {
			return s, fmt.Errorf("read %s: %w", path, err)
		}
		return s, s.check()
	}
	if !errors.Is(err, os.ErrNotExist) {
		return secrets{}, err
	}
	s := secrets{SessionSecret: randomKey(), EncryptionKeys: map[string]string{"k1": randomKey()}, CurrentKeyID: "k1"}
	if err := os.MkdirAll(c.DataDir, 0o700); err != nil {
		return s, err
	}
	b, _ = json.MarshalIndent(s, "", "  ")
	if err := os.WriteFile(path, b, 0o600); err != nil {
		return s, fmt.Errorf("write %s: %w", path, err)
	}
	return s, nil
}

func secretsFromEnv(getenv func(string) string) (secrets, error) {
	s := secrets{SessionSecret: getenv("SESSION_SECRET"), EncryptionKeys: map[string]string{}}
	if s.SessionSecret == "" {
		return s, errors.New("SESSION_SECRET is required with APP_ENV=production")
	}
	keys := getenv("ENCRYPTION_KEYS")
	if keys == "" {
		return s, errors.New("ENCRYPTION_KEYS is required when SESSION_SECRET is set (id:base64key,...)")
	}
	if err := s.readEncryptionKeys(keys); err != nil {
		return s, err
	}
	return s, s.check()
}

// readEncryptionKeys reads ENCRYPTION_KEYS, "id:base64key,...", into s; the
// first key is the current one.
func (s *secrets) readEncryptionKeys(keys string) error {
	if s.EncryptionKeys == nil {
		s.EncryptionKeys = map[string]string{}
	}
	for i, pair := range strings.Split(keys, ",") {
		id, key, ok := strings.Cut(strings.TrimSpace(pair), ":")
		if !ok || id == "" {
			return errors.New("ENCRYPTION_KEYS must look like id:base64key,id2:base64key")
		}
		if i == 0 {
			s.CurrentKeyID = id
		}
		s.EncryptionKeys[id] = key
	}
	return nil
}

// check refuses keys too short to be secure. Its messages never include a key.
func (s secrets) check() error {
	if b, err := base64.StdEncoding.DecodeString(s.SessionSecret); err != nil || len(b) < 32 {
		return errors.New("the session secret must be base64 of at least 32 bytes")
	}
	if _, ok := s.EncryptionKeys[s.CurrentKeyID]; !ok {
		return errors.New("the current encryption key id has no key")
	}
	for id, k := range s.EncryptionKeys {
		if b, err := base64.StdEncoding.DecodeString(k); err != nil || len(b) != 32 {
			return fmt.Errorf("encryption key %q must be base64 of exactly 32 bytes (AES-256)", id)
		}
	}
	return nil
}

func randomKey() string {
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err)
	}
	return base64.StdEncoding.EncodeToString(b[:])
}

// isAddressOrRange reports whether v is an IP address or a CIDR range.
func isAddressOrRange(v string) bool {
	if strings.Contains(v, "/") {
		_, err := netip.ParsePrefix(v)
		return err == nil
	}
	_, err := netip.ParseAddr(v)
	return err == nil
}

func or(v, def string) string {
	if v == "" {
		return def
	}
	return v
}

func truthy(v string) bool {
	switch strings.ToLower(v) {
	case "1", "true", "yes", "on":
		return true
	}
	return false
}

// keyring opens the encryption keys as a crypt.Keyring.
func (s secrets) keyring() (*crypt.Keyring, error) {
	keys := map[string][]byte{}
	for id, k := range s.EncryptionKeys {
		b, err := base64.StdEncoding.DecodeString(k)
		if err != nil {
			return nil, fmt.Errorf("encryption key %q is not base64", id)
		}
		keys[id] = b
	}
	return crypt.NewKeyring(s.CurrentKeyID, keys)
}

// sessionSecret is the decoded session secret.
func (s secrets) sessionSecret() []byte {
	b, _ := base64.StdEncoding.DecodeString(s.SessionSecret) // checked at load
	return b
}

// maxUploadLimit bounds UPLOAD_LIMIT: a file that size takes a slot
// (UPLOAD_CONCURRENCY) for as long as it takes to arrive.
const maxUploadLimit = 100 << 20

// maxUploadConcurrency bounds UPLOAD_CONCURRENCY.
const maxUploadConcurrency = 1024

// loadUploads reads BLOB_URL, UPLOAD_LIMIT and UPLOAD_CONCURRENCY.
func loadUploads(c *config, getenv func(string) string) error {
	c.BlobURL = getenv("BLOB_URL")
	if c.BlobURL == "" {
		u, err := blobs.FileURL(filepath.Join(c.DataDir, "uploads"))
		if err != nil {
			return fmt.Errorf("BLOB_URL: %w", err)
		}
		c.BlobURL = u
	} else if !strings.HasPrefix(c.BlobURL, "file:///") && !strings.HasPrefix(c.BlobURL, "s3://") {
		return errors.New("BLOB_URL must be file:///absolute/folder or s3://bucket?region=...")
	}
	c.UploadLimit = loans.DefaultUploadLimit
	if v := getenv("UPLOAD_LIMIT"); v != "" {
		n, err := parseSize(v)
		if err != nil || n < 1<<10 || n > maxUploadLimit {
			return fmt.Errorf("UPLOAD_LIMIT must be a size between 1KB and 100MB, like 10MB or 10485760, not %q", v)
		}
		c.UploadLimit = n
	}
	c.UploadConcurrency = web.DefaultUploadConcurrency
	if v := getenv("UPLOAD_CONCURRENCY"); v != "" {
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || n < 1 || n > maxUploadConcurrency {
			return fmt.Errorf("UPLOAD_CONCURRENCY must be a whole number from 1 to %d, not %q", maxUploadConcurrency, v)
		}
		c.UploadConcurrency = n
	}
	return nil
}

// parseSize reads a byte count: a number, or one with a KB or MB suffix
// (binary: 1MB is 1,048,576 bytes).
func parseSize(v string) (int64, error) {
	v = strings.ToUpper(strings.TrimSpace(v))
	unit := int64(1)
	for suffix, n := range map[string]int64{"KB": 1 << 10, "MB": 1 << 20, "KIB": 1 << 10, "MIB": 1 << 20} {
		if strings.HasSuffix(v, suffix) {
			v, unit = strings.TrimSpace(strings.TrimSuffix(v, suffix)), n
			break
		}
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < 0 || n > (1<<62)/unit {
		return 0, errors.New("not a size")
	}
	return n * unit, nil
}
