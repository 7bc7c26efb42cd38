package policy_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"strings"
	"testing"

	"github.com/open-policy-agent/opa/v1/loader"
	"github.com/open-policy-agent/opa/v1/profiler"
	"github.com/open-policy-agent/opa/v1/rego"
	"github.com/open-policy-agent/opa/v1/storage/inmem"

	"github.com/heloc/heloc/fixtures"
	"github.com/heloc/heloc/rules"
)

func TestZZProfile(t *testing.T) {
	for _, c := range []struct{ file, ep string }{{"documents-full-application", "heloc.documents.requirements"}, {"offer-coborrower", "heloc.offer.preview"}, {"eligibility-late-payment", "heloc.eligibility.decision"}, {"resume-navigating", "heloc.routing.resume"}} {
		loaded, _ := loader.NewFileLoader().WithFS(rules.FS).Filtered([]string{"."}, func(_ string, info fs.FileInfo, _ int) bool {
			return !info.IsDir() && (strings.HasSuffix(info.Name(), "_test.rego") || (strings.HasSuffix(info.Name(), ".yaml") && info.Name() != "data.yaml"))
		})
		b, _ := fs.ReadFile(fixtures.FS, "policy-inputs/"+c.file+".json")
		var input any
		json.Unmarshal(b, &input)
		p := profiler.New()
		opts := []func(*rego.Rego){rego.Query("data." + c.ep), rego.Store(inmem.NewFromObject(loaded.Documents))}
		for _, m := range loaded.ParsedModules() {
			opts = append(opts, rego.ParsedModule(m))
		}
		pq, err := rego.New(opts...).PrepareForEval(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 20; i++ {
			pq.Eval(context.Background(), rego.EvalInput(input), rego.EvalQueryTracer(p))
		}
		fmt.Println("=====", c.file)
		for _, r := range p.ReportTopNResults(12, []string{"total_time_ns"}) {
			fmt.Printf("%8.2fms %6d evals %s:%d\n", float64(r.ExprTimeNs)/1e6/20, r.NumEval/20, r.Location.File, r.Location.Row)
		}
	}
}
