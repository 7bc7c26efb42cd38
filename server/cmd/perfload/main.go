// Command perfload measures the server's throughput budgets of issue 21
// against a server of its own, every figure beside the bare JSON endpoint
// (system.info) of the same run, and says PASS or FAIL for each:
//
//   - a signed-in page read (funnel.pages: session, loan, policy, decision
//     record), 64 signed-in clients, closed loop: at least 1/3 of the bare
//     endpoint's rate;
//   - an anonymous prequal.estimate (eligibility and the preview offer,
//     both recorded), 64 clients, closed loop: at least 0.06 of the bare
//     endpoint's rate; and sent at 1,000/s open loop (each request at its
//     time, whether or not the earlier ones were answered; its latency
//     counted from that time): p99 under 50 ms;
//   - application.save of Personal Info, 64 signed-in clients, closed loop
//     on SQLite: at least 1,000 saves/s.
//
// It is a measurement, not a test: run it on a quiet machine with
//
//	make perf        (or: go run ./server/cmd/perfload -bin bin/heloc)
//
// It starts bin/heloc with a fresh SQLite database in a temporary folder
// (or -database-url, an empty PostgreSQL database or schema), on a free
// port, with no per-address or per-account limit, makes and signs in
// 64 applicants through the API as a browser would, and measures in
// rounds: each round the bare endpoint and then each target for -duration,
// so every ratio is against the bare endpoint measured just before it. A
// budget's figure is the median of its rounds. Beside each rate it prints
// the server's CPU per request (from /proc), which other work on the
// machine moves less than it moves the rates, and the load average with
// each round. It exits 1 when a budget is missed.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/valyala/fasthttp"
)

const botToken = "sandbox.api_update"

// The budgets (issue 21).
const (
	budgetPages        = 1.0 / 3
	budgetEstimate     = 0.06
	budgetEstimateP99  = 50 * time.Millisecond
	budgetSavesPerSec  = 1000
	openLoopRate       = 1000
	pagesInput         = `{"path":"/app/initial-setup/property-value"}`
	personalInfoPrefix = `{"path":"/app/application/1","section":{"user":{"firstName":"Pat`
	personalInfoSuffix = `","lastName":"Prime","dateOfBirth":"1980-04-02","ssn":"123456789",` +
		`"citizenship":"usCitizen","maritalStatus":"married","militaryStatus":"none","phone":"4155550101",` +
		`"currentAddress":{"line1":"1 Main St","city":"Springfield","state":"IL","zip":"62701"},"currentAddressSince":"2015-06-01","housing":"Own","formerAddresses":[]}}}`
)

func main() {
	bin := flag.String("bin", "bin/heloc", "the server binary")
	dbURL := flag.String("database-url", "", "the server's DATABASE_URL (default: a fresh SQLite file); a PostgreSQL database or schema must be empty (postgres://…/test?sslmode=disable&search_path=perfload)")
	clients := flag.Int("clients", 64, "clients of the closed loops (and signed-in applicants)")
	rounds := flag.Int("rounds", 3, "rounds of closed-loop measurements")
	duration := flag.Duration("duration", 3*time.Second, "each closed-loop measurement")
	open := flag.Duration("open", 5*time.Second, "each open-loop measurement at 1,000/s")
	only := flag.String("only", "", "measure only these targets (comma separated: pages, estimate, open, save)")
	flag.Parse()
	if err := run(*bin, *dbURL, *clients, *rounds, *duration, *open, *only); err != nil {
		fmt.Fprintln(os.Stderr, "perfload:", err)
		os.Exit(1)
	}
}

type server struct {
	cmd  *exec.Cmd
	base string
	dir  string
}

func start(bin, dbURL string) (*server, error) {
	dir, err := os.MkdirTemp("", "perfload-")
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	if dbURL == "" {
		dbURL = filepath.Join(dir, "heloc.db")
	}
	cmd := exec.Command(bin, "serve")
	// No per-address or per-account limit counts here: what is measured is
	// the work of each call, not the limiter. Each applicant signs in from
	// an address of its own (X-Forwarded-For from loopback, trusted), so the
	// sign-in limits per address are met as 64 browsers would meet them.
	cmd.Env = append(os.Environ(), "PORT="+strconv.Itoa(port), "DATA_DIR="+dir, "LOG_LEVEL=warn",
		"DATABASE_URL="+dbURL, "BLOB_URL=file://"+filepath.Join(dir, "uploads"), "DEMO_DATA=0",
		"ESTIMATE_LIMIT=0", "PAGES_LIMIT=0", "BOTCHECK_LIMIT=0", "TRUSTED_PROXIES=127.0.0.1")
	cmd.Stdout, cmd.Stderr = io.Discard, os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &server{cmd: cmd, base: fmt.Sprintf("http://127.0.0.1:%d", port), dir: dir}
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if status, _, err := s.call("GET", "/healthz", "", nil); err == nil && status == 200 {
			return s, nil
		}
	}
	s.stop()
	return nil, errors.New("the server did not start within a minute")
}

