package policy_test

import (
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/open-policy-agent/opa/v1/rego"
	"github.com/open-policy-agent/opa/v1/storage/inmem"
	"github.com/open-policy-agent/opa/v1/util"

	"github.com/heloc/heloc/rules"
	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/policy"
)

const funnelTables = "heloc/funnel/tables/data.yaml"

// MustLoad loads fsys into an Engine or fails the test. The embedded rules
// are loaded once for the package's tests, as the server loads them once:
// an Engine is not changed once loaded (its answer cache is a function of
// its revision and the input), and compiling the rules again for each test
// was a good part of the package's time.
func MustLoad(tb testing.TB, fsys fs.FS) *policy.Engine {
	tb.Helper()
	var e *policy.Engine
	var err error
	if fsys == rules.FS {
		e, err = loadEmbedded()
	} else {
		e, err = policy.Load(context.Background(), fsys)
	}
	if err != nil {
		tb.Fatalf("Load: %v", err)
	}
	return e
}

var loadEmbedded = sync.OnceValues(func() (*policy.Engine, error) { return policy.Load(context.Background(), rules.FS) })

// copyRules returns a writable copy of the embedded rules, for tests that
// edit a file.
func copyRules(tb testing.TB) fstest.MapFS {
	tb.Helper()
	m := fstest.MapFS{}
	err := fs.WalkDir(rules.FS, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(rules.FS, name)
		m[name] = &fstest.MapFile{Data: data}
		return err
	})
	if err != nil {
		tb.Fatal(err)
	}
	return m
}

// edit replaces old by new in the file name of m, failing if old is absent.
func edit(tb testing.TB, m fstest.MapFS, name, old, new string) {
	tb.Helper()
	s := string(m[name].Data)
	if !strings.Contains(s, old) {
		tb.Fatalf("%s does not contain %q", name, old)
	}
	m[name] = &fstest.MapFile{Data: []byte(strings.Replace(s, old, new, 1))}
}

// order decides heloc.funnel.order into step -> number.
func order(tb testing.TB, e *policy.Engine) map[string]float64 {
	tb.Helper()
	var got map[string]float64
	if err := policy.DecideInto(context.Background(), e, "heloc.funnel.order", nil, &got); err != nil {
		tb.Fatalf("DecideInto: %v", err)
	}
	return got
}

func TestDecide_FunnelOrder(t *testing.T) {
	e := MustLoad(t, rules.FS)
	for _, entrypoint := range []string{"heloc.funnel.order", "data.heloc.funnel.order"} {
		t.Run(entrypoint, func(t *testing.T) {
			v, err := e.Decide(context.Background(), entrypoint, nil)
			if err != nil {
				t.Fatalf("Decide: %v", err)
			}
			got, ok := v.(map[string]any)
			if !ok {
				t.Fatalf("got %T, want map[string]any", v)
			}
			for step, want := range map[string]json.Number{
				"propertyValue": "1", "selfReportedInformationOffer": "7.5",
				"application6": "22.5", "joinWaitlist": "27", "email": "0",
			} {
				if got[step] != want {
					t.Errorf("order[%s]: got %v, want %v", step, got[step], want)
				}
			}
			if len(got) != 41 {
				t.Errorf("got %d steps, want the spec's 41", len(got))
			}
		})
	}
}

func TestDecideInto_PrequalPages(t *testing.T) {
	e := MustLoad(t, rules.FS)
	var got struct {
		Pages []struct{ Path, Label, State string }
	}
	if err := policy.DecideInto(context.Background(), e, "heloc.funnel.pages", map[string]any{"path": "/prequal/address"}, &got); err != nil {
		t.Fatalf("DecideInto: %v", err)
	}
	if len(got.Pages) == 0 {
		t.Fatal("got no prequal pages")
	}
	if first := got.Pages[0]; first.Path != "/prequal/address" || first.State != "current" {
		t.Errorf("got first page %+v, want /prequal/address, current", first)
	}
}

func TestEntrypoints_FromModules(t *testing.T) {
	e := MustLoad(t, rules.FS)
	for _, want := range []string{"heloc.funnel.order", "heloc.funnel.sections", "heloc.funnel.pages", "heloc.funnel.routes"} {
		if !slices.Contains(e.Entrypoints(), want) {
			t.Errorf("Entrypoints() = %v, want it to hold %s", e.Entrypoints(), want)
		}
	}
}

