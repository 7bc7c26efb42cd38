//go:build unix

package impact_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/heloc/heloc/rules"
	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/impact"
	"github.com/heloc/heloc/server/impact/impacttest"
	"github.com/heloc/heloc/server/policy"
)

// BenchmarkCompare100k measures `heloc policy impact` over 100,000 stored
// decisions: 50,000 visitors' estimates, each an eligibility decision and
// a preview offer recorded together, with the minimum credit score raised
// by 20 as the proposed rules. Setting up takes a while; run it alone:
//
//	go test ./server/impact -run '^$' -bench Compare100k -benchtime 1x
//
// "stored-under-live": the decisions were made under the revision live
// now, so only the proposed rules decide them again (the usual case right
// after a publish). "stored-under-another": they were made under another
// revision, so both the live and the proposed rules decide each (every
// decision evaluated twice).
//
// The estimates are made from 200 different answers (scores 600-799,
// values and balances that vary with them, five states), each answer's
// results decided once under the embedded rules; every stored input also
// carries its sequence number (a field no rule reads), so no two
// estimates share an input and each is decided on its own.
func BenchmarkCompare100k(b *testing.B) {
	for _, dialect := range []string{"sqlite", "postgres"} {
		b.Run(dialect, func(b *testing.B) {
			if dialect == "postgres" && os.Getenv("IMPACT_BENCH_POSTGRES") == "" {
				b.Skip("set IMPACT_BENCH_POSTGRES=1 to write the 100,000 rows to PostgreSQL too")
			}
			ctx := context.Background()
			// As `heloc policy impact` runs (server/cmd/heloc, policyCommand).
			if os.Getenv("GOGC") == "" {
				defer debug.SetGCPercent(debug.SetGCPercent(400))
			}
			f := newFixture(b, dialect)
			estimates := 50000
			if n, err := strconv.Atoi(os.Getenv("IMPACT_BENCH_ESTIMATES")); err == nil && n > 0 {
				estimates = n // a smaller run, to profile
			}
			pool := estimatePool(b, f, 200)
			start := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
			written := time.Now()
			// A hundred estimates a transaction, each transaction a
			// millisecond after the last (the server writes one estimate a
			// transaction; this only makes the setting up shorter).
			const perWrite = 100
			for i := 0; i < estimates; i += perWrite {
				batch := make([]*domain.Decision, 0, 2*perWrite)
				for j := i; j < min(i+perWrite, estimates); j++ {
					p := pool[j%len(pool)]
					p.input["seq"] = j
					in, err := json.Marshal(p.input)
					if err != nil {
						b.Fatal(err)
					}
					batch = append(batch,
						&domain.Decision{Entrypoint: impact.Eligibility, Input: in, Result: p.eligibility, Revision: f.baseline.Revision()},
						&domain.Decision{Entrypoint: impact.Offer, Input: in, Result: p.offer, Revision: f.baseline.Revision()})
				}
				f.db.Now = func() time.Time { return start.Add(time.Duration(i) * time.Millisecond) }
				if err := f.db.CreateDecisions(ctx, batch...); err != nil {
					b.Fatal(err)
				}
			}
			b.Logf("wrote %d decisions in %s", 2*estimates, time.Since(written).Round(time.Second))
			dir, _ := impacttest.RaisedMinimum(b)
			proposed := load(b, dir)
			// The same rules under another revision: a comment added.
			other := b.TempDir()
			if err := os.CopyFS(other, rules.FS); err != nil {
				b.Fatal(err)
			}
			name := filepath.Join(other, "heloc", "eligibility", "decision.rego")
			src, err := os.ReadFile(name)
			if err != nil {
				b.Fatal(err)
			}
			if err := os.WriteFile(name, append(src, "\n# another revision\n"...), 0o644); err != nil {
				b.Fatal(err)
			}
			for _, c := range []struct {
				name     string
				baseline *policy.Engine
			}{{"stored-under-live", f.baseline}, {"stored-under-another", load(b, other)}} {
				b.Run(c.name, func(b *testing.B) {
					for b.Loop() {
						cpu := cpuTime()
						report, err := impact.Compare(ctx, f.db, c.baseline, proposed, impact.Options{})
						if err != nil {
							b.Fatal(err)
						}
						e := report.Entrypoints[impact.Eligibility]
						if e.Compared+report.Entrypoints[impact.Offer].Compared != 2*estimates || e.EligibleToIneligible == 0 {
							b.Fatalf("got %s", mustJSON(report.Entrypoints))
						}
						b.ReportMetric(float64(2*estimates), "decisions/op")
						// The process's CPU time (both cores' together): on an
						// otherwise idle machine the run takes about half of it.
						b.ReportMetric((cpuTime() - cpu).Seconds(), "cpu-s/op")
					}
				})
			}
		})
	}
}

// cpuTime is the CPU time the process has used, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

type pooled struct {
	input              map[string]any
	eligibility, offer json.RawMessage
}

// estimatePool decides n different estimates under the embedded rules.
func estimatePool(b *testing.B, f *fixture, n int) []pooled {
	ctx := context.Background()
	states := []string{"CA", "TX", "FL", "NY", "WA"}
	out := make([]pooled, n)
	for i := range n {
		score, value := 600+i, 300000+i*5000
		input := map[string]any{"creditScore": score, "creditSource": "selfReported", "hasFbm": false, "mortgageBalance": value / 2, "mortgages": []any{},
			"propertyState": states[i%len(states)], "propertyType": "singleFamily", "propertyUsage": "primaryResidence", "propertyValue": value,
			"stage": "estimate", "today": "2026-11-22"}
		results, err := f.baseline.DecideAll(ctx, input, impact.Eligibility, impact.Offer)
		if err != nil {
			b.Fatal(err)
		}
		e, err1 := json.Marshal(results[0])
		o, err2 := json.Marshal(results[1])
		if err1 != nil || err2 != nil {
			b.Fatal(fmt.Errorf("%v %v", err1, err2))
		}
		out[i] = pooled{input: input, eligibility: e, offer: o}
	}
	return out
}
