package policy

import (
	"context"
	"fmt"
	"io/fs"
	"log/slog"
	"time"

	lru "github.com/hashicorp/golang-lru/v2"

	"github.com/heloc/heloc/server/domain"
)

// Sources keeps the source of every revision by its hash (server/store.DB):
// the revisions published, and every one a server served.
type Sources interface {
	SavePolicySource(ctx context.Context, revision string, source []byte) error
	PolicySource(ctx context.Context, revision string) ([]byte, error)
}

// Published is Sources with the published revisions (server/store.DB).
type Published interface {
	Sources
	// PolicyRevisionInForce is the publish or rollback in force at; nil
	// when none is.
	PolicyRevisionInForce(ctx context.Context, at time.Time) (*domain.PolicyRevision, error)
}

// oldEngines bounds how many revisions other than the served one a Live
// keeps loaded, for explaining old decisions.
const oldEngines = 8

// missingSources bounds how many revisions without a stored source (the
// decisions stored before sources were) a Live remembers as such, each for
// missingFor, so that listing their decisions does not ask the database
// for each again and again.
const (
	missingSources = 256
	missingFor     = time.Minute
)

// Keep records the source of the revision being served (fsys, the tree it
// was loaded from: the embedded rules, or RULES_DIR's) in sources, and
// from then on records each revision Reload swaps to, and loads the engine
// of any stored revision for EngineOf. So a decision of any revision a
// server served can be explained by its own rules.
func (l *Live) Keep(ctx context.Context, sources Sources, fsys fs.FS) error {
	source, rev, err := Pack(fsys)
	if err != nil {
		return err
	}
	if err := sources.SavePolicySource(ctx, rev, source); err != nil {
		return fmt.Errorf("policy: record revision %.12s: %w", rev, err)
	}
	cache, err := lru.New[string, *Engine](oldEngines)
	if err != nil {
		return err
	}
	missing, err := lru.New[string, time.Time](missingSources)
	if err != nil {
		return err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.sources, l.engines, l.missing = sources, cache, missing
	return nil
}

// EngineOf is the Engine of revision: the one served, one loaded already,
// or one loaded from its stored source (and kept, a few at a time).
// ENOTFOUND when its source is not stored (or Keep was not called).
func (l *Live) EngineOf(ctx context.Context, revision string) (*Engine, error) {
	if e := l.current.Load(); e.Revision() == revision {
		return e, nil
	}
	l.mu.Lock()
	sources, engines, missing := l.sources, l.engines, l.missing
	l.mu.Unlock()
	notFound := domain.Errorf(domain.ENOTFOUND, "Policy revision not found.")
	if sources == nil {
		return nil, notFound
	}
	if e, ok := engines.Get(revision); ok {
		return e, nil
	}
	if at, ok := missing.Get(revision); ok && time.Since(at) < missingFor {
		return nil, notFound
	}
	source, err := sources.PolicySource(ctx, revision)
	if domain.ErrorCode(err) == domain.ENOTFOUND {
		missing.Add(revision, time.Now())
	}
	if err != nil {
		return nil, err
	}
	fsys, err := Unpack(source)
	if err != nil {
		return nil, err
	}
	e, err := Load(ctx, fsys)
	if err != nil {
		return nil, fmt.Errorf("policy: revision %.12s: %w", revision, err)
	}
	if e.Revision() != revision {
		return nil, fmt.Errorf("policy: the source stored as revision %.12s is revision %.12s", revision, e.Revision())
	}
	engines.Add(revision, e)
	return e, nil
}

// Follow makes the revision in force live, now and then every interval
// until ctx ends: when the publish or rollback in force (store's
// PolicyRevisionInForce, at now()) is another than the one followed last,
// its engine (EngineOf, from the stored source) replaces the one served.
// Until a revision is published, the one the server started with serves
// (and RULES_DIR's reloads, in development, are left alone). The first
// look is made before Follow returns, so a server starting after a
// publish serves the published revision from its first request. Keep must
// have been called with store.
func (l *Live) Follow(ctx context.Context, store Published, interval time.Duration, now func() time.Time) error {
	if now == nil {
		now = time.Now
	}
	followed := ""
	look := func() error {
		r, err := store.PolicyRevisionInForce(ctx, now())
		if err != nil || r == nil || r.ID == followed {
			return err
		}
		e, err := l.EngineOf(ctx, r.Revision)
		if err != nil {
			return err
		}
		followed = r.ID
		l.swap(e, slog.String("published", r.ID), slog.String("author", r.Author))
		return nil
	}
	if err := look(); err != nil {
		return fmt.Errorf("policy: the revision in force: %w", err)
	}
	go func() {
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				if err := look(); err != nil && ctx.Err() == nil {
					l.log.Error("policy: could not load the revision in force; still serving the old one",
						slog.String("revision", l.Revision()), slog.String("error", err.Error()))
				}
			}
		}
	}()
	return nil
}

// swap serves e from now on.
func (l *Live) swap(e *Engine, attrs ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	old := l.current.Swap(e)
	if old.Revision() == e.Revision() {
		return
	}
	l.log.Info("policy revision swapped", append([]any{slog.String("from", old.Revision()), slog.String("to", e.Revision())}, attrs...)...)
}
