package policy_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

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