func (s *server) stop() {
	_ = s.cmd.Process.Kill()
	_ = s.cmd.Wait()
	_ = os.RemoveAll(s.dir)
}

// client is the one HTTP client of the load: fasthttp's (the server's own
// HTTP library), which costs the shared CPUs less per request than
// net/http's, so more of them measure the server.
var client = &fasthttp.Client{MaxConnsPerHost: 2048, MaxConnWaitTimeout: 30 * time.Second, ReadTimeout: 10 * time.Second}

// call sends one request and answers its status and body.
func (s *server) call(method, path, body string, headers map[string]string) (int, []byte, error) {
	req, resp := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
	defer fasthttp.ReleaseRequest(req)
	defer fasthttp.ReleaseResponse(resp)
	req.SetRequestURI(s.base + path)
	req.Header.SetMethod(method)
	req.Header.Set("X-Same-Origin", "1")
	if method == "POST" {
		req.Header.Set("Origin", s.base)
		req.Header.Set("X-Recaptcha-Token", botToken)
		req.Header.SetContentType("application/json")
		req.SetBodyString(body)
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	if err := client.Do(req, resp); err != nil {
		return 0, nil, err
	}
	return resp.StatusCode(), bytes.Clone(resp.Body()), nil
}

// applicant is a signed-in applicant: their session cookie and address.
type applicant struct {
	cookie, addr string
}

var codePattern = regexp.MustCompile(`\b(\d{6})\b`)

// signUp makes an account as the sign-up page does (identity.createAccount
// with the consents' current wording) and signs in with the code the
// development outbox shows.
func (s *server) signUp(email, addr string, versions map[string]string) (applicant, error) {
	a := applicant{addr: addr}
	in, _ := json.Marshal(map[string]any{
		"email": email, "firstName": "Load", "lastName": "Test", "tcpaConsent": false,
		"eConsent": true, "informationSharingConsent": true,
		"consentVersions": map[string]string{"eConsent": versions["eConsent"], "informationSharing": versions["informationSharing"]},
	})
	xff := map[string]string{"X-Forwarded-For": addr}
	if status, out, err := s.call("POST", "/api/trpc/identity.createAccount", string(in), xff); err != nil || status != 200 {
		return a, fmt.Errorf("create the account of %s: %d %s %v", email, status, out, err)
	}
	_, page, err := s.call("GET", "/dev/outbox", "", nil)
	if err != nil {
		return a, err
	}
	i := bytes.Index(page, []byte(`data-to="`+email+`"`))
	if i < 0 {
		return a, fmt.Errorf("no code for %s in the outbox", email)
	}
	m := codePattern.FindSubmatch(page[i:])
	if m == nil {
		return a, fmt.Errorf("no code for %s in the outbox", email)
	}
	// The double-submit CSRF token and its cookie.
	req, resp := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
	defer fasthttp.ReleaseRequest(req)
	defer fasthttp.ReleaseResponse(resp)
	req.SetRequestURI(s.base + "/api/authApplicant/csrf")
	req.Header.Set("X-Same-Origin", "1")
	req.Header.Set("X-Forwarded-For", addr)
	if err := client.Do(req, resp); err != nil {
		return a, err
	}
	var csrf struct{ CsrfToken string }
	if err := json.Unmarshal(resp.Body(), &csrf); err != nil {
		return a, fmt.Errorf("csrf: %w", err)
	}
	cookies := cookiesOf(resp)
	form := url.Values{"email": {email}, "otpCode": {string(m[1])}, "csrfToken": {csrf.CsrfToken}, "json": {"true"}}
	req.Reset()
	resp.Reset()
	req.SetRequestURI(s.base + "/api/authApplicant/callback/otp")
	req.Header.SetMethod("POST")
	req.Header.SetContentType("application/x-www-form-urlencoded")
	req.Header.Set("Origin", s.base)
	req.Header.Set("X-Same-Origin", "1")
	req.Header.Set("X-Recaptcha-Token", botToken)
	req.Header.Set("X-Forwarded-For", addr)
	req.Header.Set("Cookie", cookieHeader(cookies))
	req.SetBodyString(form.Encode())
	if err := client.Do(req, resp); err != nil {
		return a, err
	}
	if resp.StatusCode() != 200 {
		return a, fmt.Errorf("sign in %s: %d %s", email, resp.StatusCode(), resp.Body())
	}
	for k, v := range cookiesOf(resp) {
		cookies[k] = v
	}
	a.cookie = cookieHeader(cookies)
	if !strings.Contains(a.cookie, "session=") {
		return a, fmt.Errorf("sign in %s: no session cookie", email)
	}
	return a, nil
}

func cookiesOf(resp *fasthttp.Response) map[string]string {
	out := map[string]string{}
	for _, v := range resp.Header.Cookies() {
		c := fasthttp.AcquireCookie()
		if c.ParseBytes(v) == nil && len(c.Value()) > 0 {
			out[string(c.Key())] = string(c.Value())
		}
		fasthttp.ReleaseCookie(c)
	}
	return out
}

func cookieHeader(m map[string]string) string {
	var parts []string
	for _, k := range slices.Sorted(func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}) {
		parts = append(parts, k+"="+m[k])
	}
	return strings.Join(parts, "; ")
}

