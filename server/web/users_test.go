package web_test

import (
	"encoding/json"
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pquerna/otp/totp"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/web"
)

var inviteLinkPattern = regexp.MustCompile(`(http://[^\s]+)/portal/invite\?token=([A-Za-z0-9_-]{43})`)

// inviteToken returns the token of the newest link mailed to email.
func (s *testServer) inviteToken(t testing.TB, email string) string {
	t.Helper()
	m, ok := s.Outbox.Latest(email)
	if !ok {
		t.Fatalf("got no mail to %s, want an invitation", email)
	}
	match := inviteLinkPattern.FindStringSubmatch(m.Text)
	if match == nil || match[1] != s.URL {
		t.Fatalf("got mail %q, want a link to %s/portal/invite", m.Text, s.URL)
	}
	return match[2]
}

// invite has admin invite email with role and returns the link's token.
func (s *testServer) invite(t testing.TB, admin *browser, email, role string) string {
	t.Helper()
	in, _ := json.Marshal(map[string]string{"email": email, "firstName": "Lou", "lastName": "Officer", "role": role})
	if _, res := admin.trpc("POST", "users.invite", string(in)); res.Error != nil {
		t.Fatalf("users.invite: got %+v", res.Error)
	}
	return s.inviteToken(t, email)
}

// usersData decodes a procedure's answer, failing on an error.
func usersData[T any](t testing.TB, proc string, res wireResult) T {
	t.Helper()
	if res.Error != nil {
		t.Fatalf("%s: got %+v, want an answer", proc, res.Error)
	}
	var v T
	if err := json.Unmarshal(res.Result.Data, &v); err != nil {
		t.Fatalf("%s: decode %s: %v", proc, res.Result.Data, err)
	}
	return v
}

// usersWantError checks that res is the tRPC error code with message (any
// message when "") or, for BAD_REQUEST, a field error at field.
func usersWantError(t testing.TB, res wireResult, code, field string) {
	t.Helper()
	if res.Error == nil || res.Error.Data.Code != code {
		t.Fatalf("got %+v, want %s", res, code)
	}
	if field != "" && (len(res.Error.Data.Fields) != 1 || res.Error.Data.Fields[0].Path != field) {
		t.Fatalf("got %+v, want one error at %s", res.Error.Data.Fields, field)
	}
}

type authOffer struct {
	TOTPSecret string `json:"totpSecret"`
	OTPAuthURL string `json:"otpauthUrl"`
	QRCode     string `json:"qrCode"`
}

// accept offers an authenticator on the invite page and accepts with pw,
// returning the secret and the recovery codes.
func acceptInvite(t testing.TB, b *browser, token, pw string) (string, []string) {
	t.Helper()
	o := usersData[authOffer](t, "invite.authenticator", usersRes(b.trpc("POST", "invite.authenticator", `{"token":"`+token+`"}`)))
	code, _ := totp.GenerateCode(o.TOTPSecret, time.Now())
	in, _ := json.Marshal(map[string]string{"token": token, "password": pw, "otpCode": code})
	got := usersData[struct {
		RecoveryCodes []string `json:"recoveryCodes"`
	}](t, "invite.accept", usersRes(b.trpc("POST", "invite.accept", string(in))))
	return o.TOTPSecret, got.RecoveryCodes
}

func usersRes[A, B any](_ A, b B) B { return b }

// signInPortal signs in with a code of the next time step, since the
// step that proved the enrolment is spent.
func (b *browser) signInPortal(email, pw, secret string) (int, authAnswer) {
	b.t.Helper()
	code, _ := totp.GenerateCode(secret, time.Now().Add(30*time.Second))
	resp, a := b.form(portalAuth, "callback/credentials", url.Values{"email": {email}, "password": {pw}, "otpCode": {code}}, nil)
	return resp.StatusCode, a
}

func usersAuditLog(t testing.TB, admin *browser, filter string) []domain.AuditEntry {
	t.Helper()
	return usersData[struct {
		Items []domain.AuditEntry `json:"items"`
	}](t, "audit.list", usersRes(admin.trpc("GET", "audit.list", filter))).Items
}

