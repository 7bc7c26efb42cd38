package web_test

import (
	"bufio"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/heloc/heloc/server/botcheck"
	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/password"
	"github.com/heloc/heloc/server/web"
)

// A CSRF cookie and token of one realm are refused by the other realm's
// API, even when the cookie is planted under the other realm's name: the
// cookie name is in the token's MAC (issue 10).
func TestCSRFIsBoundToItsRealm(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	const pw = "staff password 1"
	e := s.enrol(t, "ada@example.com", domain.RoleAdministrator, pw)
	donor := s.browser(t)
	applicantToken, portalToken := donor.csrf(applicantAuth), donor.csrf(portalAuth)
	applicantCookie, portalCookie := cookieValue(donor, "heloc-applicant.csrf-token"), cookieValue(donor, "heloc-portal.csrf-token")
	if applicantCookie == "" || portalCookie == "" {
		t.Fatal("got no CSRF cookies")
	}
	applicantForm := func(token string) url.Values {
		return url.Values{"email": {"prime@example.com"}, "password": {"not the password"}, "csrfToken": {token}}
	}
	portalForm := func(token string) url.Values {
		return url.Values{"email": {e.User.Email}, "password": {pw}, "csrfToken": {token}}
	}
	tests := []struct {
		name, cookie, value, base, action string
		form                              url.Values
		want                              string
	}{
		{"a portal cookie and token on the applicant API", "heloc-applicant.csrf-token", portalCookie, applicantAuth, "callback/password", applicantForm(portalToken), "MissingCSRF"},
		{"an applicant cookie and token on the portal API", "heloc-portal.csrf-token", applicantCookie, portalAuth, "callback/credentials", portalForm(applicantToken), "MissingCSRF"},
		{"the applicant's own, for contrast", "heloc-applicant.csrf-token", applicantCookie, applicantAuth, "callback/password", applicantForm(applicantToken), "CredentialsSignin"},
		{"the portal's own, for contrast", "heloc-portal.csrf-token", portalCookie, portalAuth, "callback/credentials", portalForm(portalToken), "SecondFactorRequired"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := s.browser(t)
			setCookie(b, tt.cookie, tt.value)
			resp, a := b.form(tt.base, tt.action, tt.form, nil)
			if a.Error != tt.want {
				t.Fatalf("got %d %+v, want %s", resp.StatusCode, a, tt.want)
			}
		})
	}
	t.Run("getting a token keeps the planted cookie refused", func(t *testing.T) {
		b := s.browser(t)
		setCookie(b, "heloc-applicant.csrf-token", portalCookie)
		if got := b.csrf(applicantAuth); got == portalToken {
			t.Fatal("got the portal token handed back by the applicant API, want a fresh one")
		}
	})
}

// withHashGate sets the password hashing gate for one test.
func withHashGate(t *testing.T, n int, wait time.Duration) {
	t.Helper()
	before := password.Concurrency()
	password.SetConcurrency(n, wait)
	t.Cleanup(func() { password.SetConcurrency(before, password.MaxWait) })
}

// holdHashGate keeps the gate's slots busy until the test ends.
func holdHashGate(t *testing.T, n int) {
	t.Helper()
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
					_ = password.VerifyDummy(t.Context(), "hold")
				}
			}
		})
	}
	t.Cleanup(func() { close(stop); wg.Wait() })
	time.Sleep(20 * time.Millisecond)
}