// target is one kind of request of the load.
type target struct {
	name   string
	method string
	path   string
	// body makes the n-th request's body; nil for a GET.
	body func(n int64) string
	// signedIn: each client sends as its own applicant.
	signedIn bool
}

var (
	bare  = target{name: "bare system.info", method: "GET", path: "/api/trpc/system.info"}
	pages = target{name: "funnel.pages, signed in", method: "GET", path: "/api/trpc/funnel.pages?input=" + url.QueryEscape(pagesInput), signedIn: true}
	// An anonymous estimate: a new home value each time, so no two
	// estimates in a row have the same input.
	estimate = target{name: "prequal.estimate, anonymous", method: "POST", path: "/api/trpc/prequal.estimate", body: func(n int64) string {
		return fmt.Sprintf(`{"propertyValue":%d,"mortgageBalance":312000,"creditScore":%d,"propertyUsage":"primaryResidence","propertyState":"CA"}`,
			600000+n%400000, 680+n%120)
	}}
	// A step of the full application: Personal Info, validated against
	// #PersonalInfoSection, merged into the sealed application and written
	// with the loan's status; a new first name each time, so every save
	// writes.
	save = target{name: "application.save, signed in", method: "POST", path: "/api/trpc/application.save", signedIn: true, body: func(n int64) string {
		return personalInfoPrefix + string(rune('a'+n%26)) + personalInfoSuffix
	}}
)

// cpu is the server's CPU time so far (user and system), from /proc.
func (s *server) cpu() time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", s.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	// The fields after the command's name, which is in parentheses.
	f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
	if len(f) < 13 {
		return 0
	}
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(utime+stime) * time.Second / clockTicks
}

// clockTicks is the kernel's USER_HZ, the unit of /proc's CPU times.
const clockTicks = 100

// result is one measurement.
type result struct {
	sent, ok, failed int64
	perSec           float64
	// cpuPerReq is the server's CPU time per answered request: other work
	// on the machine moves it far less than it moves the rate.
	cpuPerReq    time.Duration
	latencies    []time.Duration
	firstFailure string
}

func (r *result) p(q float64) time.Duration {
	if len(r.latencies) == 0 {
		return 0
	}
	slices.Sort(r.latencies)
	return r.latencies[min(len(r.latencies)-1, int(q*float64(len(r.latencies))))]
}

// request sends the n-th request of t as applicant a (ignored when t is
// anonymous) and says whether it was answered 200.
func (s *server) request(t target, a applicant, n int64) (bool, string) {
	h := map[string]string{}
	if t.signedIn {
		h["Cookie"] = a.cookie
	}
	var body string
	if t.body != nil {
		body = t.body(n)
	}
	status, out, err := s.call(t.method, t.path, body, h)
	if err != nil {
		return false, err.Error()
	}
	if status != 200 {
		return false, fmt.Sprintf("%d %.200s", status, out)
	}
	return true, ""
}

