package web_test

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/heloc/heloc/schemas"
	"github.com/heloc/heloc/server/schema"
	"github.com/heloc/heloc/server/web"
)

// Every answer a test server gives is validated against its procedure's
// result definition (schemas/procedures.cue): mustOpenServerWithAt hands
// the server answerChecker, so any test that gets an answer of another
// shape fails, naming the procedure and the fields.

// answerSchemas is the compiled CUE package and its procedure table, loaded
// once for the whole test binary (apart from each server's own, so the
// checks do not wait for the servers' input validation).
var answerSchemas = sync.OnceValues(func() (*answerTable, error) {
	set, err := schema.Load(schemas.FS)
	if err != nil {
		return nil, err
	}
	procs, err := set.Procedures()
	if err != nil {
		return nil, err
	}
	return &answerTable{set: set, procs: procs}, nil
})

type answerTable struct {
	set   *schema.Set
	procs map[string]schema.Procedure
}

// answered counts, across the test binary, the answers checked per
// procedure (TestEveryProcedureHasAResultDefinition logs those never seen).
var answered sync.Map

// checkAnswers has srv validate each answer it gives against the result
// definition of its procedure, failing tb on any that does not satisfy it.
func checkAnswers(tb testing.TB, srv *web.Server) {
	tb.Helper()
	table, err := answerSchemas()
	if err != nil {
		tb.Fatal(err)
	}
	web.CheckAnswers(srv, func(procedure string, answer any) {
		proc, ok := table.procs[procedure]
		if !ok {
			tb.Errorf("%s answered, but schemas/procedures.cue has no row for it", procedure)
			return
		}
		b, err := json.Marshal(answer)
		if err != nil {
			tb.Errorf("%s: the answer does not encode: %v", procedure, err)
			return
		}
		if err := table.set.CheckAnswer(proc.Result, b); err != nil {
			tb.Errorf("%s answered %s\n%v", procedure, abbreviate(b), err)
			return
		}
		n, _ := answered.LoadOrStore(procedure, new(int64))
		answeredMu.Lock()
		*n.(*int64)++
		answeredMu.Unlock()
	})
}

var answeredMu sync.Mutex

func abbreviate(b []byte) string {
	if len(b) > 2000 {
		return string(b[:2000]) + "…"
	}
	return string(b)
}

// The router and the procedure table agree: the same procedures, each of
// the same kind with the same input definition, and every input and result
// a definition of the package.
func TestEveryProcedureHasAResultDefinition(t *testing.T) {
	table, err := answerSchemas()
	if err != nil {
		t.Fatal(err)
	}
	router := web.ProcedureKinds()
	for name, kind := range router {
		proc, ok := table.procs[name]
		if !ok {
			t.Errorf("%s: no row in schemas/procedures.cue", name)
			continue
		}
		if proc.Kind != kind[0] || proc.Input != kind[1] {
			t.Errorf("%s: the router has a %s with input %q, the table a %s with input %q", name, kind[0], kind[1], proc.Kind, proc.Input)
		}
	}
	names := make([]string, 0, len(table.procs))
	for name := range table.procs {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		proc := table.procs[name]
		if _, ok := router[name]; !ok {
			t.Errorf("%s: in schemas/procedures.cue but not in the router", name)
		}
		for _, def := range []string{proc.Input, proc.Result} {
			if def != "" && !table.set.Has(def) {
				t.Errorf("%s: no definition #%s", name, def)
			}
		}
		if proc.Result == "" {
			t.Errorf("%s: no result definition", name)
		}
	}
}