func TestEntrypoints_SkipHelpersFunctionsAndTests(t *testing.T) {
	fsys := fstest.MapFS{
		"heloc/x/x.rego": {Data: []byte(`package heloc.x

_limit := 3

double(n) := n * 2

default answer := 0

answer := double(_limit) if input.ok

reasons contains "r" if input.ok

test_inline if answer == 0
`)},
		"heloc/x/x_test.rego": {Data: []byte("package heloc.x_test\n\ntest_y if true\n")},
	}
	e := MustLoad(t, fsys)
	want := []string{"heloc.x.answer", "heloc.x.reasons"}
	if got := e.Entrypoints(); !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	v, err := e.Decide(context.Background(), "heloc.x.answer", map[string]any{"ok": true})
	if err != nil || v != json.Number("6") {
		t.Errorf("got %v, %v, want 6", v, err)
	}
}

func TestDecide_UnknownEntrypoint(t *testing.T) {
	e := MustLoad(t, rules.FS)
	for _, name := range []string{"heloc.funnel.nope", "heloc.funnel.tables", "heloc.funnel_test.test_application6_is_ordered_after_disclosures"} {
		_, err := e.Decide(context.Background(), name, nil)
		if code := domain.ErrorCode(err); code != domain.ENOTFOUND {
			t.Errorf("%s: got code %q (%v), want %q", name, code, err, domain.ENOTFOUND)
		}
	}
}

func TestDecide_Undefined(t *testing.T) {
	e := MustLoad(t, fstest.MapFS{"heloc/x/x.rego": {Data: []byte("package heloc.x\n\nallow if input.ok\n")}})
	_, err := e.Decide(context.Background(), "heloc.x.allow", map[string]any{"ok": false})
	if !errors.Is(err, policy.ErrUndefined) || !strings.Contains(err.Error(), "heloc.x.allow") {
		t.Errorf("got %v, want ErrUndefined naming heloc.x.allow", err)
	}
}

func TestLoad_Errors(t *testing.T) {
	for _, tc := range []struct {
		name, file, data, want string
	}{
		{"parse error", "heloc/broken/broken.rego", "package heloc.broken\n\nallow if {\n", "heloc/broken/broken.rego:"},
		{"compile error", "heloc/broken/broken.rego", "package heloc.broken\n\nallow if x\n", "heloc/broken/broken.rego:3"},
		{"bad yaml", "heloc/broken/data.yaml", "a: [1\n", "heloc/broken/data.yaml"},
		{"data not an object", "heloc/broken/data.json", "[1]", "heloc/broken/data.json"},
		{"rule on a data path", "heloc/funnel/clash.rego", "package heloc.funnel\n\ntables := 1\n", "heloc/funnel/clash.rego"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fsys := copyRules(t)
			fsys[tc.file] = &fstest.MapFile{Data: []byte(tc.data)}
			_, err := policy.Load(context.Background(), fsys)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error naming %q", err, tc.want)
			}
		})
	}
	t.Run("no policies", func(t *testing.T) {
		if _, err := policy.Load(context.Background(), fstest.MapFS{}); err == nil {
			t.Error("got nil, want an error for a tree without .rego files")
		}
	})
}

func TestLoad_LeavesTestsOut(t *testing.T) {
	fsys := copyRules(t)
	fsys["heloc/funnel/broken_test.rego"] = &fstest.MapFile{Data: []byte("not rego at all {")}
	fsys["heloc/funnel/fixture.yaml"] = &fstest.MapFile{Data: []byte("order: [not, an, object]\n")}
	e := MustLoad(t, fsys)
	if got := order(t, e)["propertyValue"]; got != 1 {
		t.Errorf("got propertyValue %v, want 1", got)
	}
}

func TestRevision(t *testing.T) {
	fsys := copyRules(t)
	base := MustLoad(t, fsys).Revision()
	if len(base) != 64 {
		t.Fatalf("got revision %q, want 64 hex digits", base)
	}
	if got := MustLoad(t, rules.FS).Revision(); got != base {
		t.Errorf("same files: got %s, want %s", got, base)
	}

	edit(t, fsys, "heloc/funnel/funnel_test.rego", "package heloc.funnel_test", "package heloc.funnel_test\n\n# edited")
	if got := MustLoad(t, fsys).Revision(); got != base {
		t.Errorf("after editing a test only: got %s, want unchanged %s", got, base)
	}

	edit(t, fsys, funnelTables, "Submitted", "Application Submitted")
	if got := MustLoad(t, fsys).Revision(); got == base {
		t.Errorf("after editing a data file: got unchanged revision %s", got)
	}
}

