package policy

import (
	"context"
	"encoding/json"
	"os"
	"testing"

	"github.com/heloc/heloc/rules"
)

// BenchmarkDecisionParts splits a documents decision on the full
// application into its three parts: the input converted to OPA's values,
// the planned evaluation (the vm), and the result converted back.
func BenchmarkDecisionParts(b *testing.B) {
	e, err := Load(context.Background(), rules.FS)
	if err != nil {
		b.Fatal(err)
	}
	raw, err := os.ReadFile("../../fixtures/policy-inputs/documents-full-application.json")
	if err != nil {
		b.Fatal(err)
	}
	var input any
	if err := json.Unmarshal(raw, &input); err != nil {
		b.Fatal(err)
	}
	b.Run("input", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			inputValue(input, e.strings)
		}
	})
	v, _ := inputValue(input, e.strings)
	prog := e.planned["heloc.documents.requirements"]
	b.Run("vm", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			prog.Eval(context.Background(), nil, v)
		}
	})
	out, _ := evalPlanned(context.Background(), prog, nil, v)
	b.Run("output", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			e.output(out)
		}
	})
}
