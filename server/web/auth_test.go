package web_test

import (
	"context"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/web"
	"github.com/pquerna/otp/totp"
)

// Signing in and what it lets through: creating an account, the applicant's
// code and password, the portal's password and TOTP, the guards of each
// realm, and the limits on guessing and on account creation. The test
// browser these use is in browser_test.go.

func TestApplicantSignUpSignOutSignIn(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	b := s.browser(t)
	if got := b.session(applicantAuth); len(got) != 0 {
		t.Fatalf("got session %v, want {} before sign-in", got)
	}

	resp, res := b.trpc("POST", "identity.createAccount", `{"email":"Nia.Ng@example.com","firstName":"Nia","lastName":"Ng","phone":"4155550100",`+agreedWithCalls+`}`)
	if resp.StatusCode != 200 || !strings.Contains(string(res.Result.Data), `"codeSent":true`) {
		t.Fatalf("create account: got %d %+v", resp.StatusCode, res.Error)
	}
	if a, err := s.DB.FindApplicantByEmail(context.Background(), "nia.ng@example.com"); err != nil || a.TCPAConsent == nil || a.TCPAConsent.Version == "" {
		t.Fatalf("got %+v, %v; want the consent to calls and texts recorded", a, err)
	}
	code := s.latestCode(t, "nia.ng@example.com")
	resp2, a := b.form(applicantAuth, "callback/otp", url.Values{"email": {"nia.ng@example.com"}, "otpCode": {code}, "callbackUrl": {"/app/initial-setup/property-value"}}, nil)
	if resp2.StatusCode != 200 || a.URL != s.URL+"/app/initial-setup/property-value" {
		t.Fatalf("got %d %+v, want 200 and the callback URL", resp2.StatusCode, a)
	}
	sess := b.session(applicantAuth)
	user, _ := sess["user"].(map[string]any)
	if user["email"] != "nia.ng@example.com" || user["name"] != "Nia Ng" || user["phone"] != "4155550100" || sess["expires"] == nil {
		t.Fatalf("got session %v, want Nia Ng signed in", sess)
	}
	_, loan := b.trpc("GET", "loan.current", "")
	if loan.Result == nil || !strings.Contains(string(loan.Result.Data), `"applicationStatus":"propertyValue"`) {
		t.Fatalf("got %s, want the new loan at the first prequalification step", loan.Result.Data)
	}

	if resp, a := b.form(applicantAuth, "signout", url.Values{}, nil); resp.StatusCode != 200 || a.URL != s.URL+"/" {
		t.Fatalf("sign out: got %d %+v", resp.StatusCode, a)
	}
	if got := b.session(applicantAuth); len(got) != 0 {
		t.Fatalf("got session %v, want {} after sign-out", got)
	}

	b.signIn("NIA.NG@example.com")
	if user, _ := b.session(applicantAuth)["user"].(map[string]any); user["email"] != "nia.ng@example.com" {
		t.Fatalf("got %v, want signed back in", user)
	}
}

func TestCreateAccountForAKnownEmailOnlyMailsACode(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	b := s.browser(t)
	resp, res := b.trpc("POST", "identity.createAccount", `{"email":"prime@example.com","firstName":"Mallory","lastName":"X","phone":null,`+agreed+`}`)
	if resp.StatusCode != 200 || !strings.Contains(string(res.Result.Data), `"codeSent":true`) {
		t.Fatalf("got %d %+v, want the same answer as for a new account", resp.StatusCode, res.Error)
	}
	a, err := s.DB.FindApplicantByEmail(context.Background(), "prime@example.com")
	if err != nil || a.FirstName != "Olivia" {
		t.Fatalf("got %+v, %v; want the account unchanged", a, err)
	}
	s.latestCode(t, "prime@example.com")
}

