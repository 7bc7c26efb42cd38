package web_test

import (
	"context"
	"encoding/json"
	"net/url"
	"os"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/store"
	"github.com/heloc/heloc/server/store/storetest"
	"github.com/heloc/heloc/server/web"
)

// BenchmarkPortalPipeline measures portal.pipeline over loopback HTTP, as
// an administrator's browser calls it (session, access policy, query,
// JSON), with 100,000 seeded loans (PIPELINE_BENCH_LOANS to change) on
// SQLite and on PostgreSQL (TEST_DATABASE_URL; skipped without one): the
// first page, and searches by a last name, a full name and an e-mail. It
// reports the median and the 95th percentile of the requests' times; the
// budget is a median under 50 ms. Seeding is not timed. Only -bench runs
// it, so `go test ./...` stays fast:
//
//	go test ./server/web -run '^$' -bench PortalPipeline -benchtime 200x
func BenchmarkPortalPipeline(b *testing.B) {
	n := 100_000
	if v, err := strconv.Atoi(os.Getenv("PIPELINE_BENCH_LOANS")); err == nil && v > 0 {
		n = v
	}
	for _, dialect := range storetest.Dialects {
		b.Run(dialect, func(b *testing.B) {
			s := mustOpenServerAt(b, web.Config{}, storetest.DSN(b, dialect))
			const pw = "staff password 1"
			admin := s.enrol(b, "ada@example.com", domain.RoleAdministrator, pw)
			lo := s.enrol(b, "lee@example.com", "loanOfficer", pw)
			start := time.Now()
			if _, err := s.DB.SeedPipeline(context.Background(), store.PipelineSeed{Loans: n, Seed: 42,
				Statuses: []string{"propertyValue", "zip", "creditScore", "previewOffer", "application", "application4", "disclosures", "incomeDocs", "applicationSubmitted"},
				States:   []string{"CA", "TX", "FL", "WA", "CO", "AZ", "IL", "PA", "OH", "GA"},
				Team:     []string{"", "", admin.User.ID, lo.User.ID},
				Tags:     []string{"", "", "", "acme-7"},
			}); err != nil {
				b.Fatal(err)
			}
			b.Logf("%s: seeded %d loans in %s", dialect, n, time.Since(start).Round(time.Millisecond))
			browser := s.browser(b)
			browser.signInStaff(admin, pw)
			_, first := browser.trpc("GET", "portal.pipeline", `{"sort":"name","direction":"asc"}`)
			var page struct{ Next string }
			if first.Result == nil || json.Unmarshal(first.Result.Data, &page) != nil || page.Next == "" {
				b.Fatalf("got %+v, want a first page sorted by name with a next page", first)
			}
			nameCursor := page.Next
			for _, bc := range []struct{ name, input string }{
				{"first-page", `{}`},
				{"search-last-name", `{"search":"garc"}`},
				{"search-full-name", `{"search":"maria rodriguez"}`},
				{"search-email", `{"search":"james.smith."}`},
				{"filtered-by-status-and-state", `{"statuses":["application"],"state":"TX"}`},
				{"filtered-by-loan-officer", `{"loanOfficerId":"` + lo.User.ID + `"}`},
				{"sorted-by-name-page-2", `{"sort":"name","direction":"asc","cursor":"` + nameCursor + `"}`},
			} {
				b.Run(bc.name, func(b *testing.B) {
					path := "/api/trpc/portal.pipeline?input=" + url.QueryEscape(bc.input)
					times := make([]time.Duration, 0, b.N)
					for b.Loop() {
						t0 := time.Now()
						resp, body := browser.send("GET", path, "", "", nil)
						times = append(times, time.Since(t0))
						if resp.StatusCode != 200 {
							b.Fatalf("got %d %s", resp.StatusCode, body)
						}
					}
					slices.Sort(times)
					b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "median-ms")
					b.ReportMetric(float64(times[len(times)*95/100].Microseconds())/1000, "p95-ms")
				})
			}
		})
	}
}
