package domain_test

import (
	"context"
	"testing"

	"github.com/heloc/heloc/server/domain"
	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/rego"
)

// Money given to a policy, in a map[string]any or a struct, is the same
// Rego number as the float64 of dollars it replaces: OPA reads a value it
// does not know through its JSON, which Cents writes in dollars.
func TestCentsReachThePoliciesAsDollars(t *testing.T) {
	value, hoa := domain.Cents(85000050), domain.Cents(31250)
	asCents := map[string]any{
		"draw":     domain.Cents(3000050),
		"value":    &value,
		"property": domain.Property{Value: &value, HOAMonthly: &hoa},
		"list":     []any{domain.Cents(1), domain.Cents(120000)},
	}
	fValue, fHOA := 850000.5, 312.5
	asFloats := map[string]any{
		"draw":  30000.5,
		"value": &fValue,
		"property": struct {
			HOAMonthly *float64 `json:"hoaMonthly,omitempty"`
			Value      *float64 `json:"value,omitempty"`
		}{&fHOA, &fValue},
		"list": []any{0.01, 1200.0},
	}
	got, err := ast.InterfaceToValue(asCents)
	if err != nil {
		t.Fatal(err)
	}
	want, err := ast.InterfaceToValue(asFloats)
	if err != nil {
		t.Fatal(err)
	}
	if got.Compare(want) != 0 || got.String() != want.String() {
		t.Fatalf("got %s, want %s", got, want)
	}

	rs, err := rego.New(rego.Query(`input.draw == 30000.5; input.value + input.property.hoaMonthly == 850313; input.list[0] * 100 == 1; x := input.draw`),
		rego.Input(asCents)).Eval(context.Background())
	if err != nil || len(rs) != 1 {
		t.Fatalf("got %v %v, want the policy to read dollars", rs, err)
	}
	if x := rs[0].Bindings["x"]; x == nil {
		t.Fatal("no binding")
	}
}