// A result definition refuses an answer of another shape: a missing field,
// one it does not name, a null where none is allowed, a wrong type.
func TestCheckAnswerIsExact(t *testing.T) {
	table, err := answerSchemas()
	if err != nil {
		t.Fatal(err)
	}
	good := `{"productName":"P","environment":"development","sandbox":true,"botCheck":{"mode":"sandbox","siteKey":""},"policyRevision":"r"}`
	if err := table.set.CheckAnswer("SystemInfo", []byte(good)); err != nil {
		t.Fatalf("a good answer: %v", err)
	}
	for _, bad := range []string{
		`{"productName":"P","environment":"development","sandbox":true,"botCheck":{"mode":"sandbox","siteKey":""}}`,
		`{"productName":"P","environment":"development","sandbox":true,"botCheck":{"mode":"sandbox","siteKey":""},"policyRevision":"r","extra":1}`,
		`{"productName":null,"environment":"development","sandbox":true,"botCheck":{"mode":"sandbox","siteKey":""},"policyRevision":"r"}`,
		`{"productName":"P","environment":"staging","sandbox":true,"botCheck":{"mode":"sandbox","siteKey":""},"policyRevision":"r"}`,
		`{"productName":"P","environment":"development","sandbox":"yes","botCheck":{"mode":"sandbox","siteKey":""},"policyRevision":"r"}`,
		`null`,
	} {
		if err := table.set.CheckAnswer("SystemInfo", []byte(bad)); err == nil {
			t.Errorf("%s: accepted, want refused", bad)
		}
	}
	if err := table.set.CheckAnswer("CurrentLoan", []byte(`null`)); err != nil {
		t.Errorf("loan.current's null: %v", err)
	}
}

// unanswered lists the procedures no test has had answered so far.
func unanswered() []string {
	table, err := answerSchemas()
	if err != nil {
		return nil
	}
	var out []string
	for name := range table.procs {
		if _, ok := answered.Load(name); !ok {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

// A field with a default is required of an answer all the same: CUE would
// fill it in, the webapp's check would not.
func TestCheckAnswerWantsDefaultedFields(t *testing.T) {
	table, err := answerSchemas()
	if err != nil {
		t.Fatal(err)
	}
	// #EligibilityResult's ineligiblePage is *null | ...
	without := `{"eligibility":{"decisionId":"d","eligible":true,"reasons":[]},"offer":{"decisionId":"d","eligible":true,"maxLine":1,"minLine":1,"cltv":0.5,"apr":7,"margin":1,"primeRate":7,"rateFloor":4,"rateCap":18,"drawPeriodYears":10,"repaymentPeriodYears":20},"adverseAction":null}`
	err = table.set.CheckAnswer("QuoteAnswer", []byte(without))
	if err == nil || !strings.Contains(err.Error(), "eligibility.ineligiblePage") {
		t.Fatalf("got %v, want eligibility.ineligiblePage lacking", err)
	}
	with := strings.Replace(without, `"eligible":true,"reasons"`, `"eligible":true,"ineligiblePage":null,"reasons"`, 1)
	if err := table.set.CheckAnswer("QuoteAnswer", []byte(with)); err != nil {
		t.Fatal(err)
	}
}

// TestMain runs the package's tests and, after a run of them all, names
// the procedures whose answers no test checked.
func TestMain(m *testing.M) {
	code := m.Run()
	if run := flag.Lookup("test.run"); code == 0 && run != nil && run.Value.String() == "" {
		if list := unanswered(); len(list) > 0 {
			fmt.Printf("answers checked against their result definitions: no test had %d procedures answer: %s\n", len(list), strings.Join(list, ", "))
		}
	}
	os.Exit(code)
}

// The README names every procedure of the table (as itself or by its
// area, `users.*`), and its procedure table names no procedure the table
// lacks.
func TestReadmeNamesEveryProcedure(t *testing.T) {
	table, err := answerSchemas()
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	named := map[string]bool{}
	for _, m := range regexp.MustCompile("`([a-z]+\\.[A-Za-z*]+)`").FindAllStringSubmatch(readme, -1) {
		named[m[1]] = true
	}
	for name := range table.procs {
		area, _, _ := strings.Cut(name, ".")
		if !named[name] && !named[area+".*"] {
			t.Errorf("README.md does not name %s", name)
		}
	}
	start := strings.Index(readme, "| procedure | kind | who | what |")
	end := strings.Index(readme[max(start, 0):], "\n\n")
	if start < 0 || end < 0 {
		t.Fatal("README.md has no procedure table")
	}
	for _, row := range strings.Split(readme[start:start+end], "\n")[2:] {
		first, _, _ := strings.Cut(strings.TrimPrefix(row, "| "), " |")
		for _, m := range regexp.MustCompile("`([a-z]+\\.[A-Za-z]+)`").FindAllStringSubmatch(first, -1) {
			if _, ok := table.procs[m[1]]; !ok {
				t.Errorf("README.md's procedure table names %s, which schemas/procedures.cue lacks", m[1])
			}
		}
	}
}
