package policy

import (
	"context"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing/fstest"
	"time"

	"github.com/fsnotify/fsnotify"
	lru "github.com/hashicorp/golang-lru/v2"
)

// Live serves every decision from the current revision and swaps to a new
// one only when it compiles and its tests pass. It is what the server holds:
// a decision under way keeps the Engine it started with.
type Live struct {
	current atomic.Pointer[Engine]
	log     *slog.Logger
	mu      sync.Mutex // one reload at a time
	// sources, when set (Keep), keeps the source of every revision served,
	// and engines the revisions loaded from it (follow.go).
	sources Sources
	checks  func(ctx context.Context, fsys fs.FS) error // besides the tests, before a reload is served (CheckReloadsWith)
	engines *lru.Cache[string, *Engine]
	missing *lru.Cache[string, time.Time] // revisions without a source, and since when
}

// NewLive serves e until a reload replaces it.
func NewLive(e *Engine, log *slog.Logger) *Live {
	l := &Live{log: log}
	l.current.Store(e)
	return l
}

// CheckReloadsWith has every reload (Reload, Watch) pass check as well as
// the Rego tests before it is served: the server gives it the build's
// other checks (opa fmt and check --strict, the tables against their CUE
// definitions and hit policies), so a file saved under RULES_DIR is held
// to what `heloc policy test` and publish hold a revision to. check reads
// the same bytes the tests ran on and that would be served.
func (l *Live) CheckReloadsWith(check func(ctx context.Context, fsys fs.FS) error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.checks = check
}

// Engine returns the revision being served.
func (l *Live) Engine() *Engine { return l.current.Load() }

// Decide evaluates entrypoint under the current revision.
func (l *Live) Decide(ctx context.Context, entrypoint string, input any) (any, error) {
	return l.current.Load().Decide(ctx, entrypoint, input)
}

// Revision is the current revision's hash.
func (l *Live) Revision() string { return l.current.Load().Revision() }

// Reload reads fsys once, then loads and tests those same bytes (so the
// files tested are the files served) and swaps to them only if both
// succeed. Otherwise the old revision stays and the error says why.
func (l *Live) Reload(ctx context.Context, fsys fs.FS) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	files, err := readTree(fsys, loadsInTests)
	if err != nil {
		return fmt.Errorf("policy: read: %w", err)
	}
	var served []file
	for _, f := range files {
		if loadsInEngine(f.name) {
			served = append(served, f)
		}
	}
	next, err := loadFiles(ctx, served)
	if err != nil {
		return err
	}
	if next.Revision() == l.Revision() {
		return nil
	}
	report, err := runTestFiles(ctx, files)
	if err != nil {
		return err
	}
	if report.Failed() {
		var failing []string
		for _, r := range report.Results {
			if r.Outcome == Fail || r.Outcome == Error {
				failing = append(failing, r.Outcome+" "+r.Name)
			}
		}
		return fmt.Errorf("policy: revision %.12s not served: %d failed, %d errored of %d tests: %s",
			next.Revision(), report.Failures, report.Errors, len(report.Results), strings.Join(failing, "; "))
	}
	if l.checks != nil {
		tree := fstest.MapFS{}
		for _, f := range files {
			tree[f.name] = &fstest.MapFile{Data: f.data, Mode: 0o644}
		}
		if err := l.checks(ctx, tree); err != nil {
			return fmt.Errorf("policy: revision %.12s not served: %w", next.Revision(), err)
		}
	}
	if l.sources != nil {
		source, err := pack(files)
		if err == nil {
			err = l.sources.SavePolicySource(ctx, next.Revision(), source)
		}
		if err != nil {
			return fmt.Errorf("policy: revision %.12s not served: recording its source: %w", next.Revision(), err)
		}
	}
	old := l.current.Swap(next)
	l.log.Info("policy revision swapped", slog.String("from", old.Revision()), slog.String("to", next.Revision()),
		slog.Int("tests", len(report.Results)))
	return nil
}

// Watch reloads from dir whenever a file under it changes, until ctx ends.
// Changes arriving together (an editor's save, a git checkout) are taken as
// one, after a quiet spell of debounce.
func (l *Live) Watch(ctx context.Context, dir string, debounce time.Duration) error {
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return fmt.Errorf("policy: watch: %w", err)
	}
	if err := addTree(w, dir); err != nil {
		w.Close()
		return err
	}
	go func() {
		defer w.Close()
		var timer <-chan time.Time
		for {
			select {
			case <-ctx.Done():
				return
			case ev := <-w.Events:
				if ev.Has(fsnotify.Create) {
					if info, err := os.Stat(ev.Name); err == nil && info.IsDir() {
						_ = addTree(w, ev.Name)
					}
				}
				timer = time.After(debounce)
			case err := <-w.Errors:
				l.log.Warn("policy watch", slog.String("error", err.Error()))
			case <-timer:
				timer = nil
				if err := l.Reload(ctx, os.DirFS(dir)); err != nil {
					l.log.Error("policy reload refused; still serving the old revision",
						slog.String("revision", l.Revision()), slog.String("error", err.Error()))
				}
			}
		}
	}()
	return nil
}

func addTree(w *fsnotify.Watcher, dir string) error {
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		return w.Add(p)
	})
}

// DecideAt evaluates entrypoint and names the revision that decided, which
// may differ from Revision() a moment later if a reload swapped meanwhile.
func (l *Live) DecideAt(ctx context.Context, entrypoint string, input any) (any, string, error) {
	e := l.current.Load()
	out, err := e.Decide(ctx, entrypoint, input)
	return out, e.Revision(), err
}

// DecideSharedAt is DecideAt by Engine.DecideShared: a remembered answer
// is not copied, and the caller only reads it.
func (l *Live) DecideSharedAt(ctx context.Context, entrypoint string, input any) (any, string, error) {
	e := l.current.Load()
	out, err := e.DecideShared(ctx, entrypoint, input)
	return out, e.Revision(), err
}

// DecideAllAt is Engine.DecideAll under the current revision, and names it.
func (l *Live) DecideAllAt(ctx context.Context, input any, entrypoints ...string) ([]any, string, error) {
	e := l.current.Load()
	out, err := e.DecideAll(ctx, input, entrypoints...)
	return out, e.Revision(), err
}
