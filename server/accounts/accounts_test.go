package accounts_test

import (
	"bytes"
	"context"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/pquerna/otp/totp"

	"github.com/heloc/heloc/server/accounts"
	"github.com/heloc/heloc/server/crypt"
	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/mail"
	"github.com/heloc/heloc/server/store"
)

type fixture struct {
	svc    *accounts.Service
	db     *store.DB
	outbox *mail.Outbox
	now    *time.Time
}

func mustOpen(t *testing.T) fixture {
	t.Helper()
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "a.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	keyring, err := crypt.NewKeyring("k1", map[string][]byte{"k1": bytes.Repeat([]byte{1}, 32)})
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	outbox := mail.NewOutbox(0)
	svc := accounts.New(db, outbox, keyring, []byte("secret"), "Keystone", func() time.Time { return now })
	return fixture{svc: svc, db: db, outbox: outbox, now: &now}
}

var sixDigits = regexp.MustCompile(`\b(\d{6})\b`)

func TestApplicantCodeMail(t *testing.T) {
	f := mustOpen(t)
	ctx := context.Background()
	if err := f.svc.CreateApplicant(ctx, &domain.Applicant{Email: "a@example.com", FirstName: "A", LastName: "B"}, ""); err != nil {
		t.Fatal(err)
	}
	m, ok := f.outbox.Latest("a@example.com")
	if !ok || m.Subject != "Your Keystone sign-in code" {
		t.Fatalf("got %+v, want the sign-in mail", m)
	}
	code := sixDigits.FindString(m.Text)
	if code == "" || !regexp.MustCompile(`expires in 10 minutes`).MatchString(m.Text) {
		t.Fatalf("got %q, want a 6-digit code and its lifetime", m.Text)
	}
	if _, err := f.svc.SignInApplicantWithCode(ctx, "A@example.com", code); err != nil {
		t.Fatalf("got %v, want the code to sign in", err)
	}
	if _, err := f.svc.SignInApplicantWithCode(ctx, "a@example.com", code); domain.ErrorCode(err) != domain.EUNAUTHORIZED {
		t.Fatalf("got %v, want a used code refused", err)
	}
}

func TestUnknownEmailGetsNoMail(t *testing.T) {
	f := mustOpen(t)
	if err := f.svc.SendApplicantCode(context.Background(), "nobody@example.com"); err != nil {
		t.Fatal(err)
	}
	if len(f.outbox.Messages()) != 0 {
		t.Fatal("got mail to an unknown address, want none")
	}
	_, err := f.svc.SignInApplicantWithCode(context.Background(), "nobody@example.com", "123456")
	if domain.ErrorCode(err) != domain.EUNAUTHORIZED {
		t.Fatalf("got %v, want UNAUTHORIZED", err)
	}
}

func TestStaffSecondFactor(t *testing.T) {
	f := mustOpen(t)
	ctx := context.Background()
	e, err := f.svc.EnrolStaffUser(ctx, &domain.StaffUser{Email: "Ada@Example.com", FirstName: "Ada", LastName: "A", Role: domain.RoleAdministrator}, "long enough pw")
	if err != nil {
		t.Fatal(err)
	}
	if len(e.RecoveryCodes) != accounts.RecoveryCodeCount || !regexp.MustCompile(`^[a-z2-9]{5}-[a-z2-9]{5}$`).MatchString(e.RecoveryCodes[0]) {
		t.Fatalf("got %v, want 10 codes like xxxxx-xxxxx", e.RecoveryCodes)
	}
	_, sec, _ := f.db.FindStaffUserByEmail(ctx, "ada@example.com")
	if bytes.Contains([]byte(sec.TOTPSecret), []byte(e.TOTPSecret)) {
		t.Fatal("got the authenticator secret stored in clear, want it sealed")
	}

	tests := []struct {
		name string
		pw   string
		code func() string
		want error
	}{
		{"wrong password", "wrong password", func() string { return "" }, nil},
		{"right password, no code", "long enough pw", func() string { return "" }, accounts.ErrSecondFactor},
		{"a code from the step before (clock drift)", "long enough pw", func() string {
			c, _ := totp.GenerateCode(e.TOTPSecret, f.now.Add(-30*time.Second))
			return c
		}, nil},
		{"a code from two steps ago", "long enough pw", func() string {
			*f.now = f.now.Add(5 * time.Minute)
			c, _ := totp.GenerateCode(e.TOTPSecret, f.now.Add(-60*time.Second))
			return c
		}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := f.svc.SignInStaff(ctx, "ada@example.com", tt.pw, tt.code())
			switch {
			case tt.name == "a code from the step before (clock drift)":
				if err != nil {
					t.Fatalf("got %v, want accepted", err)
				}
			case tt.want != nil:
				if !accounts.IsSecondFactorRequired(err) {
					t.Fatalf("got %v, want the second factor asked for", err)
				}
			default:
				if domain.ErrorCode(err) != domain.EUNAUTHORIZED || accounts.IsSecondFactorRequired(err) {
					t.Fatalf("got %v, want a plain sign-in refusal", err)
				}
			}
		})
	}
}

func TestCommonPasswordRefused(t *testing.T) {
	f := mustOpen(t)
	err := f.svc.CreateApplicant(context.Background(), &domain.Applicant{Email: "p@example.com", FirstName: "P", LastName: "Q"}, "password1")
	if fields := domain.ErrorFields(err); len(fields) != 1 || fields[0].Path != "password" {
		t.Fatalf("got %v, want the password field refused", err)
	}
	if _, err := f.db.FindApplicantByEmail(context.Background(), "p@example.com"); domain.ErrorCode(err) != domain.ENOTFOUND {
		t.Fatal("got an account made despite the refused password")
	}
}

// The consents given with a new account are recorded with it; an e-mail
// that has an account already gets a code and no record, since whoever
// typed it need not be its owner.
func TestApplicantConsentsAreRecordedForANewAccountOnly(t *testing.T) {
	f := mustOpen(t)
	ctx := context.Background()
	given := []domain.ConsentRecord{
		{Kind: "eConsent", Version: "esign-2026-11", ClientIP: "198.51.100.4", UserAgent: "Safari"},
		{Kind: "informationSharing", Version: "sharing-2026-11", ClientIP: "198.51.100.4", UserAgent: "Safari"},
	}
	if err := f.svc.CreateApplicant(ctx, &domain.Applicant{Email: "c@example.com", FirstName: "C", LastName: "D"}, "", given...); err != nil {
		t.Fatal(err)
	}
	if err := f.svc.CreateApplicant(ctx, &domain.Applicant{Email: "c@example.com", FirstName: "X", LastName: "Y"}, "",
		domain.ConsentRecord{Kind: "tcpa", Version: "tcpa-2026-11", ClientIP: "192.0.2.1", UserAgent: "other"}); err != nil {
		t.Fatal(err)
	}
	a, err := f.db.FindApplicantByEmail(ctx, "c@example.com")
	if err != nil {
		t.Fatal(err)
	}
	got, err := f.db.ListConsents(ctx, a.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Kind != "eConsent" || got[1].Kind != "informationSharing" || got[0].ClientIP != "198.51.100.4" || time.Since(got[0].At) > time.Minute {
		t.Fatalf("got %+v, want the two consents of the new account", got)
	}
}
