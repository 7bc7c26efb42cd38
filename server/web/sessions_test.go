package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/web"
)

// Sessions once signed in: ended sessions stay ended, sign-in rotates the
// session, the cookies' attributes (behind TLS too), the session update and
// resume calls, and logs that keep no message, token, code or password.

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

func TestCookiesBehindTLSAreHostBoundAndSecure(t *testing.T) {
	s := MustOpenServer(t, web.Config{TrustProxy: true})
	resp, _ := s.do(t, request{path: applicantAuth + "/csrf", headers: map[string]string{"X-Forwarded-Proto": "https"}})
	cookies := resp.Cookies()
	if len(cookies) != 1 || cookies[0].Name != "__Host-heloc-applicant.csrf-token" || !cookies[0].Secure || !cookies[0].HttpOnly || cookies[0].Path != "/" || cookies[0].Domain != "" {
		t.Fatalf("got %+v, want one __Host- cookie, Secure and HttpOnly, for / without a domain", cookies)
	}
}
