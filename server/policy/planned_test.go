package policy_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/heloc/heloc/rules"
	"github.com/heloc/heloc/server/policy"
	"github.com/heloc/heloc/server/policy/vm"
)

// Every entrypoint of rules/ is evaluated by the vm: none fell back to
// topdown (which would be correct, only slower).
func TestEveryEntrypointIsPlanned(t *testing.T) {
	e := MustLoad(t, rules.FS)
	for _, name := range e.Entrypoints() {
		if !policy.Planned(e, name) {
			t.Errorf("%s is evaluated by topdown, not planned", name)
		}
	}
}

// The vm decides what topdown decides: on every realistic input of
// fixtures/ and on inputs made from them by random changes (a field
// dropped, nulled, given another type or another of the values the
// fixtures use, a list entry dropped or repeated), for every entrypoint
// the inputs are for. Same result, or an error from both.
func TestPlannedMatchesTopdown(t *testing.T) {
	ctx := context.Background()
	planned := MustLoad(t, rules.FS)
	reference, err := policy.LoadTopdown(ctx, rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	exs := examples(t)
	var pool []any // every scalar of every fixture, to swap in
	for _, ex := range exs {
		collectScalars(ex.input, &pool)
	}
	variants := 400
	if testing.Short() {
		variants = 50
	}
	for _, ex := range exs {
		t.Run(ex.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, uint64(len(ex.name))))
			for i := range variants + 1 {
				input := ex.input
				if i > 0 && input != nil {
					input = mutate(rng, deepCopyJSON(input), pool)
				}
				got, gotErr := planned.Decide(ctx, ex.entrypoint, input)
				want, wantErr := reference.Decide(ctx, ex.entrypoint, input)
				if (gotErr != nil) != (wantErr != nil) {
					in, _ := json.Marshal(input)
					t.Fatalf("variant %d: vm error %v, topdown error %v\ninput %s", i, gotErr, wantErr, in)
				}
				gotJSON, _ := json.Marshal(got)
				wantJSON, _ := json.Marshal(want)
				if string(gotJSON) != string(wantJSON) {
					in, _ := json.Marshal(input)
					t.Fatalf("variant %d:\nvm      %s\ntopdown %s\ninput %s", i, gotJSON, wantJSON, in)
				}
			}
		})
	}
}

// The vm's statements each mean what topdown means, on small policies
// that use the language's forms one by one.
func TestPlannedFormsMatchTopdown(t *testing.T) {
	cases := []struct {
		name, rego string
		inputs     []string
	}{
		{"negation and else", `
decision := "high" if input.x > 10
else := "mid" if { input.x > 5; not input.flag }
else := "low"`, []string{`{"x": 11}`, `{"x": 7}`, `{"x": 7, "flag": true}`, `{"x": "a"}`, `{}`}},
		{"comprehensions keep topdown's order", `
decision := {
	"array": [k | some k, _ in input.obj],
	"set": {v | some v in input.list},
	"object": {v: i | some i, v in input.list},
	"values": [v | some v in {x | some x in input.list}],
}`, []string{`{"obj": {"b": 1, "a": 2, "c": 3}, "list": ["z", "y", "x"]}`, `{"obj": [], "list": {}}`}},
		{"every and some", `
decision := {"all": all, "any": any} if {
	all := count([1 | every x in input.xs { x > 0 }])
	any := count([1 | some x in input.xs; x > 5])
}`, []string{`{"xs": [1, 2, 6]}`, `{"xs": [-1]}`, `{"xs": []}`, `{"xs": "no"}`}},
		{"numbers compare by value", `
decision := [input.a == input.b, input.a < input.b, input.a + input.b, input.a / 3]`, []string{`{"a": 1, "b": 1.0}`, `{"a": 2.5, "b": 10}`, `{"a": 1e3, "b": -0}`}},
		{"built-in errors are undefined", `
decision := {"n": object.get(input, "n", 0), "parsed": p} if {
	p := [to_number(s) | some s in input.strs]
}
default decision := "undefined"`, []string{`{"strs": ["1", "x"]}`, `{"strs": ["2", "3"]}`, `{"n": 4}`}},
		{"functions with else and several definitions", `
f(x) := "neg" if x < 0
else := "small" if x < 10
else := "big"
g(x) := y if { x.a; y := "a" }
g(x) := y if { not x.a; y := "not a" }
decision := [f(v) | some v in input.nums] if { _ = g(input) }
default decision := []`, []string{`{"nums": [-1, 3, 30], "a": true}`, `{"nums": [0]}`}},
		{"partial rules and ref heads", `
names contains n if some n in input.names
counts[n] := count(n) if some n in input.names
decision := {"names": names, "counts": counts, "len": count(names)}`, []string{`{"names": ["ab", "c", "ab"]}`, `{}`}},
		{"strings and sets", `
decision := {
	"upper": upper(input.s),
	"split": split(input.s, ","),
	"union": {1, 2} | {x | some x in input.nums},
	"diff": {1, 2, 3} - {x | some x in input.nums},
	"sprintf": sprintf("%s=%d", [input.s, count(input.nums)]),
}`, []string{`{"s": "a,b", "nums": [2, 4]}`, `{"s": 1, "nums": []}`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fsys := fstest.MapFS{"heloc/forms/forms.rego": {Data: []byte("package heloc.forms\n\nimport rego.v1\n" + c.rego)}}
			planned := MustLoad(t, fsys)
			if !policy.Planned(planned, "heloc.forms.decision") {
				t.Fatal("not planned")
			}
			reference, err := policy.LoadTopdown(context.Background(), fsys)
			if err != nil {
				t.Fatal(err)
			}
			for _, in := range c.inputs {
				var input any
				if err := json.Unmarshal([]byte(in), &input); err != nil {
					t.Fatal(err)
				}
				got, gotErr := planned.Decide(context.Background(), "heloc.forms.decision", input)
				want, wantErr := reference.Decide(context.Background(), "heloc.forms.decision", input)
				gotJSON, _ := json.Marshal(got)
				wantJSON, _ := json.Marshal(want)
				if (gotErr != nil) != (wantErr != nil) || string(gotJSON) != string(wantJSON) {
					t.Errorf("input %s:\nvm      %s %v\ntopdown %s %v", in, gotJSON, gotErr, wantJSON, wantErr)
				}
			}
		})
	}
}