func TestCreateAccountValidatesEachField(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	b := s.browser(t)
	_, res := b.trpc("POST", "identity.createAccount", `{"email":"not-an-email","firstName":" ","lastName":"Ng","phone":"123","password":"password1",`+agreed+`}`)
	if res.Error == nil || res.Error.Data.Code != "BAD_REQUEST" {
		t.Fatalf("got %+v, want BAD_REQUEST", res)
	}
	paths := map[string]bool{}
	for _, f := range res.Error.Data.Fields {
		paths[f.Path] = true
	}
	for _, want := range []string{"email", "firstName", "phone"} {
		if !paths[want] {
			t.Errorf("got fields %+v, want one at %s", res.Error.Data.Fields, want)
		}
	}
	_, res = b.trpc("POST", "identity.createAccount", `{"email":"pw@example.com","firstName":"P","lastName":"W","phone":null,"password":"password123",`+agreed+`}`)
	if res.Error == nil || len(res.Error.Data.Fields) != 1 || res.Error.Data.Fields[0].Path != "password" {
		t.Fatalf("got %+v, want a common password refused at the password field", res.Error)
	}
}

func TestApplicantPassword(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	b := s.browser(t)
	b.signIn("prime@example.com")
	if resp, res := b.trpc("POST", "identity.setPassword", `{"password":"Correct horse 42"}`); resp.StatusCode != 200 {
		t.Fatalf("set password: got %d %+v", resp.StatusCode, res.Error)
	}
	other := s.browser(t)
	if resp, a := other.form(applicantAuth, "callback/password", url.Values{"email": {"prime@example.com"}, "password": {"wrong password"}}, nil); resp.StatusCode != 401 || a.Error != "CredentialsSignin" {
		t.Fatalf("got %d %+v, want 401 CredentialsSignin", resp.StatusCode, a)
	}
	if resp, a := other.form(applicantAuth, "callback/password", url.Values{"email": {"prime@example.com"}, "password": {"Correct horse 42"}}, nil); resp.StatusCode != 200 {
		t.Fatalf("got %d %+v, want signed in", resp.StatusCode, a)
	}
}

func TestPortalSignInWithPasswordAndTOTP(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	const pw = "staff password 1"
	e := s.enrol(t, "ada@example.com", domain.RoleAdministrator, pw)
	b := s.browser(t)

	resp, a := b.form(portalAuth, "callback/credentials", url.Values{"email": {"ada@example.com"}, "password": {pw}}, nil)
	// The code still to come is the sign-in's next step, not a refusal: 200, not ok.
	if resp.StatusCode != 200 || a.Error != "SecondFactorRequired" || *a.OK {
		t.Fatalf("got %d %+v, want 200 SecondFactorRequired, not ok", resp.StatusCode, a)
	}
	resp, a = b.form(portalAuth, "callback/credentials", url.Values{"email": {"ada@example.com"}, "password": {pw}, "otpCode": {"000000"}}, nil)
	if resp.StatusCode != 401 || a.Error != "CredentialsSignin" || *a.OK || a.Status != 401 || !strings.Contains(a.URL, "/portal/login?error=CredentialsSignin") {
		t.Fatalf("got %d %+v, want 401 CredentialsSignin in the sign-in result shape", resp.StatusCode, a)
	}
	b.signInStaff(e, pw)
	user, _ := b.session(portalAuth)["user"].(map[string]any)
	if user["role"] != "administrator" || user["email"] != "ada@example.com" {
		t.Fatalf("got %v, want the administrator", user)
	}
	if resp, res := b.trpc("GET", "users.list", ""); resp.StatusCode != 200 || !strings.Contains(string(res.Result.Data), "ada@example.com") {
		t.Fatalf("got %d %+v, want the users", resp.StatusCode, res)
	}

	t.Run("a TOTP code works once", func(t *testing.T) {
		// The code of now: the sign-in above used it already, unless its
		// 30 seconds turned over since; either way, once it has worked,
		// sent again it is refused.
		code, _ := totp.GenerateCode(e.TOTPSecret, time.Now())
		var got []int
		for range 2 {
			resp, _ := s.browser(t).form(portalAuth, "callback/credentials", url.Values{"email": {"ada@example.com"}, "password": {pw}, "otpCode": {code}}, nil)
			got = append(got, resp.StatusCode)
		}
		if got[1] != 401 || (got[0] != 200 && got[0] != 401) {
			t.Fatalf("got %v, want a code that worked refused when sent again", got)
		}
	})
	t.Run("a recovery code works once", func(t *testing.T) {
		rc := e.RecoveryCodes[0]
		for i, want := range []int{200, 401} {
			resp, a := s.browser(t).form(portalAuth, "callback/credentials", url.Values{"email": {"ada@example.com"}, "password": {pw}, "otpCode": {rc}}, nil)
			if resp.StatusCode != want {
				t.Fatalf("use %d: got %d %+v, want %d", i+1, resp.StatusCode, a, want)
			}
		}
	})
}

