package policy_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/heloc/heloc/rules"
	"github.com/heloc/heloc/server/policy"
)

// Entrypoints that read no input are worked out once at load; any that
// reads input, directly or through a rule or function it uses, is not.
func TestOnlyInputFreeEntrypointsAreFolded(t *testing.T) {
	fsys := fstest.MapFS{"heloc/fold/fold.rego": {Data: []byte(`package heloc.fold

import rego.v1

constant := {"n": 1}

direct := object.get(input, "x", 0)

through_rule := _helper

_helper := object.get(input, "y", 0)

through_function := _plus(2)

_plus(n) := n + object.get(input, "z", 0)

from_data := data.heloc.fold.tables.limit
`)}, "heloc/fold/tables/data.yaml": {Data: []byte("limit: 7\n")}}
	e := MustLoad(t, fsys)
	ctx := context.Background()
	for _, tt := range []struct {
		entrypoint string
		input      map[string]any
		want       string
		folded     bool
	}{
		{"heloc.fold.constant", nil, `{"n":1}`, true},
		{"heloc.fold.from_data", nil, `7`, true},
		{"heloc.fold.direct", map[string]any{"x": 5}, `5`, false},
		{"heloc.fold.through_rule", map[string]any{"y": 6}, `6`, false},
		{"heloc.fold.through_function", map[string]any{"z": 3}, `5`, false},
	} {
		if got := policy.Folded(e, tt.entrypoint); got != tt.folded {
			t.Errorf("%s: got folded %v, want %v", tt.entrypoint, got, tt.folded)
		}
		got, err := e.Decide(ctx, tt.entrypoint, tt.input)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(got)
		if string(b) != tt.want {
			t.Errorf("%s: got %s, want %s", tt.entrypoint, b, tt.want)
		}
	}
	// A caller changing a constant it was given changes no one else's.
	first, _ := e.Decide(ctx, "heloc.fold.constant", nil)
	first.(map[string]any)["n"] = 99
	second, _ := e.Decide(ctx, "heloc.fold.constant", nil)
	if b, _ := json.Marshal(second); string(b) != `{"n":1}` {
		t.Fatalf("got %s after another caller's change, want {\"n\":1}", b)
	}
}

// The engine hands OPA the input exactly as JSON would: whatever a caller
// passes, a policy that echoes its input gives it back unchanged.
func TestInputReachesThePolicyAsJSON(t *testing.T) {
	e := MustLoad(t, fstest.MapFS{"heloc/echo/echo.rego": {Data: []byte("package heloc.echo\n\nimport rego.v1\n\nvalue := input\n")}})
	for _, raw := range []string{
		`{"a":1,"b":[1,2.5,-0,1e21,"x",null,true],"c":{"d":{}},"e":[]}`,
		`{"balance":250000,"rate":7.125,"big":12345678901234567890}`,
		`{"nested":[{"employments":[{"startDate":"2021-03-01","endDate":null}]}]}`,
	} {
		var in any
		dec := json.NewDecoder(strings.NewReader(raw))
		dec.UseNumber()
		if err := dec.Decode(&in); err != nil {
			t.Fatal(err)
		}
		got, err := e.Decide(context.Background(), "heloc.echo.value", in)
		if err != nil {
			t.Fatal(err)
		}
		gotJSON, _ := json.Marshal(got)
		var want any
		_ = json.Unmarshal([]byte(raw), &want)
		var gotAny any
		_ = json.Unmarshal(gotJSON, &gotAny)
		if a, b := fmt.Sprint(gotAny), fmt.Sprint(want); a != b {
			t.Errorf("got %s, want %s", gotJSON, raw)
		}
	}
}

// Rules that read no input, helpers included, are worked out once at load
// and compiled in as their values; rules that read input, directly or
// through what they use, or the clock, are left as written. Decisions are
// the same either way.
func TestInputFreeRulesAreFoldedIntoThePolicy(t *testing.T) {
	fsys := fstest.MapFS{"heloc/fold/fold.rego": {Data: []byte(`package heloc.fold

import rego.v1

import data.heloc.fold.tables

answer := {"limit": _by_name[input.name], "now": _now > 0, "input": _echo}

_by_name := {row.name: row.limit | some row in tables.rows}

_by_name_count := count(_by_name)

_now := time.now_ns()

_echo := input.name
`)}, "heloc/fold/tables/data.yaml": {Data: []byte("rows:\n  - {name: a, limit: 1}\n  - {name: b, limit: 2}\n")}}
	e := MustLoad(t, fsys)
	folded := policy.FoldedRules(e)
	for _, name := range []string{"heloc.fold._by_name", "heloc.fold._by_name_count"} {
		if !slices.Contains(folded, name) {
			t.Errorf("%s is not folded: %v", name, folded)
		}
	}
	for _, name := range []string{"heloc.fold.answer", "heloc.fold._now", "heloc.fold._echo"} {
		if slices.Contains(folded, name) {
			t.Errorf("%s is folded: %v", name, folded)
		}
	}
	got, err := e.Decide(context.Background(), "heloc.fold.answer", map[string]any{"name": "b"})
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := json.Marshal(got); string(b) != `{"input":"b","limit":2,"now":true}` {
		t.Fatalf("got %s", b)
	}
}

// A rule whose value, compiled in, the type checker refuses where it is
// used (a lookup by a key of another type than its keys) stays as written;
// the other rules are folded all the same.
func TestAFoldedValueThatDoesNotTypeCheckStaysAsWritten(t *testing.T) {
	fsys := fstest.MapFS{"heloc/fold/fold.rego": {Data: []byte(`package heloc.fold

import rego.v1

answer := [_by_set[{x | some x in input.names}], _limit]

_by_set[{"a"}] := 1

_by_set[{"b"}] := 2

_limit := 7
`)}}
	e := MustLoad(t, fsys)
	folded := policy.FoldedRules(e)
	if slices.Contains(folded, "heloc.fold._by_set") || !slices.Contains(folded, "heloc.fold._limit") {
		t.Errorf("got folded %v, want _limit and not _by_set", folded)
	}
	got, err := e.Decide(context.Background(), "heloc.fold.answer", map[string]any{"names": []any{"b"}})
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := json.Marshal(got); string(b) != `[2,7]` {
		t.Fatalf("got %s", b)
	}
}

// The policies' lookups, which they derive from their tables for speed, are
// worked out at load: a change that makes one read input would make every
// decision work it out again.
func TestThePolicyLookupsAreFolded(t *testing.T) {
	folded := policy.FoldedRules(MustLoad(t, rules.FS))
	for _, name := range []string{
		"heloc.documents._lookup",
		"heloc.documents._fields_by_year",
		"heloc.eligibility._lookup",
		"heloc.offer._grid_by_score",
		"heloc.offer._prices",
		"heloc.funnel._pages_by_facts",
	} {
		if !slices.Contains(folded, name) {
			t.Errorf("%s is not folded (folded: %v)", name, folded)
		}
	}
}
