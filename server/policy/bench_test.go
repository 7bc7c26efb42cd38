package policy_test

import (
	"context"
	"encoding/json"
	"io/fs"
	"maps"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/open-policy-agent/opa/v1/loader"
	"github.com/open-policy-agent/opa/v1/rego"
	"github.com/open-policy-agent/opa/v1/storage/inmem"

	"github.com/heloc/heloc/fixtures"
	"github.com/heloc/heloc/rules"
)

// entrypointOf maps the prefix of a fixtures/policy-inputs file to the
// entrypoint its input is for.
var entrypointOf = map[string]string{
	"eligibility": "heloc.eligibility.decision",
	"offer":       "heloc.offer.preview",
	"documents":   "heloc.documents.requirements",
	"employment":  "heloc.employment.history",
	"resume":      "heloc.routing.resume",
	"access":      "heloc.access.decision",
	"notice":      "heloc.notice.adverse_action",
	"monitoring":  "heloc.monitoring.adverse_impact",
	// The other entrypoints the server asks with an input, each on an
	// input as the server gives it (most recorded by a journey).
	"draw":         "heloc.offer.draw",
	"example":      "heloc.offer.example",
	"payments":     "heloc.offer.payments",
	"readiness":    "heloc.submission.readiness",
	"terms":        "heloc.submission.terms",
	"underwriting": "heloc.underwriting.decision",
	"licensing":    "heloc.licensing.lookup",
	"pull":         "heloc.credit.pull",
	"declarations": "heloc.declarations.carried",
	"residence":    "heloc.declarations.residence",
	"birthdates":   "heloc.identity.birth_dates",
	"history":      "heloc.identity.residence_history",
}

type example struct {
	name, entrypoint string
	input            any
}

func examples(tb testing.TB) []example {
	tb.Helper()
	names, err := fs.Glob(fixtures.FS, "policy-inputs/*.json")
	if err != nil {
		tb.Fatal(err)
	}
	var out []example
	for _, name := range names {
		base := strings.TrimSuffix(strings.TrimPrefix(name, "policy-inputs/"), ".json")
		prefix, _, _ := strings.Cut(base, "-")
		entrypoint, ok := entrypointOf[prefix]
		if !ok {
			tb.Fatalf("%s: no entrypoint for prefix %q", name, prefix)
		}
		b, err := fs.ReadFile(fixtures.FS, name)
		if err != nil {
			tb.Fatal(err)
		}
		var input any
		if err := json.Unmarshal(b, &input); err != nil {
			tb.Fatalf("%s: %v", name, err)
		}
		out = append(out, example{name: base, entrypoint: entrypoint, input: input})
	}
	out = append(out, example{name: "conditions-catalog", entrypoint: "heloc.conditions.catalog"},
		example{name: "funnel-application-pages", entrypoint: "heloc.funnel.pages", input: map[string]any{
			"path": "/app/application/4", "applicationStatus": "application5",
			"answers": map[string]any{"hasCoborrower": true, "isSelfEmployed": true}}})
	return out
}

// Every realistic input of fixtures/ gives its entrypoint a result.
func TestEveryFixtureInputDecides(t *testing.T) {
	e := MustLoad(t, rules.FS)
	for _, ex := range examples(t) {
		t.Run(ex.name, func(t *testing.T) {
			out, err := e.Decide(context.Background(), ex.entrypoint, ex.input)
			if err != nil {
				t.Fatal(err)
			}
			if out == nil {
				t.Fatalf("got no result from %s", ex.entrypoint)
			}
		})
	}
}

// plainTree loads rules/ the way `opa eval -d rules/` does, without tests.
func plainTree(tb testing.TB) *loader.Result {
	tb.Helper()
	loaded, err := loader.NewFileLoader().WithProcessAnnotation(true).WithFS(rules.FS).Filtered([]string{"."}, func(_ string, info fs.FileInfo, _ int) bool {
		return !info.IsDir() && (strings.HasSuffix(info.Name(), "_test.rego") || (strings.HasSuffix(info.Name(), ".yaml") && info.Name() != "data.yaml"))
	})
	if err != nil {
		tb.Fatal(err)
	}
	return loaded
}

