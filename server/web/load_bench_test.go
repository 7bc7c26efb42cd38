package web_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"runtime"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/valyala/fasthttp"

	"github.com/heloc/heloc/server/accounts"
	"github.com/heloc/heloc/server/botcheck"
	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/web"
)

// loadClients is how many signed-in applicants send requests at once.
const loadClients = 64

// unlimited lets every request through: the load below comes from one
// address, and what is measured is the save, not the rate limiter.
type unlimited struct{}

func (unlimited) Allow(string, int, time.Duration) (bool, time.Duration) { return true, 0 }

// BenchmarkFunnelSave is the load generator for architecture.md's
// throughput budget: 64 signed-in applicants, each with their own loan,
// save a funnel step (prequal.save: validate, write, decide) as fast as the
// server answers, on SQLite, side by side in one run with the bare JSON
// endpoint (system.info), the signed-in policy read funnel.pages and a
// step of the full application (application.save). Each
// sub-benchmark reports requests per second (req/s) and counts the answers
// that were not 200 (failed), 5xx and SQLite busy errors (busy, from the
// server's log too). A measurement, not a test: run it with `make perf`, or
//
//	go test ./server/web -run '^$' -bench FunnelSave -benchtime 5s
//
// The budget is at least 1,000 saves per second with no busy errors, and
// the signed-in page read at least a third of the bare endpoint's rate.
func BenchmarkFunnelSave(b *testing.B) {
	s := MustOpenServer(b, web.Config{Limiter: unlimited{}, PagesLimit: -1, EstimateLimit: -1})
	cookies := make([]string, loadClients)
	for i := range cookies {
		cookies[i] = signedInApplicant(b, s, fmt.Sprintf("load-%02d@example.com", i))
	}
	// fasthttp's client (the server's own HTTP library) costs the shared
	// CPUs less per request than net/http's, so more of them measure the server.
	client := &fasthttp.Client{MaxConnsPerHost: loadClients}
	b.Cleanup(client.CloseIdleConnections)

	pagesInput := url.QueryEscape(`{"path":"/app/initial-setup/property-value"}`)
	for _, bc := range []struct {
		name, method, path string
		body               func(n int64) string
	}{
		{name: "bare-json", method: "GET", path: "/api/trpc/system.info"},
		{name: "funnel.pages", method: "GET", path: "/api/trpc/funnel.pages?input=" + pagesInput},
		{name: "prequal.save", method: "POST", path: "/api/trpc/prequal.save", body: func(n int64) string {
			// A new value each time, so every save writes.
			return fmt.Sprintf(`{"path":"/app/initial-setup/property-value","answers":{"propertyValue":%d}}`, 400000+n%100000)
		}},
		{name: "application.save", method: "POST", path: "/api/trpc/application.save", body: func(n int64) string {
			// A step of the full application: Personal Info, validated
			// against #PersonalInfoSection, merged into the sealed
			// application and written with the loan's status.
			return `{"path":"/app/application/1","section":{"user":` + strings.Replace(personalInfo, `"Pat"`, `"Pat`+string(rune('a'+n%26))+`"`, 1) + `}}`
		}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			do := func(cookie string, n int64) (int, string, error) {
				req, resp := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
				defer fasthttp.ReleaseRequest(req)
				defer fasthttp.ReleaseResponse(resp)
				req.SetRequestURI(s.URL + bc.path)
				req.Header.SetMethod(bc.method)
				req.Header.Set("X-Same-Origin", "1")
				req.Header.Set("Cookie", cookie)
				if bc.body != nil {
					req.SetBodyString(bc.body(n))
					req.Header.Set("Origin", s.URL)
					req.Header.SetContentType("application/json")
					req.Header.Set("X-Recaptcha-Token", botcheck.SandboxPrefix+"api_update")
				}
				if err := client.Do(req, resp); err != nil {
					return 0, "", err
				}
				return resp.StatusCode(), string(resp.Body()), nil
			}
			if status, out, err := do(cookies[0], 0); err != nil || status != http.StatusOK {
				if strings.Contains(out, "NOT_FOUND") && bc.name == "prequal.save" {
					b.Skip("the server has no prequal.save yet")
				}
				b.Fatalf("first call: %d %s %v", status, out, err)
			}
			logBefore := s.log.String()
			var next, seq, failed, fivexx, busy atomic.Int64
			b.SetParallelism((loadClients + runtime.GOMAXPROCS(0) - 1) / runtime.GOMAXPROCS(0))
			b.ResetTimer()
			cpuBefore := processCPU()
			start := time.Now()
			b.RunParallel(func(pb *testing.PB) {
				cookie := cookies[int(next.Add(1)-1)%loadClients]
				for pb.Next() {
					status, out, err := do(cookie, seq.Add(1))
					switch {
					case err != nil:
						failed.Add(1)
					case status != http.StatusOK:
						failed.Add(1)
						if status >= 500 {
							fivexx.Add(1)
						}
						if isBusy(out) {
							busy.Add(1)
						}
					}
				}
			})
			elapsed := time.Since(start)
			cpu := processCPU() - cpuBefore
			b.StopTimer()
			if isBusy(strings.TrimPrefix(s.log.String(), logBefore)) && busy.Load() == 0 {
				busy.Add(1) // logged though not answered: still a busy error
			}
			b.ReportMetric(float64(b.N)/elapsed.Seconds(), "req/s")
			// The CPU the process (server and load generator together) spent
			// per request: on a machine that other work shares, it moves far
			// less than req/s does, and on a quiet one req/s is about the
			// cores' time divided by it.
			b.ReportMetric(float64(cpu.Microseconds())/float64(b.N), "cpu-µs/req")
			b.ReportMetric(float64(failed.Load()), "failed")
			b.ReportMetric(float64(fivexx.Load()), "5xx")
			b.ReportMetric(float64(busy.Load()), "busy")
		})
	}
}

// processCPU is the user and system CPU time this process has used so far.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func isBusy(s string) bool {
	return strings.Contains(s, "SQLITE_BUSY") || strings.Contains(s, "database is locked")
}

// signedInApplicant makes an applicant with their own loan and signs them
// in with a mailed code, returning the session cookie the browser would send.
func signedInApplicant(b *testing.B, s *testServer, email string) string {
	b.Helper()
	if _, err := s.DB.CreateApplicantWithConsents(context.Background(),
		&domain.Applicant{Email: email, FirstName: "Load", LastName: "Test"}, accounts.FirstStatus, nil); err != nil {
		b.Fatal(err)
	}
	br := s.browser(b)
	br.signIn(email)
	return "heloc-applicant.session=" + cookieValue(br, "heloc-applicant.session")
}