func TestRolesComeFromThePolicy(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	e := s.enrol(t, "pat@example.com", "partner", "partner password 1")
	b := s.browser(t)
	b.signInStaff(e, "partner password 1")
	resp, res := b.trpc("GET", "users.list", "")
	if resp.StatusCode != 403 || res.Error.Data.Code != "FORBIDDEN" {
		t.Fatalf("got %d %+v, want a partner refused the user list", resp.StatusCode, res)
	}
}

// The attacks of issue 4, each refused with its status and error shape.
func TestAuthGuards(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	tests := []struct {
		name    string
		form    url.Values
		headers map[string]string
		status  int
		error   string
	}{
		{"without X-Same-Origin", url.Values{}, map[string]string{"X-Same-Origin": ""}, 403, "AccessDenied"},
		{"from a foreign origin", url.Values{}, map[string]string{"Origin": "https://evil.example"}, 403, "AccessDenied"},
		{"without Origin", url.Values{}, map[string]string{"Origin": ""}, 403, "AccessDenied"},
		{"without a bot-check token", url.Values{}, map[string]string{"X-Recaptcha-Token": ""}, 403, "AccessDenied"},
		{"with a forged bot-check token", url.Values{}, map[string]string{"X-Recaptcha-Token": "forged"}, 403, "AccessDenied"},
		{"without a CSRF token", url.Values{"csrfToken": {""}}, nil, 403, "MissingCSRF"},
		{"with a stale CSRF token", url.Values{"csrfToken": {strings.Repeat("ab", 32)}}, nil, 403, "MissingCSRF"},
		{"with a foreign callback URL", url.Values{"callbackUrl": {"https://evil.example/"}}, nil, 400, "INVALID_CALLBACK_URL_ERROR"},
		{"with a scheme-relative callback URL", url.Values{"callbackUrl": {"//evil.example/"}}, nil, 400, "INVALID_CALLBACK_URL_ERROR"},
		{"with a malformed e-mail", url.Values{"email": {"nobody"}}, nil, 400, "CALLBACK_CREDENTIALS_HANDLER_ERROR"},
		{"with an oversized form", url.Values{"email": {strings.Repeat("a", 9000)}}, nil, 413, "CALLBACK_CREDENTIALS_HANDLER_ERROR"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := s.browser(t)
			form := url.Values{"email": {"prime@example.com"}, "otpCode": {"123456"}}
			for k, v := range tt.form {
				form[k] = v
			}
			resp, a := b.form(applicantAuth, "callback/otp", form, tt.headers)
			if resp.StatusCode != tt.status || a.Error != tt.error || a.OK == nil || *a.OK || a.Status != tt.status || a.URL == "" {
				t.Fatalf("got %d %+v, want %d %s in the sign-in result shape", resp.StatusCode, a, tt.status, tt.error)
			}
		})
	}
	t.Run("a form body that is not a form", func(t *testing.T) {
		b := s.browser(t)
		b.csrf(applicantAuth)
		resp, body := b.send("POST", applicantAuth+"/session", "application/json", `{"csrfToken":`, nil)
		if resp.StatusCode != 400 || !strings.Contains(string(body), "CALLBACK_CREDENTIALS_HANDLER_ERROR") {
			t.Fatalf("got %d %s, want 400 for malformed JSON", resp.StatusCode, body)
		}
	})
	t.Run("an unknown call", func(t *testing.T) {
		resp, body := s.browser(t).send("GET", applicantAuth+"/nothing-here", "", "", nil)
		if resp.StatusCode != 404 || !strings.Contains(string(body), "MISSING_NEXTAUTH_API_ROUTE_ERROR") {
			t.Fatalf("got %d %s, want 404 MISSING_NEXTAUTH_API_ROUTE_ERROR", resp.StatusCode, body)
		}
	})
	t.Run("an unknown provider", func(t *testing.T) {
		resp, a := s.browser(t).form(portalAuth, "callback/otp", url.Values{"email": {"a@example.com"}}, nil)
		if resp.StatusCode != 404 || a.Error != "MISSING_NEXTAUTH_API_ROUTE_ERROR" {
			t.Fatalf("got %d %+v, want the applicant's provider unknown to the portal", resp.StatusCode, a)
		}
	})
	t.Run("a CSRF token of the other realm", func(t *testing.T) {
		b := s.browser(t)
		token := b.csrf(portalAuth)
		resp, a := b.form(applicantAuth, "signout", url.Values{"csrfToken": {token}}, nil)
		if resp.StatusCode != 403 || a.Error != "MissingCSRF" {
			t.Fatalf("got %d %+v, want the portal's CSRF token refused by the applicant API", resp.StatusCode, a)
		}
	})
}

