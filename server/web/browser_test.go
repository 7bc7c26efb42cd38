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

	"github.com/heloc/heloc/server/accounts"
	"github.com/heloc/heloc/server/botcheck"
	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/mail"
	"github.com/pquerna/otp/totp"
)

// The test browser of the sign-in tests: one cookie jar with the headers
// the webapp sends, and the steps of signing in an applicant (by the code
// mailed to the development outbox) and a portal user (password and TOTP).

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
	if resp.StatusCode >= 500 && b.s.log != nil {
		// What the server said went wrong, shown if the test fails: a 500
		// the client sees says only "Internal error".
		for _, line := range strings.Split(b.s.log.String(), "\n") {
			if strings.Contains(line, `"level":"ERROR"`) {
				b.t.Logf("%s %s answered %d; the server logged: %s", method, path, resp.StatusCode, line)
			}
		}
	}
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