// plainEval evaluates entrypoint from scratch, with nothing prepared or
// partially evaluated: the reference the Engine's answers must match.
func plainEval(tb testing.TB, loaded *loader.Result, entrypoint string, input any) any {
	tb.Helper()
	opts := []func(*rego.Rego){rego.Query("data." + entrypoint), rego.Store(inmem.NewFromObject(loaded.Documents)), rego.Input(input)}
	for _, m := range loaded.ParsedModules() {
		opts = append(opts, rego.ParsedModule(m))
	}
	rs, err := rego.New(opts...).Eval(context.Background())
	if err != nil || len(rs) != 1 {
		tb.Fatal(rs, err)
	}
	return rs[0].Expressions[0].Value
}

// The Engine prepares its queries with partial evaluation; on every
// realistic input it must decide exactly what plain evaluation decides.
func TestEngineMatchesPlainEvaluation(t *testing.T) {
	e := MustLoad(t, rules.FS)
	loaded := plainTree(t)
	for _, ex := range examples(t) {
		t.Run(ex.name, func(t *testing.T) {
			got, err := e.Decide(context.Background(), ex.entrypoint, ex.input)
			if err != nil {
				t.Fatal(err)
			}
			gotJSON, _ := json.Marshal(got)
			wantJSON, _ := json.Marshal(plainEval(t, loaded, ex.entrypoint, ex.input))
			if string(gotJSON) != string(wantJSON) {
				t.Fatalf("got  %s\nwant %s", gotJSON, wantJSON)
			}
		})
	}
}

// BenchmarkEntrypoints evaluates each entrypoint on the realistic inputs of
// fixtures/policy-inputs through the prepared engine and, for the ratio, the
// largest input of each entrypoint (the full application, for documents)
// with its query prepared from scratch, in the same run. Besides the mean (ns/op), each reports the median of its
// evaluations (median-µs), which a garbage collection or a busy neighbour
// during a few of them does not move.
func BenchmarkEntrypoints(b *testing.B) {
	ctx := context.Background()
	e := MustLoad(b, rules.FS)
	for _, ex := range examples(b) {
		b.Run("prepared/"+ex.name, func(b *testing.B) {
			b.ReportAllocs()
			m := newMedian()
			for b.Loop() {
				start := time.Now()
				if _, err := e.Decide(ctx, ex.entrypoint, ex.input); err != nil {
					b.Fatal(err)
				}
				m.add(time.Since(start))
			}
			m.report(b)
		})
	}
	// The baseline: compile the policy tree and prepare the one query for
	// every decision, as a server that did not prepare once would.
	loaded := plainTree(b)
	largest := map[string]example{}
	var order []string
	for _, ex := range examples(b) {
		was, seen := largest[ex.entrypoint]
		if !seen {
			order = append(order, ex.entrypoint)
		}
		if !seen || size(ex.input) > size(was.input) {
			largest[ex.entrypoint] = ex
		}
	}
	for _, entrypoint := range order {
		ex := largest[entrypoint]
		b.Run("from-scratch/"+ex.name, func(b *testing.B) {
			b.ReportAllocs()
			m := newMedian()
			for b.Loop() {
				start := time.Now()
				plainEval(b, loaded, ex.entrypoint, ex.input)
				m.add(time.Since(start))
			}
			m.report(b)
		})
	}
}

// size is the length of v written as JSON.
func size(v any) int {
	b, _ := json.Marshal(v)
	return len(b)
}