// When every hashing slot stays busy, the hashing calls answer 429 in
// their wire's shape with Retry-After, for a known and an unknown e-mail
// alike.
func TestHashingBeyondTheBoundAnswers429WithRetryAfter(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	const pw = "staff password 1"
	e := s.enrol(t, "ada@example.com", domain.RoleAdministrator, pw)
	admin := s.browser(t)
	admin.signInStaff(e, pw) // before the gate fills: signing in hashes too
	// An invitation with an authenticator offered: accepting it hashes the
	// new password.
	token := s.invite(t, admin, "staff@example.com", "processor")
	if _, res := s.browser(t).trpc("POST", "invite.authenticator", `{"token":"`+token+`"}`); res.Error != nil {
		t.Fatalf("invite.authenticator: got %+v", res.Error)
	}
	withHashGate(t, 1, time.Millisecond)
	holdHashGate(t, 1)

	// A call can slip into the slot between the holder's hashes; within a
	// few tries one must be refused.
	auth := func(t *testing.T, base, action string, form func(i int) url.Values) {
		t.Helper()
		b := s.browser(t)
		for i := range 8 {
			resp, a := b.form(base, action, form(i), nil)
			if resp.StatusCode == 429 {
				if a.Error != "TooManyRequests" || a.Status != 429 || a.OK == nil || *a.OK || a.URL == "" || resp.Header.Get("Retry-After") != "1" {
					t.Fatalf("got %+v, Retry-After %q, want TooManyRequests in the auth shape with Retry-After: 1", a, resp.Header.Get("Retry-After"))
				}
				return
			}
		}
		t.Fatal("never refused while the gate was full")
	}
	t.Run("callback/password, unknown e-mail", func(t *testing.T) {
		auth(t, applicantAuth, "callback/password", func(i int) url.Values {
			return url.Values{"email": {fmt.Sprintf("nobody%d@example.com", i)}, "password": {"whatever it is"}}
		})
	})
	t.Run("callback/password, known e-mail", func(t *testing.T) {
		auth(t, applicantAuth, "callback/password", func(int) url.Values {
			return url.Values{"email": {"prime@example.com"}, "password": {"whatever it is"}}
		})
	})
	t.Run("callback/credentials", func(t *testing.T) {
		auth(t, portalAuth, "callback/credentials", func(int) url.Values {
			return url.Values{"email": {e.User.Email}, "password": {pw}}
		})
	})
	procedure := func(t *testing.T, b *browser, proc string, input func(i int) string) {
		t.Helper()
		for i := range 8 {
			resp, res := b.trpc("POST", proc, input(i))
			if resp.StatusCode == 429 {
				if res.Error == nil || res.Error.Data.Code != "TOO_MANY_REQUESTS" || res.Error.Code != -32029 || resp.Header.Get("Retry-After") != "1" {
					t.Fatalf("got %+v, Retry-After %q, want TOO_MANY_REQUESTS with Retry-After: 1", res.Error, resp.Header.Get("Retry-After"))
				}
				return
			}
		}
		t.Fatal("never refused while the gate was full")
	}
	t.Run("identity.createAccount with a password", func(t *testing.T) {
		procedure(t, s.browser(t), "identity.createAccount", func(i int) string {
			return fmt.Sprintf(`{"email":"new%d@example.com","firstName":"N","lastName":"W","password":"a long passphrase",`+agreed+`}`, i)
		})
	})
	t.Run("invite.accept", func(t *testing.T) {
		procedure(t, s.browser(t), "invite.accept", func(int) string {
			return `{"token":"` + token + `","password":"a long passphrase","otpCode":"000000"}`
		})
	})
}

// memStat reads a field of /proc/self/status, in bytes (0 when it cannot).
func memStat(name string) int64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), name+":"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}

// floodSize is issue 10's flood: 512 concurrent sign-ins with unknown
// e-mails took 8.6-9.5 GB before the hashing gate.
const floodSize = 512

