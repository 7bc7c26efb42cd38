package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/heloc/heloc/rules"
	"github.com/heloc/heloc/server/policy"
)

func env(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestConfigDefaults(t *testing.T) {
	dir := t.TempDir()
	c, err := loadConfig(env(map[string]string{"DATA_DIR": dir}))
	if err != nil {
		t.Fatal(err)
	}
	if c.Port != "8080" || c.DatabaseURL != filepath.Join(dir, "heloc.db") || c.BotCheck != "sandbox" || !c.Demo || c.Production {
		t.Fatalf("got %+v, want port 8080, SQLite in DATA_DIR, sandbox bot check, demo data", c)
	}
}

// In development the secrets are generated into DATA_DIR once, readable by
// the owner only, and the same on the next start.
func TestDevelopmentSecretsAreGeneratedOnce(t *testing.T) {
	dir := t.TempDir()
	first, err := loadConfig(env(map[string]string{"DATA_DIR": dir}))
	if err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(filepath.Join(dir, "secrets.json"))
	if err != nil {
		t.Fatal(err)
	}
	if info.Mode().Perm() != 0o600 {
		t.Fatalf("got mode %v, want 0600", info.Mode().Perm())
	}
	second, err := loadConfig(env(map[string]string{"DATA_DIR": dir}))
	if err != nil {
		t.Fatal(err)
	}
	if first.Secrets.SessionSecret != second.Secrets.SessionSecret || first.Secrets.SessionSecret == "" {
		t.Fatal("got a new session secret on the second start, want the stored one")
	}
}

func TestProductionRequiresItsSecrets(t *testing.T) {
	key := strings.Repeat("A", 43) + "=" // base64 of 32 zero bytes
	base := map[string]string{"APP_ENV": "production", "DATA_DIR": t.TempDir(), "RECAPTCHA_SITE_KEY": "k", "RECAPTCHA_SECRET": "s", "PUBLIC_URL": "https://heloc.example.com"}
	tests := []struct {
		name string
		set  map[string]string
		ok   bool
	}{
		{"no secrets", map[string]string{}, false},
		{"no encryption keys", map[string]string{"SESSION_SECRET": key}, false},
		{"short encryption key", map[string]string{"SESSION_SECRET": key, "ENCRYPTION_KEYS": "k1:c2hvcnQ="}, false},
		{"sandbox bot check", map[string]string{"SESSION_SECRET": key, "ENCRYPTION_KEYS": "k1:" + key, "BOTCHECK": "sandbox"}, false},
		{"no mail relay", map[string]string{"SESSION_SECRET": key, "ENCRYPTION_KEYS": "k1:" + key}, false},
		{"no public address", map[string]string{"SESSION_SECRET": key, "ENCRYPTION_KEYS": "k1:" + key, "SMTP_HOST": "smtp.example.com", "PUBLIC_URL": ""}, false},
		{"plain-http public address", map[string]string{"SESSION_SECRET": key, "ENCRYPTION_KEYS": "k1:" + key, "SMTP_HOST": "smtp.example.com", "PUBLIC_URL": "http://heloc.example.com"}, false},
		{"complete", map[string]string{"SESSION_SECRET": key, "ENCRYPTION_KEYS": "k2:" + key + ",k1:" + key, "SMTP_HOST": "smtp.example.com"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := map[string]string{}
			for k, v := range base {
				m[k] = v
			}
			for k, v := range tt.set {
				m[k] = v
			}
			c, err := loadConfig(env(m))
			if got := err == nil; got != tt.ok {
				t.Fatalf("got ok=%v (%v), want %v", got, err, tt.ok)
			}
			if err != nil && strings.Contains(err.Error(), key) {
				t.Fatal("got a key in the error message")
			}
			if tt.ok && (c.Secrets.CurrentKeyID != "k2" || c.Demo || c.BotCheck != "recaptcha") {
				t.Fatalf("got %+v, want current key k2, no demo data, reCAPTCHA", c.Secrets)
			}
			if _, err := os.Stat(filepath.Join(m["DATA_DIR"], "secrets.json")); err == nil {
				t.Fatal("got secrets.json written in production, want none")
			}
		})
	}
}

func TestConfigRefusesBadValues(t *testing.T) {
	for _, m := range []map[string]string{
		{"PORT": "eighty"},
		{"PUBLIC_URL": "heloc.example.com"},
		{"PUBLIC_URL": "ftp://heloc.example.com"},
		{"PUBLIC_URL": "https://heloc.example.com/app"},
		{"PUBLIC_URL": "https://user@heloc.example.com"},
		{"APP_ENV": "staging"},
		{"BOTCHECK": "none"},
		{"BOTCHECK": "recaptcha"},
		{"RECAPTCHA_MIN_SCORE": "2"},
		{"SESSION_IDLE": "soon"},
		{"SESSION_IDLE": "10s"},
		{"SESSION_IDLE": "13h"},
		{"SMTP_PORT": "0"},
		{"TRUSTED_PROXIES": "proxy.internal"},
		{"TRUSTED_PROXIES": "10.0.0.0/40"},
		{"ESTIMATE_LIMIT": "-3"},
		{"PAGES_LIMIT": "lots"},
		{"PASSWORD_HASH_CONCURRENCY": "0"},
		{"PASSWORD_HASH_CONCURRENCY": "many"},
		{"DATABASE_URL": "mysql://root@db/heloc"},
		{"DATABASE_URL": "sqlite3:///srv/heloc.db"},
		{"DATABASE_URL": "sqlite:///srv/heloc.db?mode=ro"},
	} {
		m["DATA_DIR"] = t.TempDir()
		if _, err := loadConfig(env(m)); err == nil {
			t.Errorf("got no error for %v", m)
		}
	}
}

func TestSessionLifetimes(t *testing.T) {
	c, err := loadConfig(env(map[string]string{"DATA_DIR": t.TempDir()}))
	if err != nil || c.SessionIdle != 30*time.Minute || c.SessionMaxAge != 12*time.Hour {
		t.Fatalf("got %v, %v, %v; want 30m and 12h by default", c.SessionIdle, c.SessionMaxAge, err)
	}
	c, err = loadConfig(env(map[string]string{"DATA_DIR": t.TempDir(), "SESSION_IDLE": "15m", "SESSION_MAX_AGE": "8h"}))
	if err != nil || c.SessionIdle != 15*time.Minute || c.SessionMaxAge != 8*time.Hour {
		t.Fatalf("got %v, %v, %v; want 15m and 8h", c.SessionIdle, c.SessionMaxAge, err)
	}
}

func TestMailErrorsLoseTheirAddresses(t *testing.T) {
	got := emailAddress.ReplaceAllString(`mail: RCPT TO: 550 5.1.1 <jane.doe@example.com>: Recipient address rejected`, "<address>")
	if strings.Contains(got, "jane") || !strings.Contains(got, "Recipient address rejected") {
		t.Fatalf("got %q, want the address gone and the reason kept", got)
	}
}

func TestTrustedProxies(t *testing.T) {
	c, err := loadConfig(env(map[string]string{"DATA_DIR": t.TempDir(), "TRUST_PROXY": "1"}))
	if err != nil || !c.TrustProxy || c.TrustedProxies != nil {
		t.Fatalf("got %v, %v, %v; want trust with the default ranges", c.TrustProxy, c.TrustedProxies, err)
	}
	c, err = loadConfig(env(map[string]string{"DATA_DIR": t.TempDir(), "TRUSTED_PROXIES": " 10.0.0.0/8, 192.0.2.10 ,fd00::/8"}))
	if err != nil || !c.TrustProxy || strings.Join(c.TrustedProxies, " ") != "10.0.0.0/8 192.0.2.10 fd00::/8" {
		t.Fatalf("got %v, %v, %v; want the three proxies trusted", c.TrustProxy, c.TrustedProxies, err)
	}
}

func TestDecisionLimits(t *testing.T) {
	c, err := loadConfig(env(map[string]string{"DATA_DIR": t.TempDir()}))
	if err != nil || c.EstimateLimit != 0 || c.PagesLimit != 0 {
		t.Fatalf("got %d, %d, %v; want the server's defaults", c.EstimateLimit, c.PagesLimit, err)
	}
	c, err = loadConfig(env(map[string]string{"DATA_DIR": t.TempDir(), "ESTIMATE_LIMIT": "12", "PAGES_LIMIT": "0"}))
	if err != nil || c.EstimateLimit != 12 || c.PagesLimit >= 0 {
		t.Fatalf("got %d, %d, %v; want 12 and no limit", c.EstimateLimit, c.PagesLimit, err)
	}
}

func TestFunnelVariant(t *testing.T) {
	c, err := loadConfig(env(map[string]string{"DATA_DIR": t.TempDir()}))
	if err != nil || c.FunnelVariant != "standard" || c.WaitlistLimit != 0 {
		t.Fatalf("got %q, %d, %v; want the standard funnel and the default waitlist limit", c.FunnelVariant, c.WaitlistLimit, err)
	}
	c, err = loadConfig(env(map[string]string{"DATA_DIR": t.TempDir(), "FUNNEL_VARIANT": "withoutPropertyUsage", "WAITLIST_LIMIT": "3"}))
	if err != nil || c.FunnelVariant != "withoutPropertyUsage" || c.WaitlistLimit != 3 {
		t.Fatalf("got %q, %d, %v", c.FunnelVariant, c.WaitlistLimit, err)
	}
	if _, err := loadConfig(env(map[string]string{"DATA_DIR": t.TempDir(), "FUNNEL_VARIANT": "no such"})); err == nil {
		t.Fatal("a malformed variant was accepted")
	}
	engine, err := policy.Load(t.Context(), rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []string{"standard", "withoutPropertyUsage"} {
		if err := checkFunnelVariant(t.Context(), engine, v); err != nil {
			t.Errorf("%s: %v", v, err)
		}
	}
	if err := checkFunnelVariant(t.Context(), engine, "withoutZip"); err == nil || !strings.Contains(err.Error(), "standard, withoutPropertyUsage") {
		t.Fatalf("got %v, want the page table's variants named", err)
	}
}

func TestPublicURLIsKeptAsSchemeAndHost(t *testing.T) {
	c, err := loadConfig(env(map[string]string{"DATA_DIR": t.TempDir(), "PUBLIC_URL": "https://HELOC.example.com:8443/"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.PublicURL != "https://heloc.example.com:8443" {
		t.Fatalf("got %q, want the scheme and host, lower case, without the slash", c.PublicURL)
	}
}