// TestTableEditChangesDecision checks that compliance changes a decision by
// editing data only.
func TestTableEditChangesDecision(t *testing.T) {
	fsys := copyRules(t)
	edit(t, fsys, funnelTables, "coborrower: 8.5", "coborrower: 8.25")
	if got := order(t, MustLoad(t, fsys))["coborrower"]; got != 8.25 {
		t.Errorf("got coborrower %v, want 8.25", got)
	}
}

// TestRegoPolicies runs every Rego test of rules/ as `opa test rules/` would.
func TestRegoPolicies(t *testing.T) {
	rep, err := policy.RunTests(context.Background(), rules.FS)
	if err != nil {
		t.Fatalf("RunTests: %v", err)
	}
	if len(rep.Results) == 0 {
		t.Fatal("found no Rego tests")
	}
	for _, r := range rep.Results {
		if r.Outcome == policy.Fail || r.Outcome == policy.Error {
			t.Errorf("%s %s (%s): %s %s", r.Outcome, r.Name, r.Location, r.Message, r.Output)
		}
	}
	t.Logf("\n%s", rep)
}

func TestRunTests_ReportsFailuresAndErrors(t *testing.T) {
	fsys := fstest.MapFS{
		"heloc/x/x.rego": {Data: []byte(`package heloc.x

default y := 0

y := 1 if input.a

y := 2 if input.a
`)},
		"heloc/x/x_test.rego": {Data: []byte(`package heloc.x_test

import data.heloc.x

test_passes if x.y == 0

test_fails if x.y == 5

test_errors if x.y == 1 with input.a as true

todo_test_later if false
`)},
	}
	rep, err := policy.RunTests(context.Background(), fsys)
	if err != nil {
		t.Fatalf("RunTests: %v", err)
	}
	if rep.Passes != 1 || rep.Failures != 1 || rep.Errors != 1 || rep.Skips != 1 || !rep.Failed() {
		t.Errorf("got %d/%d/%d/%d pass/fail/error/skip (failed %v), want 1/1/1/1 (true)",
			rep.Passes, rep.Failures, rep.Errors, rep.Skips, rep.Failed())
	}
	s := rep.String()
	for _, want := range []string{"FAIL  data.heloc.x_test.test_fails", "ERROR data.heloc.x_test.test_errors", "heloc/x/x_test.rego:", "4 tests"} {
		if !strings.Contains(s, want) {
			t.Errorf("String() lacks %q:\n%s", want, s)
		}
	}
}

func TestRunTests_LoadError(t *testing.T) {
	fsys := fstest.MapFS{"heloc/x/x_test.rego": {Data: []byte("package heloc.x_test\n\ntest_a if {\n")}}
	if _, err := policy.RunTests(context.Background(), fsys); err == nil || !strings.Contains(err.Error(), "heloc/x/x_test.rego") {
		t.Errorf("got %v, want an error naming heloc/x/x_test.rego", err)
	}
}

func BenchmarkDecide(b *testing.B) {
	e := MustLoad(b, rules.FS)
	ctx := context.Background()
	for _, entrypoint := range []string{"heloc.funnel.order"} {
		b.Run(entrypoint, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := e.Decide(ctx, entrypoint, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkPrepareFromScratch is what a decision would cost if the server
// compiled and prepared per request; compare with BenchmarkDecide. "rego"
// compiles, prepares and evaluates the one query; "Load" builds a whole
// Engine (read, parse, compile, prepare every entrypoint) and decides once.
func BenchmarkPrepareFromScratch(b *testing.B) {
	ctx := context.Background()
	src, err := fs.ReadFile(rules.FS, "heloc/funnel/funnel.rego")
	if err != nil {
		b.Fatal(err)
	}
	raw, err := fs.ReadFile(rules.FS, funnelTables)
	if err != nil {
		b.Fatal(err)
	}
	var tables map[string]any
	if err := util.Unmarshal(raw, &tables); err != nil {
		b.Fatal(err)
	}
	store := inmem.NewFromObject(map[string]any{"heloc": map[string]any{"funnel": map[string]any{"tables": tables}}})

	b.Run("rego", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			pq, err := rego.New(
				rego.Query("data.heloc.funnel.order"),
				rego.Module("heloc/funnel/funnel.rego", string(src)),
				rego.Store(store),
			).PrepareForEval(ctx)
			if err != nil {
				b.Fatal(err)
			}
			if rs, err := pq.Eval(ctx); err != nil || len(rs) != 1 {
				b.Fatal(rs, err)
			}
		}
	})
	b.Run("Load", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			e, err := policy.Load(ctx, rules.FS)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := e.Decide(ctx, "heloc.funnel.order", nil); err != nil {
				b.Fatal(err)
			}
		}
	})
}
