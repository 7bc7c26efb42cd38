package policy_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/heloc/heloc/rules"
	"github.com/heloc/heloc/server/policy"
)

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// writeRules writes the embedded rules to a folder, as RULES_DIR would hold them.
func writeRules(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	err := fs.WalkDir(rules.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(rules.FS, p)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(p)), 0o755); err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, p), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	// A reload runs every Rego test of the set (547 since issue 20, some
	// 17 s on two busy CPUs): the wait allows for a loaded machine.
	deadline := time.Now().Add(90 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// With RULES_DIR, the server swaps to a changed policy set only after it
// compiles and its tests pass; otherwise it keeps serving the old revision
// and says why.
func TestLiveReload(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	dir := writeRules(t)
	engine, err := policy.Load(ctx, os.DirFS(dir))
	if err != nil {
		t.Fatal(err)
	}
	logs := &lockedBuffer{}
	live := policy.NewLive(engine, slog.New(slog.NewJSONHandler(logs, nil)))
	if err := live.Watch(ctx, dir, 50*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	first := live.Revision()
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("server log:\n%s", logs.String())
		}
	})

	t.Run("a change whose tests fail is refused", func(t *testing.T) {
		table := filepath.Join(dir, "heloc/funnel/tables/data.yaml")
		b, _ := os.ReadFile(table)
		spoiled := strings.Replace(string(b), "propertyValue: 1\n", "propertyValue: 1.5\n", 1)
		if err := os.WriteFile(table, []byte(spoiled), 0o644); err != nil {
			t.Fatal(err)
		}
		waitFor(t, "the refusal in the log", func() bool { return strings.Contains(logs.String(), "reload refused") })
		if live.Revision() != first {
			t.Fatal("got a new revision, want the old one kept")
		}
		order := decideOrder(t, live)
		if order["propertyValue"] != "1" {
			t.Fatalf("got propertyValue %v, want the old 1 still served", order["propertyValue"])
		}
		if err := os.WriteFile(table, b, 0o644); err != nil {
			t.Fatal(err)
		}
	})

	t.Run("a change whose tests pass is served", func(t *testing.T) {
		extra := filepath.Join(dir, "heloc/extra")
		if err := os.MkdirAll(extra, 0o755); err != nil {
			t.Fatal(err)
		}
		write := func(name, text string) {
			if err := os.WriteFile(filepath.Join(extra, name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		write("extra_test.rego", "package heloc.extra_test\n\nimport rego.v1\n\ntest_answer if data.heloc.extra.answer == 42\n")
		write("extra.rego", "package heloc.extra\n\nimport rego.v1\n\nanswer := 42\n")
		waitFor(t, "the new revision", func() bool { return live.Revision() != first })
		got, err := live.Decide(ctx, "heloc.extra.answer", nil)
		if err != nil {
			t.Fatal(err)
		}
		if n, _ := got.(json.Number); n != "42" {
			t.Fatalf("got %v, want 42 from the new policy", got)
		}
	})
}

func decideOrder(t *testing.T, live *policy.Live) map[string]any {
	t.Helper()
	v, err := live.Decide(context.Background(), "heloc.funnel.order", nil)
	if err != nil {
		t.Fatal(err)
	}
	order := v.(map[string]any)
	for k, n := range order {
		order[k] = n.(json.Number).String()
	}
	return order
}

// A reload passes the server's other checks as well as the Rego tests
// (CheckReloadsWith: the tables and style, as `heloc policy test` and
// publish check them); a revision that fails one is not served, and the
// check reads the very files that would be.
func TestReloadRunsTheChecksItIsGiven(t *testing.T) {
	ctx := context.Background()
	tree := func(answer string) fstest.MapFS {
		return fstest.MapFS{
			"heloc/extra/extra.rego":      {Data: []byte("package heloc.extra\n\nimport rego.v1\n\nanswer := " + answer + "\n")},
			"heloc/extra/extra_test.rego": {Data: []byte("package heloc.extra_test\n\nimport rego.v1\n\ntest_answer if data.heloc.extra.answer > 0\n")},
		}
	}
	engine, err := policy.Load(ctx, tree("1"))
	if err != nil {
		t.Fatal(err)
	}
	live := policy.NewLive(engine, slog.New(slog.DiscardHandler))
	var seen []string
	live.CheckReloadsWith(func(_ context.Context, fsys fs.FS) error {
		b, err := fs.ReadFile(fsys, "heloc/extra/extra.rego")
		if err != nil {
			return err
		}
		seen = append(seen, string(b))
		if strings.Contains(string(b), "answer := 2") {
			return errors.New("heloc/extra/tables/data.yaml: a table problem")
		}
		return nil
	})
	first := live.Revision()
	if err := live.Reload(ctx, tree("2")); err == nil || !strings.Contains(err.Error(), "a table problem") || live.Revision() != first {
		t.Fatalf("got %v and revision %s, want the check's refusal and %s kept", err, live.Revision(), first)
	}
	if err := live.Reload(ctx, tree("3")); err != nil || live.Revision() == first {
		t.Fatalf("got %v, want the revision that passes served", err)
	}
	if len(seen) != 2 || !strings.Contains(seen[1], "answer := 3") {
		t.Fatalf("the check saw %q, want each reload's own files", seen)
	}
}