// median gathers the durations of a benchmark's evaluations (up to a
// fixed number, with room set aside before the loop, which b.Loop leaves
// out of the measure, so that gathering them allocates nothing per
// evaluation) and reports their median: of the wall clock (median-µs),
// and of the CPU time of the thread that evaluated (median-cpu-µs, where
// the OS gives it; see threadCPU), which a loaded machine that keeps the
// evaluation waiting for a core moves far less than the wall clock: the
// figure to compare with a quiet machine's. add starts the next
// evaluation's CPU clock; the goroutine is locked to its thread for the
// benchmark (newMedian), so that the thread's clock is the evaluation's.
type median struct {
	d, cpu []time.Duration
	last   time.Duration
	cpuOK  bool
}

func newMedian() *median {
	runtime.LockOSThread()
	m := &median{d: make([]time.Duration, 0, 1<<16), cpu: make([]time.Duration, 0, 1<<16)}
	m.last, m.cpuOK = threadCPU()
	return m
}

func (m *median) add(d time.Duration) {
	now, ok := threadCPU()
	if len(m.d) < cap(m.d) {
		m.d = append(m.d, d)
		if m.cpuOK && ok {
			m.cpu = append(m.cpu, now-m.last)
		}
	}
	m.last, m.cpuOK = now, ok
}

func (m *median) report(b *testing.B) {
	defer runtime.UnlockOSThread()
	if len(m.d) == 0 {
		return
	}
	slices.Sort(m.d)
	b.ReportMetric(float64(m.d[len(m.d)/2].Nanoseconds())/1e3, "median-µs")
	if len(m.cpu) > 0 {
		slices.Sort(m.cpu)
		b.ReportMetric(float64(m.cpu[len(m.cpu)/2].Nanoseconds())/1e3, "median-cpu-µs")
	}
}

// offerWithDti is a submission's facts (issue 20's contract): both bureau
// scores, mortgages with their payments, income, debts and a chosen line, so
// that heloc.offer.preview runs the DTI rule, the line chosen and the
// payments.
var offerWithDti = map[string]any{
	"today": "2026-11-28", "stage": "submission", "creditSource": "bureau",
	"creditScores":  map[string]any{"borrower": 742, "coborrower": 715},
	"propertyValue": 640000, "propertyUsage": "primaryResidence", "propertyState": "CA",
	"propertyType": "singleFamily", "propertyUnits": 1, "hasFbm": false,
	"mortgages": []any{
		map[string]any{"balance": 200000, "monthlyPayment": 1400, "latePaymentDays": 0, "latePaymentDate": nil, "source": "bureau", "confirmed": true},
		map[string]any{"balance": 30000, "monthlyPayment": 310, "latePaymentDays": 0, "latePaymentDate": nil, "source": "borrower", "confirmed": nil},
	},
	"annualIncome":  150000,
	"debts":         []any{map[string]any{"monthlyPayment": 450, "type": "auto", "source": "bureau"}, map[string]any{"monthlyPayment": 120, "type": "card", "source": "bureau"}},
	"requestedLine": 150000,
}

// benchDecide reports the mean and the median of entrypoint on input through
// the prepared engine.
func benchDecide(b *testing.B, entrypoint string, input any) {
	ctx := context.Background()
	e := MustLoad(b, rules.FS)
	b.ReportAllocs()
	m := newMedian()
	for b.Loop() {
		start := time.Now()
		if _, err := e.Decide(ctx, entrypoint, input); err != nil {
			b.Fatal(err)
		}
		m.add(time.Since(start))
	}
	m.report(b)
}

// BenchmarkOfferPreviewWithDti: the preview offer of a submission, with the
// DTI rule, the line chosen, its payments and the TILA example.
func BenchmarkOfferPreviewWithDti(b *testing.B) {
	benchDecide(b, "heloc.offer.preview", offerWithDti)
}

// BenchmarkOfferPreviewDtiTooHigh: the same facts with an income the
// smallest line does not fit (the refusal and its weight).
func BenchmarkOfferPreviewDtiTooHigh(b *testing.B) {
	input := maps.Clone(offerWithDti)
	input["annualIncome"] = 30000
	benchDecide(b, "heloc.offer.preview", input)
}

