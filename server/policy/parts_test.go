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
	v, ok := inputValue(input, e.strings)
	prog := e.planned["heloc.documents.requirements"]
	if !ok || prog == nil {
		b.Fatal("the input does not convert, or the documents decision is not planned")
	}
	b.Run("vm", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := prog.Eval(context.Background(), nil, v); err != nil {
				b.Fatal(err)
			}
		}
	})
	out, err := evalPlanned(context.Background(), prog, nil, v)
	if err != nil || out == nil {
		b.Fatal("no decision:", err)
	}
	b.Run("output", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			e.output(out)
		}
	})
}