func TestNoSecret(t *testing.T) {
	s := MustOpenServer(t, web.Config{SessionSecret: []byte{}})
	resp, body := s.browser(t).send("GET", applicantAuth+"/csrf", "", "", nil)
	if resp.StatusCode != 500 || !strings.Contains(string(body), `"error":"NO_SECRET"`) {
		t.Fatalf("got %d %s, want 500 NO_SECRET", resp.StatusCode, body)
	}
}

func TestRealmsNeverMix(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	const pw = "staff password 1"
	e := s.enrol(t, "ada@example.com", domain.RoleAdministrator, pw)
	staff := s.browser(t)
	staff.signInStaff(e, pw)
	applicant := s.browser(t)
	applicant.signIn("prime@example.com")

	t.Run("a portal cookie on applicant calls", func(t *testing.T) {
		b := s.browser(t)
		setCookie(b, "heloc-applicant.session", cookieValue(staff, "heloc-portal.session"))
		if got := b.session(applicantAuth); len(got) != 0 {
			t.Fatalf("got %v, want no applicant session", got)
		}
		if resp, res := b.trpc("GET", "loan.current", ""); resp.StatusCode != 401 || res.Error.Data.Code != "UNAUTHORIZED" {
			t.Fatalf("got %d %+v, want 401", resp.StatusCode, res)
		}
		if resp, _ := staff.trpc("GET", "loan.current", ""); resp.StatusCode != 401 {
			t.Fatalf("got %d, want the signed-in staff browser to have no applicant identity", resp.StatusCode)
		}
	})
	t.Run("an applicant cookie on portal calls", func(t *testing.T) {
		b := s.browser(t)
		setCookie(b, "heloc-portal.session", cookieValue(applicant, "heloc-applicant.session"))
		if got := b.session(portalAuth); len(got) != 0 {
			t.Fatalf("got %v, want no portal session", got)
		}
		if resp, res := applicant.trpc("GET", "users.list", ""); resp.StatusCode != 401 || res.Error.Data.Code != "UNAUTHORIZED" {
			t.Fatalf("got %d %+v, want 401", resp.StatusCode, res)
		}
	})
}

