package web_test

import (
	"cmp"
	"context"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pquerna/otp/totp"

	"github.com/heloc/heloc/server/accounts"
	"github.com/heloc/heloc/server/botcheck"
	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/mail"
	"github.com/heloc/heloc/server/web"
)

const (
	applicantAuth = "/api/authApplicant"
	portalAuth    = "/api/authPortal"
)

// browser is one browser: its own cookie jar, and the headers the webapp
// sends. Tests remove or spoil headers to attack.
type browser struct {
	t      testing.TB
	s      *testServer
	client *http.Client
	// origin is the Origin its writes send: the server's address when "",
	// or the public one a server configured with web.Config.PublicURL is
	// reached at through its proxy.
	origin string
}

func (s *testServer) browser(t testing.TB) *browser {
	jar, _ := cookiejar.New(nil)
	return &browser{t: t, s: s, client: &http.Client{Jar: jar}}
}

func (b *browser) send(method, path, contentType, body string, headers map[string]string) (*http.Response, []byte) {
	b.t.Helper()
	req, err := http.NewRequest(method, b.s.URL+path, strings.NewReader(body))
	if err != nil {
		b.t.Fatal(err)
	}
	req.Header.Set("X-Same-Origin", "1")
	if method != http.MethodGet {
		req.Header.Set("Origin", cmp.Or(b.origin, b.s.URL))
		req.Header.Set("Content-Type", contentType)
		req.Header.Set("X-Recaptcha-Token", botcheck.SandboxPrefix+"api_update")
	}
	for k, v := range headers {
		if v == "" {
			req.Header.Del(k)
		} else {
			req.Header.Set(k, v)
		}
	}
	resp, err := b.client.Do(req)
	if err != nil {
		b.t.Fatal(err)
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	return resp, out
}

func (b *browser) csrf(base string) string {
	b.t.Helper()
	_, body := b.send("GET", base+"/csrf", "", "", nil)
	return decode[map[string]string](b.t, body)["csrfToken"]
}

// form posts an auth form with a fresh CSRF token unless it has one.
func (b *browser) form(base, action string, form url.Values, headers map[string]string) (*http.Response, authAnswer) {
	b.t.Helper()
	if _, ok := form["csrfToken"]; !ok {
		form.Set("csrfToken", b.csrf(base))
	}
	form.Set("json", "true")
	resp, body := b.send("POST", base+"/"+action, "application/x-www-form-urlencoded", form.Encode(), headers)
	return resp, decode[authAnswer](b.t, body)
}

type authAnswer struct {
	URL     string              `json:"url"`
	Error   string              `json:"error"`
	Status  int                 `json:"status"`
	OK      *bool               `json:"ok"`
	Message string              `json:"message"`
	Fields  []domain.FieldError `json:"fields"`
}

func (b *browser) trpc(method, proc, input string) (*http.Response, wireResult) {
	b.t.Helper()
	path := "/api/trpc/" + proc
	if method == "GET" && input != "" {
		path += "?input=" + url.QueryEscape(input)
	}
	body := ""
	if method != "GET" {
		body = input
	}
	resp, out := b.send(method, path, "application/json", body, nil)
	return resp, decode[wireResult](b.t, out)
}

func (b *browser) session(base string) map[string]any {
	b.t.Helper()
	_, body := b.send("GET", base+"/session", "", "", nil)
	return decode[map[string]any](b.t, body)
}

var codePattern = regexp.MustCompile(`sign-in code is (\d{6})`)

// latestCode reads the last code mailed to email from the sandbox outbox.
func (s *testServer) latestCode(t testing.TB, email string) string {
	t.Helper()
	m, ok := s.Outbox.Latest(email)
	if !ok {
		t.Fatalf("got no mail to %s, want a sign-in code", email)
	}
	match := codePattern.FindStringSubmatch(m.Text)
	if match == nil {
		t.Fatalf("got mail %q, want a 6-digit code", m.Text)
	}
	return match[1]
}

// signIn signs an existing applicant in with a mailed code.
func (b *browser) signIn(email string) {
	b.t.Helper()
	if resp, a := b.form(applicantAuth, "signin/otp", url.Values{"email": {email}}, nil); resp.StatusCode != 200 {
		b.t.Fatalf("send code: got %d %+v", resp.StatusCode, a)
	}
	code := b.s.latestCode(b.t, email)
	if resp, a := b.form(applicantAuth, "callback/otp", url.Values{"email": {email}, "otpCode": {code}}, nil); resp.StatusCode != 200 {
		b.t.Fatalf("sign in: got %d %+v", resp.StatusCode, a)
	}
}

// enrol makes a portal user directly through the accounts service.
func (s *testServer) enrol(t testing.TB, email, role, pw string) *accounts.Enrolment {
	t.Helper()
	svc := accounts.New(s.DB, mail.NewOutbox(1), testKeyring, []byte("x"), "Test", nil)
	e, err := svc.EnrolStaffUser(context.Background(), &domain.StaffUser{Email: email, FirstName: "Sam", LastName: "Staff", Role: role}, pw)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// signInStaff signs a portal user in with password and a fresh TOTP code.
func (b *browser) signInStaff(e *accounts.Enrolment, pw string) {
	b.t.Helper()
	code, err := totp.GenerateCode(e.TOTPSecret, time.Now())
	if err != nil {
		b.t.Fatal(err)
	}
	resp, a := b.form(portalAuth, "callback/credentials", url.Values{"email": {e.User.Email}, "password": {pw}, "otpCode": {code}}, nil)
	if resp.StatusCode != 200 {
		b.t.Fatalf("portal sign-in: got %d %+v", resp.StatusCode, a)
	}
}

func cookieValue(b *browser, name string) string {
	u, _ := url.Parse(b.s.URL)
	for _, c := range b.client.Jar.Cookies(u) {
		if c.Name == name {
			return c.Value
		}
	}
	return ""
}

func setCookie(b *browser, name, value string) {
	u, _ := url.Parse(b.s.URL)
	b.client.Jar.SetCookies(u, []*http.Cookie{{Name: name, Value: value, Path: "/"}})
}

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
	if resp.StatusCode != 401 || a.Error != "SecondFactorRequired" {
		t.Fatalf("got %d %+v, want 401 SecondFactorRequired", resp.StatusCode, a)
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
		code, _ := totp.GenerateCode(e.TOTPSecret, time.Now())
		other := s.browser(t)
		resp, a := other.form(portalAuth, "callback/credentials", url.Values{"email": {"ada@example.com"}, "password": {pw}, "otpCode": {code}}, nil)
		if resp.StatusCode != 401 {
			t.Fatalf("got %d %+v, want a replayed code refused", resp.StatusCode, a)
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

func TestEndedSessionsStayEnded(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	t.Run("signed out", func(t *testing.T) {
		b := s.browser(t)
		b.signIn("prime@example.com")
		stolen := cookieValue(b, "heloc-applicant.session")
		b.form(applicantAuth, "signout", url.Values{}, nil)
		replay := s.browser(t)
		setCookie(replay, "heloc-applicant.session", stolen)
		if resp, _ := replay.trpc("GET", "loan.current", ""); resp.StatusCode != 401 {
			t.Fatalf("got %d, want a signed-out session refused", resp.StatusCode)
		}
	})
	t.Run("expired", func(t *testing.T) {
		b := s.browser(t)
		b.signIn("prime@example.com")
		s.DB.Now = func() time.Time { return time.Now().Add(13 * time.Hour) }
		defer func() { s.DB.Now = func() time.Time { return time.Now().UTC() } }()
		if got := b.session(applicantAuth); len(got) != 0 {
			t.Fatalf("got %v, want no session after the absolute lifetime", got)
		}
	})
	t.Run("deleted by identity.deleteSession", func(t *testing.T) {
		b := s.browser(t)
		b.signIn("prime@example.com")
		if _, res := b.trpc("POST", "identity.deleteSession", ""); !strings.Contains(string(res.Result.Data), `"deleted":true`) {
			t.Fatalf("got %+v, want deleted true", res)
		}
		if got := b.session(applicantAuth); len(got) != 0 {
			t.Fatalf("got %v, want signed out", got)
		}
	})
	t.Run("a deactivated staff user's live session", func(t *testing.T) {
		admin := s.enrol(t, "ada@example.com", domain.RoleAdministrator, "staff password 1")
		clerk := s.enrol(t, "bo@example.com", "processor", "staff password 2")
		a, c := s.browser(t), s.browser(t)
		a.signInStaff(admin, "staff password 1")
		c.signInStaff(clerk, "staff password 2")
		if user, _ := c.session(portalAuth)["user"].(map[string]any); user["role"] != "processor" {
			t.Fatalf("got %v, want the processor signed in", user)
		}
		if resp, res := a.trpc("POST", "users.setActive", `{"userId":"`+clerk.User.ID+`","active":false}`); resp.StatusCode != 200 {
			t.Fatalf("deactivate: got %d %+v", resp.StatusCode, res.Error)
		}
		if got := c.session(portalAuth); len(got) != 0 {
			t.Fatalf("got %v, want the deactivated user's session gone", got)
		}
		resp, a2 := s.browser(t).form(portalAuth, "callback/credentials", url.Values{"email": {"bo@example.com"}, "password": {"staff password 2"}}, nil)
		if resp.StatusCode != 401 || a2.Error != "CredentialsSignin" {
			t.Fatalf("got %d %+v, want a deactivated user unable to sign in", resp.StatusCode, a2)
		}
	})
}

func TestSignInRotatesTheSession(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	b := s.browser(t)
	b.signIn("prime@example.com")
	first := cookieValue(b, "heloc-applicant.session")
	b.signIn("prime@example.com")
	if second := cookieValue(b, "heloc-applicant.session"); second == first || second == "" {
		t.Fatal("got the same session cookie after a second sign-in, want a new one")
	}
	replay := s.browser(t)
	setCookie(replay, "heloc-applicant.session", first)
	if got := replay.session(applicantAuth); len(got) != 0 {
		t.Fatalf("got %v, want the session of before the sign-in ended", got)
	}
}

func TestSessionCookieAttributes(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	b := s.browser(t)
	b.form(applicantAuth, "signin/otp", url.Values{"email": {"prime@example.com"}}, nil)
	resp, _ := b.form(applicantAuth, "callback/otp", url.Values{"email": {"prime@example.com"}, "otpCode": {s.latestCode(t, "prime@example.com")}}, nil)
	var c *http.Cookie
	for _, ck := range resp.Cookies() {
		if ck.Name == "heloc-applicant.session" {
			c = ck
		}
	}
	if c == nil || !c.HttpOnly || c.SameSite != http.SameSiteLaxMode || c.Path != "/" || len(c.Value) < 43 {
		t.Fatalf("got %+v, want an HttpOnly SameSite=Lax cookie for / with a long signed token", c)
	}
}

func TestClientLogKeepsNoMessage(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	b := s.browser(t)
	resp, _ := b.send("POST", applicantAuth+"/_log", "application/x-www-form-urlencoded",
		url.Values{"level": {"error"}, "code": {"CLIENT_FETCH_ERROR"}, "message": {"ssn 123-45-6789 of jane@example.com"}}.Encode(), nil)
	if resp.StatusCode != 200 {
		t.Fatalf("got %d, want 200", resp.StatusCode)
	}
	logs := s.log.String()
	if !strings.Contains(logs, "CLIENT_FETCH_ERROR") || strings.Contains(logs, "123-45-6789") || strings.Contains(logs, "jane@example.com") {
		t.Fatalf("got logs %s, want the code kept and the message dropped", logs)
	}
	for _, line := range strings.Split(logs, "\n") {
		if strings.Contains(line, `"client log"`) && (strings.Count(line, `"level":`) != 1 || !strings.Contains(line, `"level":"ERROR"`)) {
			t.Fatalf("got the client-log line %s, want one level, the client's (ERROR)", line)
		}
	}
	resp, _ = b.send("POST", applicantAuth+"/_log", "application/x-www-form-urlencoded", "message="+strings.Repeat("x", 3000), nil)
	if resp.StatusCode != 413 {
		t.Fatalf("got %d, want 413 for an oversized log line", resp.StatusCode)
	}
	for name, h := range map[string]map[string]string{
		"from a foreign origin":   {"Origin": "https://evil.example"},
		"without X-Same-Origin":   {"X-Same-Origin": ""},
		"without the human check": {"X-Recaptcha-Token": ""},
		"with a failed check":     {"X-Recaptcha-Token": "nope"},
	} {
		resp, _ = b.send("POST", applicantAuth+"/_log", "application/x-www-form-urlencoded", "code=X", h)
		if resp.StatusCode != 403 {
			t.Fatalf("%s: got %d, want 403", name, resp.StatusCode)
		}
	}
}

func TestSessionUpdate(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	b := s.browser(t)
	token := b.csrf(applicantAuth)
	resp, body := b.send("POST", applicantAuth+"/session", "application/json", `{"csrfToken":"`+token+`","data":{"firstName":"Liv"}}`, nil)
	if resp.StatusCode != 401 || !strings.Contains(string(body), "SessionRequired") {
		t.Fatalf("got %d %s, want 401 SessionRequired without a session", resp.StatusCode, body)
	}
	b.signIn("prime@example.com")
	token = b.csrf(applicantAuth)
	resp, body = b.send("POST", applicantAuth+"/session", "application/json", `{"csrfToken":"`+token+`","data":{"firstName":"Liv","phone":"4155550199"}}`, nil)
	if resp.StatusCode != 200 || !strings.Contains(string(body), `"name":"Liv Bennett"`) || !strings.Contains(string(body), `"phone":"4155550199"`) {
		t.Fatalf("got %d %s, want the name and phone changed", resp.StatusCode, body)
	}
	resp, body = b.send("POST", applicantAuth+"/session", "application/json", `{"csrfToken":"`+token+`","data":{"phone":"12"}}`, nil)
	if resp.StatusCode != 400 || !strings.Contains(string(body), `"path":"phone"`) {
		t.Fatalf("got %d %s, want the phone refused at its field", resp.StatusCode, body)
	}
}

func TestResumeUsesTheServersSessionAndLoan(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	b := s.browser(t)
	_, res := b.trpc("GET", "routing.resume", `{"path":"/app/application/1","previousPath":""}`)
	if string(res.Result.Data) != `{"action":"none","to":null}` {
		t.Fatalf("got %s, want none when signed out", res.Result.Data)
	}
	b.signIn("prime@example.com") // persona at application3
	_, res = b.trpc("GET", "routing.resume", `{"path":"/app/initial-setup/property-value","previousPath":""}`)
	if !strings.Contains(string(res.Result.Data), `"action":"redirect"`) || !strings.Contains(string(res.Result.Data), `"/app/application/2"`) {
		t.Fatalf("got %s, want a redirect to the loan's page", res.Result.Data)
	}
}

// No session token, code, password or SSN reaches the logs.
func TestLogsHoldNoSecrets(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	const pw = "staff password 1"
	e := s.enrol(t, "ada@example.com", domain.RoleAdministrator, pw)
	b := s.browser(t)
	b.signIn("prime@example.com")
	code := s.latestCode(t, "prime@example.com")
	b.signInStaff(e, pw)
	b.trpc("POST", "identity.setPassword", `{"password":"Secret horse 77"}`)
	logs := s.log.String()
	for name, secret := range map[string]string{
		"applicant session": cookieValue(b, "heloc-applicant.session"),
		"portal session":    cookieValue(b, "heloc-portal.session"),
		"code":              code,
		"staff password":    pw,
		"password":          "Secret horse 77",
		"TOTP secret":       e.TOTPSecret,
		"CSRF cookie":       cookieValue(b, "heloc-applicant.csrf-token"),
	} {
		if secret != "" && strings.Contains(logs, secret) {
			t.Errorf("got the %s in the logs", name)
		}
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

func TestCookiesBehindTLSAreHostBoundAndSecure(t *testing.T) {
	s := MustOpenServer(t, web.Config{TrustProxy: true})
	resp, _ := s.do(t, request{path: applicantAuth + "/csrf", headers: map[string]string{"X-Forwarded-Proto": "https"}})
	cookies := resp.Cookies()
	if len(cookies) != 1 || cookies[0].Name != "__Host-heloc-applicant.csrf-token" || !cookies[0].Secure || !cookies[0].HttpOnly || cookies[0].Path != "/" || cookies[0].Domain != "" {
		t.Fatalf("got %+v, want one __Host- cookie, Secure and HttpOnly, for / without a domain", cookies)
	}
}