// Two values for one complete rule, or for one key, are an error of the
// decision, as in topdown.
func TestPlannedConflictsAreErrors(t *testing.T) {
	fsys := fstest.MapFS{"heloc/forms/forms.rego": {Data: []byte(`package heloc.forms

import rego.v1

decision := 1 if input.a
decision := 2 if input.b

by_key[k] := v if some k, v in input.pairs
by_key[k] := "other" if some k, _ in input.pairs
`)}}
	e := MustLoad(t, fsys)
	for _, name := range []string{"heloc.forms.decision", "heloc.forms.by_key"} {
		if !policy.Planned(e, name) {
			t.Fatalf("%s is not planned", name)
		}
	}
	if got, err := e.Decide(context.Background(), "heloc.forms.decision", map[string]any{"a": true}); err != nil || fmt.Sprint(got) != "1" {
		t.Fatalf("one value: got %v, %v", got, err)
	}
	if _, err := e.Decide(context.Background(), "heloc.forms.decision", map[string]any{"a": true, "b": true}); !errors.Is(err, vm.ErrConflict) {
		t.Fatalf("two values: got %v", err)
	}
	if _, err := e.Decide(context.Background(), "heloc.forms.by_key", map[string]any{"pairs": map[string]any{"k": "v"}}); !errors.Is(err, vm.ErrConflict) {
		t.Fatalf("two values for a key: got %v", err)
	}
}

// An evaluation stops when its context is cancelled.
func TestPlannedEvaluationStopsWhenCancelled(t *testing.T) {
	fsys := fstest.MapFS{"heloc/forms/forms.rego": {Data: []byte(`package heloc.forms

import rego.v1

decision := count([1 | some i in numbers.range(1, input.n); some j in numbers.range(1, input.n); i != j])
`)}}
	e := MustLoad(t, fsys)
	if !policy.Planned(e, "heloc.forms.decision") {
		t.Fatal("not planned")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := e.Decide(ctx, "heloc.forms.decision", map[string]any{"n": 3000}); err == nil {
		t.Fatal("a cancelled evaluation ran to its end")
	}
}

// collectScalars appends every string, number and bool of v to pool.
func collectScalars(v any, pool *[]any) {
	switch v := v.(type) {
	case map[string]any:
		for _, k := range sortedKeys(v) {
			collectScalars(v[k], pool)
		}
	case []any:
		for _, e := range v {
			collectScalars(e, pool)
		}
	case nil:
	default:
		*pool = append(*pool, v)
	}
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// mutate changes v at a few random places (see TestPlannedMatchesTopdown).
func mutate(rng *rand.Rand, v any, pool []any) any {
	odd := []any{nil, "", "x", -1.0, 0.0, 1.5, 1e9, true, false, []any{}, map[string]any{}, "2026-02-30", "2027-01-01"}
	var walk func(v any, depth int) any
	walk = func(v any, depth int) any {
		if rng.IntN(8) == 0 && depth > 0 {
			if rng.IntN(2) == 0 {
				return pool[rng.IntN(len(pool))]
			}
			return odd[rng.IntN(len(odd))]
		}
		switch x := v.(type) {
		case map[string]any:
			for _, k := range sortedKeys(x) {
				switch rng.IntN(12) {
				case 0:
					delete(x, k)
				default:
					x[k] = walk(x[k], depth+1)
				}
			}
		case []any:
			out := x[:0:0]
			for _, e := range x {
				switch rng.IntN(10) {
				case 0: // dropped
				case 1:
					out = append(out, walk(e, depth+1), deepCopyJSON(e))
				default:
					out = append(out, walk(e, depth+1))
				}
			}
			return out
		case string:
			if rng.IntN(6) == 0 {
				return strings.ToUpper(x)
			}
		case float64:
			if rng.IntN(6) == 0 {
				return x * float64(rng.IntN(5)-1)
			}
		}
		return v
	}
	return walk(v, 0)
}

func deepCopyJSON(v any) any {
	b, _ := json.Marshal(v)
	var out any
	_ = json.Unmarshal(b, &out)
	return out
}