// An administrator invites a loan officer: the e-mailed link lets them
// choose a password and enrol an authenticator, once; they sign in. A
// deactivation ends their session at once; a second-factor reset signs
// them out and mails a link to enrol a new authenticator. Each change is
// in the audit log.
func TestInvitationEnrolmentAndUserManagement(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	const adminPW, loPW = "staff password 1", "loan officer passphrase"
	e := s.enrol(t, "ada@example.com", domain.RoleAdministrator, adminPW)
	admin := s.browser(t)
	admin.signInStaff(e, adminPW)

	in := `{"email":"Lou@Example.com","firstName":"Lou","lastName":"Officer","role":"loanOfficer","loanOfficerTag":"lou-1"}`
	lou := usersData[domain.StaffUser](t, "users.invite", usersRes(admin.trpc("POST", "users.invite", in)))
	if lou.Email != "lou@example.com" || lou.Enrolment != domain.EnrolmentInvited || lou.LoanOfficerTag != "lou-1" || !lou.Active {
		t.Fatalf("got %+v, want an invited, active loan officer with the tag", lou)
	}
	token := s.inviteToken(t, "lou@example.com")
	b := s.browser(t)

	t.Run("the invited user cannot sign in yet", func(t *testing.T) {
		if status, a := b.signInPortal("lou@example.com", loPW, "JBSWY3DPEHPK3PXP"); status != 401 || a.Error != "CredentialsSignin" {
			t.Fatalf("got %d %+v, want CredentialsSignin", status, a)
		}
	})

	t.Run("the same e-mail cannot be invited twice", func(t *testing.T) {
		usersWantError(t, usersRes(admin.trpc("POST", "users.invite", in)), "CONFLICT", "")
	})

	t.Run("the link names the invitee", func(t *testing.T) {
		got := usersData[map[string]any](t, "invite.get", usersRes(b.trpc("GET", "invite.get", `{"token":"`+token+`"}`)))
		if got["email"] != "lou@example.com" || got["purpose"] != "invite" || got["firstName"] != "Lou" {
			t.Fatalf("got %v, want Lou's invitation", got)
		}
		usersWantError(t, usersRes(b.trpc("GET", "invite.get", `{"token":"`+strings.Repeat("a", 43)+`"}`)), "NOT_FOUND", "")
	})

	var secret string
	var codes []string
	t.Run("a wrong code or a weak password is refused, then the enrolment completes", func(t *testing.T) {
		o := usersData[authOffer](t, "invite.authenticator", usersRes(b.trpc("POST", "invite.authenticator", `{"token":"`+token+`"}`)))
		if !strings.HasPrefix(o.QRCode, "data:image/png;base64,") || !strings.HasPrefix(o.OTPAuthURL, "otpauth://totp/") {
			t.Fatalf("got %+v, want a QR code and an otpauth URL", o)
		}
		usersWantError(t, usersRes(b.trpc("POST", "invite.accept", `{"token":"`+token+`","password":"`+loPW+`","otpCode":"000000"}`)), "BAD_REQUEST", "otpCode")
		code, _ := totp.GenerateCode(o.TOTPSecret, time.Now())
		usersWantError(t, usersRes(b.trpc("POST", "invite.accept", `{"token":"`+token+`","password":"password","otpCode":"`+code+`"}`)), "BAD_REQUEST", "password")
		secret, codes = acceptInvite(t, b, token, loPW)
		if len(codes) != 10 {
			t.Fatalf("got %d recovery codes, want 10", len(codes))
		}
	})

	t.Run("the link works once", func(t *testing.T) {
		usersWantError(t, usersRes(b.trpc("GET", "invite.get", `{"token":"`+token+`"}`)), "NOT_FOUND", "")
		usersWantError(t, usersRes(b.trpc("POST", "invite.authenticator", `{"token":"`+token+`"}`)), "NOT_FOUND", "")
	})

	t.Run("the loan officer signs in", func(t *testing.T) {
		if status, a := b.signInPortal("lou@example.com", loPW, secret); status != 200 {
			t.Fatalf("got %d %+v, want signed in", status, a)
		}
		if got := b.session(portalAuth); got["user"] == nil {
			t.Fatalf("got session %v, want the loan officer", got)
		}
	})

	t.Run("an administrator changes the role and the tag", func(t *testing.T) {
		u := usersData[domain.StaffUser](t, "users.setRole", usersRes(admin.trpc("POST", "users.setRole", `{"userId":"`+lou.ID+`","role":"partner"}`)))
		if u.Role != "partner" || u.Enrolment != domain.EnrolmentComplete {
			t.Fatalf("got %+v, want an enrolled partner", u)
		}
		u = usersData[domain.StaffUser](t, "users.setTag", usersRes(admin.trpc("POST", "users.setTag", `{"userId":"`+lou.ID+`","loanOfficerTag":"broker-7"}`)))
		if u.LoanOfficerTag != "broker-7" {
			t.Fatalf("got %+v, want the new tag", u)
		}
		usersWantError(t, usersRes(admin.trpc("POST", "users.setTag", `{"userId":"`+lou.ID+`","loanOfficerTag":"a tag"}`)), "BAD_REQUEST", "loanOfficerTag")
	})

	t.Run("nobody deactivates, demotes or resets themselves", func(t *testing.T) {
		usersWantError(t, usersRes(admin.trpc("POST", "users.setActive", `{"userId":"`+e.User.ID+`","active":false}`)), "FORBIDDEN", "")
		usersWantError(t, usersRes(admin.trpc("POST", "users.setRole", `{"userId":"`+e.User.ID+`","role":"partner"}`)), "FORBIDDEN", "")
		usersWantError(t, usersRes(admin.trpc("POST", "users.resetSecondFactor", `{"userId":"`+e.User.ID+`"}`)), "FORBIDDEN", "")
	})

	t.Run("a deactivation ends the session at once", func(t *testing.T) {
		u := usersData[domain.StaffUser](t, "users.setActive", usersRes(admin.trpc("POST", "users.setActive", `{"userId":"`+lou.ID+`","active":false}`)))
		if u.Active {
			t.Fatalf("got %+v, want inactive", u)
		}
		if got := b.session(portalAuth); len(got) != 0 {
			t.Fatalf("got session %v, want none", got)
		}
		if status, _ := b.signInPortal("lou@example.com", loPW, secret); status != 401 {
			t.Fatalf("got %d, want a deactivated user refused", status)
		}
		usersData[domain.StaffUser](t, "users.setActive", usersRes(admin.trpc("POST", "users.setActive", `{"userId":"`+lou.ID+`","active":true}`)))
		// Signed in again with a recovery code: the authenticator's next
		// step is spent.
		resp, a := b.form(portalAuth, "callback/credentials", url.Values{"email": {"lou@example.com"}, "password": {loPW}, "otpCode": {codes[0]}}, nil)
		if resp.StatusCode != 200 {
			t.Fatalf("got %d %+v, want the reactivated user signed in with a recovery code", resp.StatusCode, a)
		}
	})

	t.Run("a second-factor reset signs the user out and mails a new enrolment link", func(t *testing.T) {
		b2 := s.browser(t)
		u := usersData[domain.StaffUser](t, "users.resetSecondFactor", usersRes(admin.trpc("POST", "users.resetSecondFactor", `{"userId":"`+lou.ID+`"}`)))
		if u.Enrolment != domain.EnrolmentSecondFactorReset {
			t.Fatalf("got %+v, want the second factor reset", u)
		}
		if got := b.session(portalAuth); len(got) != 0 {
			t.Fatalf("got session %v, want it ended by the reset", got)
		}
		resp, a := b2.form(portalAuth, "callback/credentials", url.Values{"email": {"lou@example.com"}, "password": {loPW}, "otpCode": {codes[1]}}, nil)
		if resp.StatusCode != 401 || a.Error != "SecondFactorReset" {
			t.Fatalf("got %d %+v, want a recovery code refused after the reset", resp.StatusCode, a)
		}
		status, a := b2.signInPortal("lou@example.com", loPW, secret)
		if status != 401 || a.Error != "SecondFactorReset" || !strings.Contains(a.Message, "authenticator was reset") {
			t.Fatalf("got %d %+v, want the user told to follow the e-mailed link", status, a)
		}
		token := s.inviteToken(t, "lou@example.com")
		got := usersData[map[string]any](t, "invite.get", usersRes(b2.trpc("GET", "invite.get", `{"token":"`+token+`"}`)))
		if got["purpose"] != "reenrol" {
			t.Fatalf("got %v, want a re-enrolment", got)
		}
		usersData[authOffer](t, "invite.authenticator", usersRes(b2.trpc("POST", "invite.authenticator", `{"token":"`+token+`"}`)))
		usersWantError(t, usersRes(b2.trpc("POST", "invite.accept", `{"token":"`+token+`","password":"not the password","otpCode":"123456"}`)), "BAD_REQUEST", "password")
		secret, _ = acceptInvite(t, b2, token, loPW)
		if status, a := b2.signInPortal("lou@example.com", loPW, secret); status != 200 {
			t.Fatalf("got %d %+v, want signed in with the new authenticator", status, a)
		}
	})

	t.Run("every change is in the audit log, newest first", func(t *testing.T) {
		var got []string
		for _, e := range usersAuditLog(t, admin, `{"actor":"ada@example.com"}`) {
			got = append(got, e.Action+" "+e.Subject)
		}
		want := []string{
			"users.resetSecondFactor lou@example.com", "users.setActive lou@example.com", "users.setActive lou@example.com",
			"users.setTag lou@example.com", "users.setRole lou@example.com", "users.invite lou@example.com",
		}
		if strings.Join(got, ",") != strings.Join(want, ",") {
			t.Fatalf("got %v, want %v", got, want)
		}
		own := usersAuditLog(t, admin, `{"actor":"lou@example.com"}`)
		if len(own) != 2 || own[0].Action != "users.reenrol" || own[1].Action != "users.acceptInvite" || own[1].ActorRole != "loanOfficer" {
			t.Fatalf("got %+v, want the acceptance and the re-enrolment by Lou", own)
		}
		today := time.Now().UTC().Format(time.DateOnly)
		if n := len(usersAuditLog(t, admin, fmt.Sprintf(`{"action":"users.setActive","from":%q,"to":%q}`, today, today))); n != 2 {
			t.Fatalf("got %d deactivations and reactivations today, want 2", n)
		}
		if n := len(usersAuditLog(t, admin, `{"to":"2000-01-01"}`)); n != 0 {
			t.Fatalf("got %d entries before 2000, want none", n)
		}
	})

	t.Run("only a role with audit.read reads the audit log", func(t *testing.T) {
		usersWantError(t, usersRes(b.trpc("GET", "audit.list", `{}`)), "UNAUTHORIZED", "")
	})
}

