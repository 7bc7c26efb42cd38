package policy_test

import (
	"context"
	"io"
	"log/slog"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/policy"
)

// memSources is the store's policy sources and revisions, in memory.
type memSources struct {
	mu      sync.Mutex
	sources map[string][]byte
	inForce *domain.PolicyRevision
	lookups int
}

func (m *memSources) SavePolicySource(_ context.Context, revision string, source []byte) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.sources[revision]; !ok {
		m.sources[revision] = source
	}
	return nil
}

func (m *memSources) PolicySource(_ context.Context, revision string) ([]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.lookups++
	s, ok := m.sources[revision]
	if !ok {
		return nil, domain.Errorf(domain.ENOTFOUND, "Policy revision not found.")
	}
	return s, nil
}

func (m *memSources) PolicyRevisionInForce(context.Context, time.Time) (*domain.PolicyRevision, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.inForce, nil
}

func (m *memSources) publish(r *domain.PolicyRevision) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.inForce = r
}

func tree(value string) fstest.MapFS {
	return fstest.MapFS{
		"heloc/x/x.rego":           {Data: []byte("package heloc.x\n\nimport rego.v1\n\ny := data.heloc.x.tables.value\n")},
		"heloc/x/x_test.rego":      {Data: []byte("package heloc.x_test\n\nimport rego.v1\n\ntest_y if data.heloc.x.y\n")},
		"heloc/x/tables/data.yaml": {Data: []byte("value: " + value + "\n")},
	}
}

// A packed tree loads as the same revision; a server keeps the source of
// the revision it serves, loads an old one from its stored source (once),
// and follows the revision in force without a restart.
func TestARevisionIsKeptLoadedAgainAndFollowed(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	a, b := tree("1"), tree("2")
	source, rev, err := policy.Pack(b)
	if err != nil {
		t.Fatal(err)
	}
	unpacked, err := policy.Unpack(source)
	if err != nil {
		t.Fatal(err)
	}
	eb, err := policy.Load(ctx, unpacked)
	if err != nil || eb.Revision() != rev {
		t.Fatalf("got %v, revision %.12s; want the packed revision %.12s", err, eb.Revision(), rev)
	}
	again, _, _ := policy.Pack(b)
	if string(again) != string(source) {
		t.Fatal("the same tree packed twice differs")
	}

	ea, err := policy.Load(ctx, a)
	if err != nil {
		t.Fatal(err)
	}
	live := policy.NewLive(ea, slog.New(slog.NewTextHandler(io.Discard, nil)))
	store := &memSources{sources: map[string][]byte{}}
	if _, err := live.EngineOf(ctx, rev); domain.ErrorCode(err) != domain.ENOTFOUND {
		t.Fatalf("before Keep: got %v, want NOT_FOUND", err)
	}
	if err := live.Keep(ctx, store, a); err != nil {
		t.Fatal(err)
	}
	if _, ok := store.sources[ea.Revision()]; !ok {
		t.Fatal("the served revision's source was not kept")
	}
	if err := live.Follow(ctx, store, 10*time.Millisecond, nil); err != nil {
		t.Fatal(err)
	}
	if live.Revision() != ea.Revision() {
		t.Fatal("with nothing published, the revision started with should serve")
	}
	if err := store.SavePolicySource(ctx, rev, source); err != nil {
		t.Fatal(err)
	}
	store.publish(&domain.PolicyRevision{ID: "p1", Revision: rev, Author: "ana@example.com"})
	deadline := time.Now().Add(2 * time.Second)
	for live.Revision() != rev {
		if time.Now().After(deadline) {
			t.Fatal("the published revision did not become live")
		}
		time.Sleep(5 * time.Millisecond)
	}
	// The old revision loads from its stored source, once.
	store.mu.Lock()
	before := store.lookups
	store.mu.Unlock()
	for range 2 {
		old, err := live.EngineOf(ctx, ea.Revision())
		if err != nil || old.Revision() != ea.Revision() {
			t.Fatalf("got %v, want revision A from its source", err)
		}
	}
	store.mu.Lock()
	if store.lookups-before != 1 {
		t.Fatalf("read the source %d times, want once", store.lookups-before)
	}
	before = store.lookups
	store.mu.Unlock()
	// A revision without a stored source (a decision older than sources)
	// is asked for once in a while, not on every explanation.
	for range 3 {
		if _, err := live.EngineOf(ctx, "no-such-revision"); domain.ErrorCode(err) != domain.ENOTFOUND {
			t.Fatalf("got %v, want NOT_FOUND", err)
		}
	}
	store.mu.Lock()
	defer store.mu.Unlock()
	if store.lookups-before != 1 {
		t.Fatalf("asked for a missing source %d times, want once", store.lookups-before)
	}
}