// BenchmarkPayments: heloc.offer.payments, the one payment arithmetic.
func BenchmarkPayments(b *testing.B) {
	benchDecide(b, "heloc.offer.payments", map[string]any{"balance": 150000, "apr": 8.25})
}

// Each notice input of fixtures/policy-inputs is the notice as the server
// asks it: the facts, and as input.decision the preview offer the rules
// decide on those facts (the decision the notice explains). A change of
// the rules that changes that preview fails here until the fixture's
// decision is written again.
func TestNoticeFixturesExplainTheirOwnPreview(t *testing.T) {
	ctx := context.Background()
	e := MustLoad(t, rules.FS)
	for _, ex := range examples(t) {
		if ex.entrypoint != "heloc.notice.adverse_action" {
			continue
		}
		t.Run(ex.name, func(t *testing.T) {
			input, ok := ex.input.(map[string]any)
			if !ok || input["decision"] == nil {
				t.Fatalf("%s gives no decision to explain", ex.name)
			}
			facts := maps.Clone(input)
			delete(facts, "decision")
			preview, err := e.Decide(ctx, "heloc.offer.preview", facts)
			if err != nil {
				t.Fatal(err)
			}
			got, _ := json.Marshal(input["decision"])
			want, _ := json.Marshal(preview)
			if string(got) != string(want) {
				t.Fatalf("the fixture's decision is not the preview of its facts:\n got %s\nwant %s", got, want)
			}
		})
	}
}

// DecideAll gives, for entrypoints decided together on one input, what
// Decide gives for each (an estimate's eligibility and preview offer on
// every offer input of fixtures/policy-inputs).
func TestDecideAllMatchesDecide(t *testing.T) {
	ctx := context.Background()
	e := MustLoad(t, rules.FS)
	pair := []string{"heloc.eligibility.decision", "heloc.offer.preview"}
	for _, ex := range examples(t) {
		if ex.entrypoint != "heloc.offer.preview" {
			continue
		}
		t.Run(ex.name, func(t *testing.T) {
			got, err := e.DecideAll(ctx, ex.input, pair...)
			if err != nil {
				t.Fatal(err)
			}
			for i, ep := range pair {
				want, err := e.Decide(ctx, ep, ex.input)
				if err != nil {
					t.Fatal(err)
				}
				gotJSON, _ := json.Marshal(got[i])
				wantJSON, _ := json.Marshal(want)
				if string(gotJSON) != string(wantJSON) {
					t.Errorf("%s together: %s\nalone: %s", ep, gotJSON, wantJSON)
				}
			}
		})
	}
}

// BenchmarkEstimate: an estimate's two decisions (eligibility, then the
// preview offer that reads it again) one by one and together, in the
// same run.
func BenchmarkEstimate(b *testing.B) {
	ctx := context.Background()
	e := MustLoad(b, rules.FS)
	input := offerWithDti
	for _, ex := range examples(b) {
		if ex.name == "offer-prime" {
			input = ex.input.(map[string]any)
		}
	}
	b.Run("one-by-one", func(b *testing.B) {
		m := newMedian()
		for b.Loop() {
			start := time.Now()
			for _, ep := range []string{"heloc.eligibility.decision", "heloc.offer.preview"} {
				if _, err := e.Decide(ctx, ep, input); err != nil {
					b.Fatal(err)
				}
			}
			m.add(time.Since(start))
		}
		m.report(b)
	})
	b.Run("together", func(b *testing.B) {
		m := newMedian()
		for b.Loop() {
			start := time.Now()
			if _, err := e.DecideAll(ctx, input, "heloc.eligibility.decision", "heloc.offer.preview"); err != nil {
				b.Fatal(err)
			}
			m.add(time.Since(start))
		}
		m.report(b)
	})
}