// closedLoop has clients send t back to back for d: each sends its next
// request when the last is answered.
func (s *server) closedLoop(t target, people []applicant, clients int, d time.Duration) result {
	var seq, ok, failed atomic.Int64
	var first atomic.Value
	var wg sync.WaitGroup
	cpuBefore := s.cpu()
	start := time.Now()
	deadline := start.Add(d)
	for i := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a := people[i%len(people)]
			for time.Now().Before(deadline) {
				if good, why := s.request(t, a, seq.Add(1)); good {
					ok.Add(1)
				} else {
					failed.Add(1)
					first.CompareAndSwap(nil, why)
				}
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	r := result{sent: seq.Load(), ok: ok.Load(), failed: failed.Load(), perSec: float64(ok.Load()) / elapsed.Seconds()}
	if r.ok > 0 {
		r.cpuPerReq = (s.cpu() - cpuBefore) / time.Duration(r.ok)
	}
	if f, _ := first.Load().(string); f != "" {
		r.firstFailure = f
	}
	return r
}

// openLoop sends t at rate per second for d, each request at its own time
// whatever became of the earlier ones, and measures each latency from the
// time the request was due: a server that falls behind is charged for the
// wait as well (no coordinated omission).
func (s *server) openLoop(t target, people []applicant, rate int, d time.Duration) result {
	n := int(float64(rate) * d.Seconds())
	interval := time.Second / time.Duration(rate)
	latencies := make([]time.Duration, n)
	var ok, failed atomic.Int64
	var first atomic.Value
	var wg sync.WaitGroup
	start := time.Now()
	for i := range n {
		due := start.Add(time.Duration(i) * interval)
		if wait := time.Until(due); wait > 0 {
			time.Sleep(wait)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			good, why := s.request(t, people[i%len(people)], int64(i))
			latencies[i] = time.Since(due)
			if good {
				ok.Add(1)
			} else {
				failed.Add(1)
				first.CompareAndSwap(nil, why)
			}
		}()
	}
	wg.Wait()
	r := result{sent: int64(n), ok: ok.Load(), failed: failed.Load(), latencies: latencies, perSec: float64(ok.Load()) / time.Since(start).Seconds()}
	if f, _ := first.Load().(string); f != "" {
		r.firstFailure = f
	}
	return r
}

func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "?"
	}
	return strings.Join(f[:3], " ")
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func spread(xs []float64, format string) string {
	if len(xs) < 2 {
		return ""
	}
	return fmt.Sprintf(" (rounds "+format+"–"+format+")", slices.Min(xs), slices.Max(xs))
}

func us(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1000 }

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000) }

