package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/heloc/heloc/server/policy"
	"github.com/heloc/heloc/server/store"
)

func TestPolicyEvalReadsStdinAndWritesTheResult(t *testing.T) {
	var out bytes.Buffer
	err := policyEval(context.Background(), rulesFS(""), "heloc.funnel.pages",
		strings.NewReader(`{"path": "/app/application/6"}`), &out)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Next struct{ Path string }
	}
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatalf("%v in %s", err, out.String())
	}
	if got.Next.Path != "/app/application/7" {
		t.Fatalf("got next %q, want the declarations page /app/application/7 after demographics", got.Next.Path)
	}
}

// A stored decision replayed under changed rules shows what changed.
func TestPolicyReplayShowsTheDifference(t *testing.T) {
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "replay.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	id, err := db.CreateDecision(ctx, "heloc.funnel.order", "", []byte(`null`), []byte(`{"propertyValue": 2, "zip": 6}`), "0123456789abcdef")
	if err != nil {
		t.Fatal(err)
	}
	engine, err := policy.Load(ctx, rulesFS(""))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := policyReplay(ctx, db, engine, id, &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"stored under revision  0123456789ab", "propertyValue: 2 -> 1", "mortgageEstimate: (absent) -> 2"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("got\n%s\nwant it to contain %q", out.String(), want)
		}
	}
	if strings.Contains(out.String(), "zip:") {
		t.Errorf("got zip listed as changed, want only differences:\n%s", out.String())
	}
}

// Replaying every stored decision lists those the current rules would
// decide differently, and counts them by entrypoint.
func TestPolicyReplayAllListsTheDecisionsThatWouldChange(t *testing.T) {
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "replay.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	engine, err := policy.Load(ctx, rulesFS(""))
	if err != nil {
		t.Fatal(err)
	}
	current, err := engine.Decide(ctx, "heloc.funnel.order", nil)
	if err != nil {
		t.Fatal(err)
	}
	same, _ := json.Marshal(current)
	unchanged, err := db.CreateDecision(ctx, "heloc.funnel.order", "", []byte(`null`), same, engine.Revision())
	if err != nil {
		t.Fatal(err)
	}
	changed, err := db.CreateDecision(ctx, "heloc.funnel.order", "", []byte(`null`), []byte(`{"propertyValue": 2}`), "0123456789abcdef")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := policyReplayAll(ctx, db, engine, "", &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"decision " + changed, "propertyValue: 2 -> 1", "heloc.funnel.order: 2 replayed, 1 would change"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("got\n%s\nwant it to contain %q", out.String(), want)
		}
	}
	if strings.Contains(out.String(), unchanged) {
		t.Errorf("got the unchanged decision %s listed:\n%s", unchanged, out.String())
	}
}

// The command's report has the table check's section too. It runs on
// rules/'s tables with a policy and Rego test of its own: the Rego tests of
// rules/ run once in `make test`, in server/policy's TestRegoPolicies, and
// rules/'s formatting in TestRulesAreFormattedAndPassStrictChecks.
func TestPolicyTestReportsTablesToo(t *testing.T) {
	fsys := fstest.MapFS{
		"heloc/x/x.rego":      {Data: []byte("package heloc.x\n\ndefault y := 0\n")},
		"heloc/x/x_test.rego": {Data: []byte("package heloc.x_test\n\nimport data.heloc.x\n\ntest_y if x.y == 0\n")},
	}
	tables, err := fs.Glob(rulesFS(""), "heloc/*/tables/data.yaml")
	if err != nil || len(tables) == 0 {
		t.Fatalf("got tables %v (%v), want rules/'s", tables, err)
	}
	for _, name := range tables {
		src, err := fs.ReadFile(rulesFS(""), name)
		if err != nil {
			t.Fatal(err)
		}
		fsys[name] = &fstest.MapFile{Data: src}
	}
	var out bytes.Buffer
	if err := policyTest(context.Background(), fsys, &out); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	for _, want := range []string{"1 tests: 1 passed", "every table matches its CUE definition"} {
		if !strings.Contains(out.String(), want) {
			t.Fatalf("got\n%s\nwant %q reported", out.String(), want)
		}
	}
}
