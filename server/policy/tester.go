package policy

import (
	"context"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"time"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/cover"
	"github.com/open-policy-agent/opa/v1/storage"
	"github.com/open-policy-agent/opa/v1/storage/inmem"
	"github.com/open-policy-agent/opa/v1/tester"
)

// Test outcomes, as `opa test` prints them.
const (
	Pass  = "PASS"
	Fail  = "FAIL"
	Error = "ERROR"
	Skip  = "SKIP"
)

// testTimeout bounds one Rego test (see RunTests).
const testTimeout = time.Minute

// TestResult is the outcome of one Rego test.
type TestResult struct {
	Name     string        // package-qualified, e.g. data.heloc.funnel_test.test_x
	Location string        // file:line of the test
	Outcome  string        // Pass, Fail, Error or Skip
	Message  string        // the error, or the expression that failed
	Output   string        // what the test print()ed
	Duration time.Duration // time the test took
}

// Report is the outcome of a run of the Rego tests of a policy tree.
type Report struct {
	Results  []TestResult // sorted by name
	Passes   int          // tests that passed
	Failures int          // tests that evaluated to false or undefined
	Errors   int          // tests that stopped on a runtime error
	Skips    int          // todo_test_ rules
	Coverage float64      // percent of policy lines (tests excluded) the tests evaluated
}

// Failed reports whether any test failed or errored.
func (r Report) Failed() bool { return r.Failures+r.Errors > 0 }

// String lists every test with its outcome, the reason of each failure
// under it, and a summary line.
func (r Report) String() string {
	var b strings.Builder
	for _, t := range r.Results {
		fmt.Fprintf(&b, "%-5s %s (%s)\n", t.Outcome, t.Name, t.Location)
		if t.Message != "" {
			fmt.Fprintf(&b, "      %s\n", t.Message)
		}
		if t.Output != "" && t.Outcome != Pass {
			fmt.Fprintf(&b, "      output: %s\n", strings.TrimSpace(t.Output))
		}
	}
	fmt.Fprintf(&b, "%d tests: %d passed, %d failed, %d errored, %d skipped; coverage %.1f%%\n",
		len(r.Results), r.Passes, r.Failures, r.Errors, r.Skips, r.Coverage)
	return b.String()
}

// RunTests runs every test_ rule of fsys through OPA's tester with
// everything `opa test` would load from the same directory: policies,
// tests and all JSON/YAML files. An error means the tree did not load or
// compile; failing tests are in the Report.
func RunTests(ctx context.Context, fsys fs.FS) (Report, error) {
	files, err := readTree(fsys, loadsInTests)
	if err != nil {
		return Report{}, fmt.Errorf("policy: read: %w", err)
	}
	return runTestFiles(ctx, files)
}

// runTestFiles runs the tests of files already read.
func runTestFiles(ctx context.Context, files []file) (Report, error) {
	modules, docs, err := parse(files)
	if err != nil {
		return Report{}, fmt.Errorf("policy: load: %w", err)
	}
	store := inmem.NewFromObject(docs)
	txn, err := store.NewTransaction(ctx)
	if err != nil {
		return Report{}, fmt.Errorf("policy: test: %w", err)
	}
	defer store.Abort(ctx, txn)

	// The runner adds its test stages to this compiler and compiles modules
	// itself; the settings are those of `opa test`.
	compiler := ast.NewCompiler().
		WithEnablePrintStatements(true).
		WithPathConflictsCheck(storage.NonEmpty(ctx, store, txn)).
		WithUseTypeCheckAnnotations(true)
	cov := cover.New()
	ch, err := tester.NewRunner().
		// opa test gives each test 5 s; the heaviest ones (every score
		// against every CLTV of the grid, every case of a table) take
		// longer with coverage on a loaded 2-core machine running the other
		// suites beside them, and a timeout is not a failing rule.
		SetTimeout(testTimeout).
		SetCompiler(compiler).
		SetStore(store).
		SetModules(modules).
		CapturePrintOutput(true).
		SetCoverageRuns(nil). // the percentage needs no supplementary passes
		SetCoverageQueryTracer(cov).
		RunTests(ctx, txn)
	if err != nil {
		return Report{}, fmt.Errorf("policy: test: %w", err)
	}

	var rep Report
	for res := range ch {
		t := TestResult{
			Name:     res.Package + "." + res.Name,
			Location: res.Location.String(),
			Duration: res.Duration,
			Output:   string(res.Output),
		}
		switch {
		case res.Skip:
			t.Outcome = Skip
			rep.Skips++
		case res.Error != nil:
			t.Outcome, t.Message = Error, res.Error.Error()
			rep.Errors++
		case res.Fail:
			// FailedAt comes only with tracing, which rules out coverage.
			t.Outcome, t.Message = Fail, "evaluated to false or undefined"
			if res.FailedAt != nil {
				t.Message = "failed at: " + res.FailedAt.String()
			}
			rep.Failures++
		default:
			t.Outcome = Pass
			rep.Passes++
		}
		rep.Results = append(rep.Results, t)
	}
	slices.SortFunc(rep.Results, func(a, b TestResult) int { return strings.Compare(a.Name, b.Name) })

	policies := map[string]*ast.Module{}
	for name, m := range modules {
		if !strings.HasSuffix(name, "_test.rego") {
			policies[name] = m
		}
	}
	rep.Coverage = cov.Report(policies).Coverage
	return rep, nil
}
