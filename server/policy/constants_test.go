package policy_test

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/heloc/heloc/rules"
	"github.com/heloc/heloc/server/policy"
)

// An entrypoint whose rules read no input is evaluated once per revision;
// one that reads input, through any rule or function, or that calls a
// nondeterministic built-in, is evaluated on every call.
func TestOnlyInputFreeEntrypointsAreEvaluatedOnce(t *testing.T) {
	fsys := fstest.MapFS{"heloc/once/once.rego": {Data: []byte(`package heloc.once

constant := {"n": 1}

from_data := data.heloc.once.tables.limit

direct := input.x

through_rule := _y

_y := input.y

through_function := _plus_two(input.z)

_plus_two(n) := n + 2

random := rand.intn("dice", 6)

id := uuid.rfc4122("x")
`)}, "heloc/once/tables/data.yaml": {Data: []byte("limit: 7\n")}}
	e := MustLoad(t, fsys)
	tests := []struct {
		entrypoint string
		input      any
		want       string
		once       bool
	}{
		{"heloc.once.constant", nil, `{"n":1}`, true},
		{"heloc.once.from_data", nil, `7`, true},
		{"heloc.once.direct", map[string]any{"x": 5}, `5`, false},
		{"heloc.once.through_rule", map[string]any{"y": 6}, `6`, false},
		{"heloc.once.through_function", map[string]any{"z": 3}, `5`, false},
	}
	for _, tt := range tests {
		if got := policy.Constant(e, tt.entrypoint); got != tt.once {
			t.Errorf("%s: got evaluated once %v, want %v", tt.entrypoint, got, tt.once)
		}
		got, err := e.Decide(context.Background(), tt.entrypoint, tt.input)
		if err != nil {
			t.Fatalf("%s: %v", tt.entrypoint, err)
		}
		if b, _ := json.Marshal(got); string(b) != tt.want {
			t.Errorf("%s: got %s, want %s", tt.entrypoint, b, tt.want)
		}
	}
	// OPA answers what its built-ins answer, including the nondeterministic
	// ones, and such a rule is never served from a value made at load.
	for _, name := range []string{"heloc.once.random", "heloc.once.id"} {
		if policy.Constant(e, name) {
			t.Errorf("%s is evaluated once, but calls a nondeterministic built-in", name)
		}
		if _, err := e.Decide(context.Background(), name, map[string]any{}); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// A constant handed to one caller cannot be changed by it for the next.
func TestAConstantIsCopiedForEachCaller(t *testing.T) {
	e := MustLoad(t, fstest.MapFS{"heloc/once/once.rego": {Data: []byte("package heloc.once\n\nconstant := {\"n\": 1}\n")}})
	ctx := context.Background()
	first, _ := e.Decide(ctx, "heloc.once.constant", nil)
	first.(map[string]any)["n"] = "changed"
	second, _ := e.Decide(ctx, "heloc.once.constant", nil)
	if b, _ := json.Marshal(second); string(b) != `{"n":1}` {
		t.Fatalf("got %s, want {\"n\":1}", b)
	}
}

// Check reports what opa fmt and opa check --strict would.
func TestCheckReportsFormattingAndStrictErrors(t *testing.T) {
	fsys := fstest.MapFS{
		"heloc/a/a.rego": {Data: []byte("package heloc.a\n\nimport data.heloc.b\n\nx:=1\n")},
		"heloc/b/b.rego": {Data: []byte("package heloc.b\n\ny := 2\n")},
	}
	problems, err := policy.Check(context.Background(), fsys)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"heloc/a/a.rego: not formatted", "import data.heloc.b unused"}
	for _, w := range want {
		found := false
		for _, p := range problems {
			found = found || strings.Contains(p, w)
		}
		if !found {
			t.Errorf("no problem mentions %q; got %q", w, problems)
		}
	}
}

// Every policy and test of rules/ is as `opa fmt` writes it and passes
// `opa check --strict`.
func TestRulesAreFormattedAndPassStrictChecks(t *testing.T) {
	problems, err := policy.Check(context.Background(), rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
}

// The pages a loan sees are remembered by their input: the same input is
// answered alike, a different input is decided afresh, and no caller can
// change the answer the next one is given.
func TestRememberedAnswersFollowTheirInput(t *testing.T) {
	e := MustLoad(t, rules.FS)
	ctx := context.Background()
	in := func(status string) map[string]any {
		return map[string]any{"path": "/app/application/2", "applicationStatus": status,
			"answers": map[string]any{"hasCoborrower": false, "isSelfEmployed": false}, "variant": "standard"}
	}
	decide := func(status string) json.RawMessage {
		t.Helper()
		v, err := e.Decide(ctx, "heloc.funnel.pages", in(status))
		if err != nil {
			t.Fatal(err)
		}
		return v.(json.RawMessage)
	}
	state := func(raw json.RawMessage) string {
		var got struct {
			Pages []struct {
				State string `json:"state"`
			} `json:"pages"`
		}
		if err := json.Unmarshal(raw, &got); err != nil {
			t.Fatal(err)
		}
		return got.Pages[0].State
	}
	first := decide("application3")
	if state(first) != "done" {
		t.Fatalf("got %v, want Personal info done at application3", state(first))
	}
	copy(first, strings.Repeat(" ", len(first))) // a caller spoils its copy
	if again := decide("application3"); state(again) != "done" {
		t.Fatalf("got %v, want the remembered answer unchanged by the first caller", state(again))
	}
	if earlier := decide("application"); state(earlier) == "done" {
		t.Fatalf("got %v, want Personal info not done at application: another input, another answer", state(earlier))
	}
}

// DecideShared answers what Decide answers, remembered or not; only the
// copy is spared (its callers only read the answer).
func TestDecideSharedAnswersAsDecide(t *testing.T) {
	e := MustLoad(t, rules.FS)
	ctx := context.Background()
	in := map[string]any{"path": "/app/application/2", "applicationStatus": "application3",
		"answers": map[string]any{"hasCoborrower": true}, "variant": "standard"}
	for _, entrypoint := range []string{"heloc.funnel.pages", "heloc.funnel.order"} {
		for range 2 { // the first decides, the second is remembered
			shared, err := e.DecideShared(ctx, entrypoint, in)
			if err != nil {
				t.Fatal(err)
			}
			own, err := e.Decide(ctx, entrypoint, in)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(shared, own) {
				t.Fatalf("%s: got %v, want %v", entrypoint, shared, own)
			}
		}
	}
}