func run(bin, dbURL string, clients, rounds int, d, openD time.Duration, only string) error {
	want := func(name string) bool {
		return only == "" || slices.Contains(strings.Split(only, ","), name)
	}
	dialect := "SQLite"
	if dbURL != "" {
		dialect = "PostgreSQL"
	}
	fmt.Printf("perfload: %s on %s, %d cores, %d clients, %d rounds of %v; load average %s\n", bin, dialect, runtime.NumCPU(), clients, rounds, d, loadAverage())
	s, err := start(bin, dbURL)
	if err != nil {
		return err
	}
	defer s.stop()

	// The consents' wording in force, which a new account must name.
	_, out, err := s.call("GET", "/api/trpc/consents.current", "", nil)
	if err != nil {
		return err
	}
	var current struct {
		Result struct {
			Data struct {
				Consents []struct{ Kind, Version string }
			}
		}
	}
	if err := json.Unmarshal(out, &current); err != nil {
		return fmt.Errorf("consents.current: %w: %s", err, out)
	}
	versions := map[string]string{}
	for _, c := range current.Result.Data.Consents {
		versions[c.Kind] = c.Version
	}
	people := make([]applicant, clients)
	for i := range people {
		if people[i], err = s.signUp(fmt.Sprintf("load-%03d@example.com", i), fmt.Sprintf("10.21.%d.%d", i/250, 1+i%250), versions); err != nil {
			return err
		}
	}
	// Every target answers before anything is measured, and the server has
	// warmed up (each applicant's loan read, the answers of the policies).
	for _, t := range []target{bare, pages, estimate, save} {
		for i, a := range people {
			if good, why := s.request(t, a, int64(i)); !good {
				return fmt.Errorf("%s: %s", t.name, why)
			}
		}
	}
	s.closedLoop(bare, people, clients, time.Second)

	var pagesRatio, estimateRatio, estimateRate, saveRate, saveRatio []float64
	// The same ratios by the server's CPU per request (the bare endpoint's
	// over the target's): what the rates' ratio would be if the server had
	// the cores to itself, and far steadier than it on a shared machine.
	var pagesCPU, estimateCPU []float64
	failures := map[string]string{}
	note := func(t target, r result) string {
		if r.failed > 0 {
			failures[t.name] = fmt.Sprintf("%d of %d failed, first: %s", r.failed, r.sent, r.firstFailure)
			return fmt.Sprintf(", %d failed", r.failed)
		}
		return ""
	}
	for round := 1; round <= rounds; round++ {
		fmt.Printf("round %d (load average %s):", round, loadAverage())
		for _, t := range []target{pages, estimate, save} {
			if !want(map[string]string{pages.name: "pages", estimate.name: "estimate", save.name: "save"}[t.name]) {
				continue
			}
			b := s.closedLoop(bare, people, clients, d)
			r := s.closedLoop(t, people, clients, d)
			ratio := r.perSec / b.perSec
			cpuRatio := 0.0
			if r.cpuPerReq > 0 {
				cpuRatio = float64(b.cpuPerReq) / float64(r.cpuPerReq)
			}
			fmt.Printf("\n  bare %6.0f/s (%3.0f cpu-µs)%s | %-28s %6.0f/s (%4.0f cpu-µs) = %.3f of bare%s", b.perSec, us(b.cpuPerReq), note(bare, b), t.name, r.perSec, us(r.cpuPerReq), ratio, note(t, r))
			switch t.name {
			case pages.name:
				pagesRatio, pagesCPU = append(pagesRatio, ratio), append(pagesCPU, cpuRatio)
			case estimate.name:
				estimateRatio, estimateRate, estimateCPU = append(estimateRatio, ratio), append(estimateRate, r.perSec), append(estimateCPU, cpuRatio)
			case save.name:
				saveRate, saveRatio = append(saveRate, r.perSec), append(saveRatio, ratio)
			}
		}
		fmt.Println()
	}
	var openBare, openEstimate result
	if want("open") {
		fmt.Printf("open loop, %d/s for %v each (load average %s):\n", openLoopRate, openD, loadAverage())
		openBare = s.openLoop(bare, people, openLoopRate, openD)
		fmt.Printf("  %-28s p50 %s, p99 %s, max %s; %d sent%s\n", bare.name, ms(openBare.p(0.5)), ms(openBare.p(0.99)), ms(openBare.p(1)), openBare.sent, note(bare, openBare))
		openEstimate = s.openLoop(estimate, people, openLoopRate, openD)
		fmt.Printf("  %-28s p50 %s, p99 %s, max %s; %d sent%s\n", estimate.name, ms(openEstimate.p(0.5)), ms(openEstimate.p(0.99)), ms(openEstimate.p(1)), openEstimate.sent, note(estimate, openEstimate))
	}

	fmt.Printf("\nbudgets (issue 21), medians of %d rounds; load average %s:\n", rounds, loadAverage())
	missed := false
	verdict := func(ok bool, line string, args ...any) {
		mark := "PASS"
		if !ok {
			mark, missed = "FAIL", true
		}
		fmt.Printf("  %s  "+line+"\n", append([]any{mark}, args...)...)
	}
	if len(pagesRatio) > 0 {
		m := median(pagesRatio)
		verdict(m >= budgetPages && failures[pages.name] == "", "signed-in page read (funnel.pages) / bare:        %.3f%s; by CPU per request %.3f  (budget: at least 0.333)", m, spread(pagesRatio, "%.3f"), median(pagesCPU))
	}
	if len(estimateRatio) > 0 {
		m := median(estimateRatio)
		verdict(m >= budgetEstimate && failures[estimate.name] == "", "prequal.estimate / bare, closed loop:            %.3f%s, %.0f/s; by CPU per request %.3f  (budget: at least 0.06)", m, spread(estimateRatio, "%.3f"), median(estimateRate), median(estimateCPU))
	}
	if openEstimate.sent > 0 {
		p99 := openEstimate.p(0.99)
		verdict(p99 < budgetEstimateP99 && openEstimate.failed == 0, "prequal.estimate p99 at %d/s, open loop:         %s  (budget: under 50 ms; bare's p99 %s)", openLoopRate, ms(p99), ms(openBare.p(0.99)))
	}
	if len(saveRate) > 0 {
		m := median(saveRate)
		ok := m >= budgetSavesPerSec && failures[save.name] == ""
		if dbURL == "" {
			verdict(ok, "application.save, %d clients, SQLite:            %.0f/s%s = %.3f of bare  (budget: at least 1,000/s)", clients, m, spread(saveRate, "%.0f"), median(saveRatio))
		} else {
			fmt.Printf("  ----  application.save, %d clients, PostgreSQL:        %.0f/s = %.3f of bare  (the budget is SQLite's)\n", clients, m, median(saveRatio))
		}
	}
	for name, f := range failures {
		fmt.Printf("  %s: %s\n", name, f)
	}
	if missed {
		return errors.New("a budget was missed")
	}
	return nil
}