// The audit log pages by keyset: each page's next gives the one after it.
func TestAuditListPages(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	const pw = "staff password 1"
	e := s.enrol(t, "ada@example.com", domain.RoleAdministrator, pw)
	admin := s.browser(t)
	admin.signInStaff(e, pw)
	for i := range 5 {
		s.invite(t, admin, fmt.Sprintf("u%d@example.com", i), "processor")
	}
	var seen []string
	after := ""
	for range 4 {
		page := usersData[struct {
			Items   []domain.AuditEntry `json:"items"`
			Next    string              `json:"next"`
			Actions []string            `json:"actions"`
		}](t, "audit.list", usersRes(admin.trpc("GET", "audit.list", `{"limit":2,"action":"users.invite"`+after+`}`)))
		for _, e := range page.Items {
			seen = append(seen, e.Subject)
		}
		if strings.Join(page.Actions, ",") != "users.invite" {
			t.Fatalf("got actions %v, want users.invite", page.Actions)
		}
		if page.Next == "" {
			break
		}
		after = `,"after":"` + page.Next + `"`
	}
	if want := "u4@example.com,u3@example.com,u2@example.com,u1@example.com,u0@example.com"; strings.Join(seen, ",") != want {
		t.Fatalf("got %v, want %s", seen, want)
	}
}