func TestApplicantsReachOnlyTheirOwnLoan(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	ctx := context.Background()
	victim, _ := s.DB.FindApplicantByEmail(ctx, "prime@example.com")
	victimLoan, _ := s.DB.FindLoanByApplicant(ctx, victim.ID)
	attacker := s.browser(t)
	attacker.signIn("thin-file@example.com")

	if resp, res := attacker.trpc("GET", "loan.get", `{"loanId":"`+victimLoan.ID+`"}`); resp.StatusCode != 404 || res.Error.Data.Code != "NOT_FOUND" {
		t.Fatalf("read: got %d %+v, want 404", resp.StatusCode, res)
	}
	if after, _ := s.DB.FindLoan(ctx, victimLoan.ID); after.ApplicationStatus != victimLoan.ApplicationStatus {
		t.Fatalf("got status %q, want the victim's loan unchanged", after.ApplicationStatus)
	}
	if resp, res := attacker.trpc("GET", "quote.current", `{"email":"prime@example.com","fetchOriginationFee":true}`); resp.StatusCode != 403 || res.Error.Data.Code != "FORBIDDEN" {
		t.Fatalf("quote: got %d %+v, want 403", resp.StatusCode, res)
	}
	// A status moves only with a valid save of its page (prequal.save,
	// application.save): no call sets it directly, not even on one's own loan.
	own, _ := s.DB.FindApplicantByEmail(ctx, "thin-file@example.com")
	ownLoan, _ := s.DB.FindLoanByApplicant(ctx, own.ID)
	if resp, _ := attacker.trpc("POST", "loan.updateStatus", `{"loanId":"`+ownLoan.ID+`","applicationStatus":"applicationSubmitted"}`); resp.StatusCode != 404 {
		t.Fatalf("got %d, want no procedure that sets a status", resp.StatusCode)
	}
	if after, _ := s.DB.FindLoan(ctx, ownLoan.ID); after.ApplicationStatus != ownLoan.ApplicationStatus {
		t.Fatalf("got status %q, want %q", after.ApplicationStatus, ownLoan.ApplicationStatus)
	}
}

func TestBruteForceOnTheCode(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	b := s.browser(t)
	if resp, _ := b.form(applicantAuth, "signin/otp", url.Values{"email": {"prime@example.com"}}, nil); resp.StatusCode != 200 {
		t.Fatal(resp.StatusCode)
	}
	code := s.latestCode(t, "prime@example.com")
	wrong := "000000"
	if code == wrong {
		wrong = "111111"
	}
	for i := range 5 {
		if resp, a := b.form(applicantAuth, "callback/otp", url.Values{"email": {"prime@example.com"}, "otpCode": {wrong}}, nil); resp.StatusCode != 401 || a.Error != "CredentialsSignin" {
			t.Fatalf("try %d: got %d %+v, want 401", i+1, resp.StatusCode, a)
		}
	}
	if resp, a := b.form(applicantAuth, "callback/otp", url.Values{"email": {"prime@example.com"}, "otpCode": {code}}, nil); resp.StatusCode != 401 {
		t.Fatalf("got %d %+v, want the right code dead after 5 wrong tries", resp.StatusCode, a)
	}
	var last int
	for range 10 {
		resp, _ := b.form(applicantAuth, "callback/otp", url.Values{"email": {"prime@example.com"}, "otpCode": {wrong}}, nil)
		last = resp.StatusCode
	}
	if last != 429 {
		t.Fatalf("got %d, want 429 once the account's tries are spent", last)
	}
}

func TestBruteForceOnThePortalPassword(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	s.enrol(t, "ada@example.com", domain.RoleAdministrator, "staff password 1")
	b := s.browser(t)
	statuses := map[int]int{}
	for range 12 {
		resp, _ := b.form(portalAuth, "callback/credentials", url.Values{"email": {"ada@example.com"}, "password": {"guess guess"}}, nil)
		statuses[resp.StatusCode]++
	}
	if statuses[401] != 10 || statuses[429] != 2 {
		t.Fatalf("got %v, want 10 refusals then 429", statuses)
	}
}

func TestAccountCreationIsRateLimited(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	b := s.browser(t)
	var last int
	for i := range 11 {
		resp, _ := b.trpc("POST", "identity.createAccount", `{"email":"bulk`+string(rune('a'+i))+`@example.com","firstName":"B","lastName":"K","phone":null,`+agreed+`}`)
		last = resp.StatusCode
		if i < 10 && last != 200 {
			t.Fatalf("account %d: got %d, want 200", i+1, last)
		}
	}
	if last != 429 {
		t.Fatalf("got %d, want 429 for the 11th account from one address", last)
	}
}
