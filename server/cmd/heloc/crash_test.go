package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/heloc/heloc/server/botcheck"
	"github.com/heloc/heloc/server/store"
)

// The test binary doubles as the server the crash test kills: run with
// HELOC_CRASH_SERVE=1 it is `heloc serve`, configured by its environment.
func TestMain(m *testing.M) {
	if os.Getenv("HELOC_CRASH_SERVE") == "1" {
		if err := run(context.Background(), []string{"serve"}); err != nil {
			fmt.Fprintln(os.Stderr, "heloc:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// crashFields are the prequalification answers the crash test writes: each
// (applicant, field) is one writer, so 200 applicants make 1,000 saves in
// flight at once, several on each loan.
var crashFields = []string{"propertyValue", "mortgageEstimate", "annualIncome", "monthlyDebts", "desiredAmount"}

const crashApplicants = 200

// Killing the server (SIGKILL, no shutdown) while 1,000 saves are in flight
// loses no save it acknowledged: every writer saves increasing values to its
// own answer, one after another, and after the kill the database holds, for
// each, at least the last value the server answered 200 for. Saves on one
// loan touch different answers, so a lost update would show too.
func TestKillDuringSavesLosesNoAcknowledgedSave(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a server and 200 applicants")
	}
	dir := t.TempDir()
	srv := startCrashServer(t, dir)

	clients := make([]*crashClient, crashApplicants)
	for i := range clients {
		clients[i] = srv.signUp(t, i)
	}

	type writer struct {
		client *crashClient
		field  string
		acked  int64 // the last value the server acknowledged
	}
	var writers []*writer
	for _, c := range clients {
		for _, f := range crashFields {
			writers = append(writers, &writer{client: c, field: f})
		}
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var mu sync.Mutex
	acks := 0
	for _, w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for v := int64(1); ; v++ {
				select {
				case <-stop:
					return
				default:
				}
				body := fmt.Sprintf(`{"path":"/start/desired-amount","answers":{%q:%d}}`, w.field, v)
				if ok := w.client.save(body); !ok {
					return // the server is gone
				}
				mu.Lock()
				w.acked = v
				acks++
				mu.Unlock()
			}
		}()
	}
	// Let the saves run, then kill the server in the middle of them.
	deadline := time.Now().Add(20 * time.Second)
	for {
		time.Sleep(100 * time.Millisecond)
		mu.Lock()
		n := acks
		mu.Unlock()
		if n >= 3*len(writers) || time.Now().After(deadline) {
			break
		}
	}
	if err := srv.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = srv.cmd.Wait()
	close(stop)
	wg.Wait()
	t.Logf("%d writers, %d saves acknowledged before the kill", len(writers), acks)
	if acks < len(writers) {
		t.Fatalf("only %d saves acknowledged: the server was killed before the saves were under way", acks)
	}

	// What the database holds after the crash, read the way the server reads it.
	cfg, err := loadConfig(srv.env)
	if err != nil {
		t.Fatal(err)
	}
	keyring, err := cfg.Secrets.keyring()
	if err != nil {
		t.Fatal(err)
	}
	db, err := store.Open(context.Background(), cfg.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.Sealer = keyring
	lost := 0
	for _, c := range clients {
		a, err := db.FindApplicantByEmail(context.Background(), c.email)
		if err != nil {
			t.Fatal(err)
		}
		loan, err := db.FindLoanByApplicant(context.Background(), a.ID)
		if err != nil {
			t.Fatal(err)
		}
		stored, _ := json.Marshal(loan.Answers)
		var answers map[string]any
		_ = json.Unmarshal(stored, &answers)
		for _, w := range writers {
			if w.client != c || w.acked == 0 {
				continue
			}
			got, _ := answers[w.field].(float64)
			if int64(got) < w.acked {
				lost++
				if lost <= 5 {
					t.Errorf("%s %s: stored %v, but the server acknowledged %d", c.email, w.field, answers[w.field], w.acked)
				}
			}
		}
	}
	if lost > 0 {
		t.Fatalf("%d acknowledged saves lost", lost)
	}
}

type crashServer struct {
	url string
	cmd *exec.Cmd
	env func(string) string
}

func startCrashServer(t *testing.T, dir string) *crashServer {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := fmt.Sprint(ln.Addr().(*net.TCPAddr).Port)
	ln.Close()
	vars := map[string]string{
		"HELOC_CRASH_SERVE": "1",
		"PORT":              port,
		"DATA_DIR":          dir,
		"APP_ENV":           "development",
		// Each applicant is a visitor of their own address, as behind a proxy.
		"TRUSTED_PROXIES": "127.0.0.1",
	}
	cmd := exec.Command(os.Args[0])
	cmd.Env = os.Environ()
	for k, v := range vars {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	logs, err := os.Create(filepath.Join(dir, "server.log"))
	if err != nil {
		t.Fatal(err)
	}
	defer logs.Close()
	cmd.Stdout, cmd.Stderr = logs, logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	s := &crashServer{url: "http://127.0.0.1:" + port, cmd: cmd, env: func(k string) string {
		if v, ok := vars[k]; ok {
			return v
		}
		return os.Getenv(k)
	}}
	for start := time.Now(); ; time.Sleep(100 * time.Millisecond) {
		if resp, err := http.Get(s.url + "/healthz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return s
			}
		}
		if time.Since(start) > 60*time.Second {
			out, _ := os.ReadFile(filepath.Join(dir, "server.log"))
			t.Fatalf("the server did not start: %s", out)
		}
	}
}

type crashClient struct {
	srv     *crashServer
	email   string
	address string
	http    *http.Client
}

// signUp makes applicant i an account (at an address of its own) and signs
// it in with the code from the development outbox.
func (s *crashServer) signUp(t *testing.T, i int) *crashClient {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	c := &crashClient{srv: s, email: fmt.Sprintf("crash-%d@example.com", i),
		address: fmt.Sprintf("10.%d.%d.%d", 1+i/65536, (i/256)%256, i%256),
		http:    &http.Client{Jar: jar, Timeout: 30 * time.Second}}
	account := fmt.Sprintf(`{"email":%q,"firstName":"Crash","lastName":"Test %d","phone":null,"eConsent":true,"informationSharingConsent":true,"consentVersions":{"eConsent":%q,"informationSharing":%q}}`,
		c.email, i, currentConsent(t, s, "eConsent"), currentConsent(t, s, "informationSharing"))
	if status, body := c.send("POST", "/api/trpc/identity.createAccount", "application/json", account); status != 200 {
		t.Fatalf("create account %d: %d %s", i, status, body)
	}
	code := s.latestCode(t, c.email)
	_, body := c.send("GET", "/api/authApplicant/csrf", "", "")
	var csrf struct{ CSRFToken string }
	_ = json.Unmarshal(body, &csrf)
	form := url.Values{"email": {c.email}, "otpCode": {code}, "csrfToken": {csrf.CSRFToken}, "json": {"true"}}
	if status, body := c.send("POST", "/api/authApplicant/callback/otp", "application/x-www-form-urlencoded", form.Encode()); status != 200 {
		t.Fatalf("sign in %d: %d %s", i, status, body)
	}
	return c
}

// save sends one prequal.save and says whether the server acknowledged it.
func (c *crashClient) save(body string) bool {
	status, _ := c.send("POST", "/api/trpc/prequal.save", "application/json", body)
	return status == 200
}

func (c *crashClient) send(method, path, contentType, body string) (int, []byte) {
	req, err := http.NewRequest(method, c.srv.url+path, strings.NewReader(body))
	if err != nil {
		return 0, nil
	}
	req.Header.Set("X-Same-Origin", "1")
	req.Header.Set("X-Forwarded-For", c.address)
	if method != "GET" {
		req.Header.Set("Origin", c.srv.url)
		req.Header.Set("Content-Type", contentType)
		req.Header.Set("X-Recaptcha-Token", botcheck.SandboxPrefix+"api_update")
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return 0, nil
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, out
}

var consentVersions sync.Map

// currentConsent is the version of the consent wording the server shows.
func currentConsent(t *testing.T, s *crashServer, kind string) string {
	t.Helper()
	if v, ok := consentVersions.Load(kind); ok {
		return v.(string)
	}
	req, _ := http.NewRequest("GET", s.url+"/api/trpc/consents.current", nil)
	req.Header.Set("X-Same-Origin", "1")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out struct {
		Result struct {
			Data struct {
				Consents []struct{ Kind, Version string }
			}
		}
	}
	raw, _ := io.ReadAll(resp.Body)
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatalf("consents.current: %s", raw)
	}
	for _, c := range out.Result.Data.Consents {
		consentVersions.Store(c.Kind, c.Version)
	}
	v, ok := consentVersions.Load(kind)
	if !ok {
		t.Fatalf("no %s consent in %s", kind, raw)
	}
	return v.(string)
}

var outboxCode = regexp.MustCompile(`(?s)<article data-to="([^"]+)">.*?<pre>.*?\b(\d{6})\b`)

// latestCode is the newest sign-in code the development outbox holds for email.
func (s *crashServer) latestCode(t *testing.T, email string) string {
	t.Helper()
	for start := time.Now(); time.Since(start) < 10*time.Second; time.Sleep(50 * time.Millisecond) {
		req, _ := http.NewRequest("GET", s.url+"/dev/outbox", nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		page, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		for _, m := range outboxCode.FindAllSubmatch(page, -1) {
			if bytes.Equal(m[1], []byte(email)) {
				return string(m[2])
			}
		}
	}
	t.Fatalf("no code for %s in the outbox", email)
	return ""
}