// A flood of password sign-ins with unknown e-mails, each from its own
// address behind the trusted proxy (so no per-address limit stops them
// before the hash), keeps the server's peak memory under 1 GB, and
// /healthz answers throughout. The server runs in a process of its own
// (this test binary again, running this test alone): the package's other
// tests would otherwise leave their servers' memory in the process, and
// the garbage collector lets a larger heap grow further. So the process's
// peak RSS (VmHWM, reset before the flood) is the server's.
func TestPasswordFloodKeepsMemoryBoundedAndHealthzAnswering(t *testing.T) {
	if testing.Short() {
		t.Skip("the flood takes a few seconds")
	}
	if os.Getenv("HELOC_FLOOD_PROCESS") == "" {
		cmd := exec.Command(os.Args[0], "-test.run=^TestPasswordFloodKeepsMemoryBoundedAndHealthzAnswering$", "-test.v", "-test.count=1")
		cmd.Env = append(os.Environ(), "HELOC_FLOOD_PROCESS=1")
		out, err := cmd.CombinedOutput()
		t.Logf("the flood in its own process:\n%s", out)
		if err != nil {
			t.Fatalf("the flood's process: %v", err)
		}
		return
	}
	s := MustOpenServer(t, web.Config{TrustProxy: true})
	donor := s.browser(t)
	token := donor.csrf(applicantAuth)
	cookie := "heloc-applicant.csrf-token=" + cookieValue(donor, "heloc-applicant.csrf-token")

	debug.FreeOSMemory()
	resetPeak := os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) == nil
	before := memStat("VmHWM")

	stop := make(chan struct{})
	var healthFailures, healthChecks atomic.Int64
	var slowestHealth atomic.Int64
	var healthWG sync.WaitGroup
	healthWG.Go(func() {
		client := &http.Client{Timeout: 5 * time.Second}
		for {
			select {
			case <-stop:
				return
			case <-time.After(50 * time.Millisecond):
			}
			start := time.Now()
			resp, err := client.Get(s.URL + "/healthz")
			took := time.Since(start)
			healthChecks.Add(1)
			if err != nil || resp.StatusCode != 200 || took > 2*time.Second {
				healthFailures.Add(1)
			}
			if err == nil {
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			}
			for {
				old := slowestHealth.Load()
				if int64(took) <= old || slowestHealth.CompareAndSwap(old, int64(took)) {
					break
				}
			}
		}
	})

	client := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: floodSize}}
	var counts sync.Map
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range floodSize {
		wg.Go(func() {
			form := url.Values{"email": {fmt.Sprintf("flood%d@example.com", i)}, "password": {"a wrong passphrase"}, "csrfToken": {token}, "json": {"true"}}
			req, _ := http.NewRequest("POST", s.URL+applicantAuth+"/callback/password", strings.NewReader(form.Encode()))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			req.Header.Set("Origin", s.URL)
			req.Header.Set("X-Same-Origin", "1")
			req.Header.Set("X-Recaptcha-Token", botcheck.SandboxPrefix+"api_update")
			req.Header.Set("X-Forwarded-For", fmt.Sprintf("203.0.%d.%d", 113+i/256, i%256)) // a client of its own
			req.Header.Set("Cookie", cookie)
			<-start
			resp, err := client.Do(req)
			key := "transport error"
			if err == nil {
				body, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				key = fmt.Sprintf("%d %s", resp.StatusCode, decode[authAnswer](t, body).Error)
				if resp.StatusCode == 429 && resp.Header.Get("Retry-After") == "" {
					key += " without Retry-After"
				}
			}
			n, _ := counts.LoadOrStore(key, new(atomic.Int64))
			n.(*atomic.Int64).Add(1)
		})
	}
	began := time.Now()
	close(start)
	wg.Wait()
	elapsed := time.Since(began)
	client.CloseIdleConnections()
	time.Sleep(200 * time.Millisecond) // one more health check after the flood
	close(stop)
	healthWG.Wait()

	peak := memStat("VmHWM")
	debug.FreeOSMemory()
	settled := memStat("VmRSS")
	answers := map[string]int64{}
	counts.Range(func(k, v any) bool { answers[k.(string)] = v.(*atomic.Int64).Load(); return true })
	t.Logf("%d sign-ins in %v with %d hashing slots: %v", floodSize, elapsed.Round(time.Millisecond), password.Concurrency(), answers)
	t.Logf("peak RSS %d MiB (before the flood %d MiB, peak reset: %v), RSS after the flood %d MiB; /healthz %d checks, %d failed, slowest %v",
		peak>>20, before>>20, resetPeak, settled>>20, healthChecks.Load(), healthFailures.Load(), time.Duration(slowestHealth.Load()).Round(time.Millisecond))

	for k, n := range answers {
		if k != "401 CredentialsSignin" && k != "429 TooManyRequests" {
			t.Errorf("got %d answers %q, want only 401 CredentialsSignin or 429 TooManyRequests with Retry-After", n, k)
		}
	}
	if answers["401 CredentialsSignin"] == 0 {
		t.Error("got no sign-in answered, want the gate to serve while refusing the excess")
	}
	if peak == 0 {
		t.Skip("no /proc/self/status here to read the peak from")
	}
	if peak >= 1<<30 {
		t.Errorf("got peak RSS %d MiB, want under 1 GiB", peak>>20)
	}
	if healthChecks.Load() < 2 || healthFailures.Load() > 0 {
		t.Errorf("got %d of %d health checks failed or slower than 2 s, want all answered", healthFailures.Load(), healthChecks.Load())
	}
}
