package main

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pquerna/otp/totp"
)

func TestAdminCreate(t *testing.T) {
	t.Setenv("DATA_DIR", t.TempDir())
	t.Setenv("DATABASE_URL", "")
	t.Setenv("SESSION_SECRET", "")
	t.Setenv("APP_ENV", "")
	ctx := context.Background()
	args := []string{"create", "--email", "Ada@Example.com", "--first-name", "Ada", "--last-name", "Admin", "--password-stdin", "--json"}

	var out strings.Builder
	if err := adminCommand(ctx, args, strings.NewReader("a long admin password\n"), &out); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Email, Role, TotpSecret, OtpauthURL string
		RecoveryCodes                       []string
	}
	if err := json.Unmarshal([]byte(out.String()), &got); err != nil {
		t.Fatalf("got %q: %v", out.String(), err)
	}
	if got.Email != "ada@example.com" || got.Role != "administrator" || len(got.RecoveryCodes) != 10 ||
		!strings.HasPrefix(got.OtpauthURL, "otpauth://totp/") {
		t.Fatalf("got %+v, want an administrator with an authenticator and 10 recovery codes", got)
	}
	if _, err := totp.GenerateCode(got.TotpSecret, time.Now()); err != nil {
		t.Fatalf("got secret %q: %v, want a usable TOTP secret", got.TotpSecret, err)
	}

	tests := []struct {
		name  string
		args  []string
		stdin string
		want  string
	}{
		{"the same e-mail twice", args, "another long password\n", "already exists"},
		{"a short password", []string{"create", "--email", "b@example.com", "--first-name", "B", "--last-name", "C", "--password-stdin"}, "short\n", "at least 8"},
		{"an unknown role", []string{"create", "--email", "c@example.com", "--first-name", "C", "--last-name", "D", "--role", "god"}, "x\n", "not a portal role"},
		{"a missing name", []string{"create", "--email", "d@example.com"}, "x\n", "required"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out strings.Builder
			err := adminCommand(ctx, tt.args, strings.NewReader(tt.stdin), &out)
			if err == nil || !regexp.MustCompile(tt.want).MatchString(err.Error()) {
				t.Fatalf("got %v, want an error about %q", err, tt.want)
			}
			if strings.Contains(out.String()+errString(err), strings.TrimSpace(tt.stdin)) && len(tt.stdin) > 3 {
				t.Fatalf("got the password echoed: %q", out.String())
			}
		})
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// The roles `heloc admin create` accepts are the access policy's, as the
// server's: any of them, and an unknown one is refused naming them.
func TestAdminCreateTakesTheRolesOfTheAccessPolicy(t *testing.T) {
	t.Setenv("DATA_DIR", t.TempDir())
	t.Setenv("DATABASE_URL", "")
	t.Setenv("SESSION_SECRET", "")
	t.Setenv("APP_ENV", "")
	ctx := context.Background()
	args := []string{"create", "--email", "pat@example.com", "--first-name", "Pat", "--last-name", "Partner", "--role", "partner", "--password-stdin", "--json"}
	var out strings.Builder
	if err := adminCommand(ctx, args, strings.NewReader("a long partner password\n"), &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), `"role":"partner"`) {
		t.Fatalf("got %s, want a partner", out.String())
	}
	err := adminCommand(ctx, []string{"create", "--email", "q@example.com", "--first-name", "Q", "--last-name", "R", "--role", "auditor"}, strings.NewReader("x\n"), &out)
	if err == nil || !strings.Contains(err.Error(), "administrator") || !strings.Contains(err.Error(), "loanOfficer") {
		t.Fatalf("got %v, want the unknown role refused, naming the policy's roles", err)
	}
}
