package password_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/password"
)

// withConcurrency sets the gate for one test and puts the default back.
func withConcurrency(t *testing.T, n int, wait time.Duration) {
	t.Helper()
	before := password.Concurrency()
	password.SetConcurrency(n, wait)
	t.Cleanup(func() { password.SetConcurrency(before, password.MaxWait) })
}

// Many concurrent hashes and verifies never run more than the gate's
// slots at once, counted inside the gate around the hash itself.
func TestGate_NeverExceedsTheBound(t *testing.T) {
	const slots, callers = 3, 40
	withConcurrency(t, slots, time.Minute) // nobody is refused here
	h := MustHash(t, "gate-test-password")
	password.Peak()
	var wg sync.WaitGroup
	errs := make(chan error, callers)
	for i := range callers {
		wg.Go(func() {
			var err error
			switch i % 3 {
			case 0:
				_, err = password.Hash(ctx, "gate-test-password")
			case 1:
				_, err = password.Verify(ctx, "gate-test-password", h)
			default:
				err = password.VerifyDummy(ctx, "gate-test-password")
			}
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatalf("got %v, want every caller served within a minute", err)
		}
	}
	if got := password.Peak(); got > slots || got < 2 {
		t.Fatalf("got %d hashes at once, want between 2 and the bound %d", got, slots)
	}
}

// Callers beyond the bound wait a bounded time and are then refused with
// ErrBusy (a rate refusal); they are not queued forever, and the gate
// serves again once free.
func TestGate_RefusesBeyondTheBound(t *testing.T) {
	const slots, callers = 1, 24
	withConcurrency(t, slots, 50*time.Millisecond)
	password.Peak()
	start := time.Now()
	var wg sync.WaitGroup
	var mu sync.Mutex
	var served, busy int
	for range callers {
		wg.Go(func() {
			_, err := password.Hash(ctx, "gate-test-password")
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				served++
			case errors.Is(err, password.ErrBusy):
				busy++
			default:
				t.Errorf("got %v, want nil or ErrBusy", err)
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	if busy == 0 || served == 0 || served+busy != callers {
		t.Fatalf("got %d served and %d refused of %d, want some of each", served, busy, callers)
	}
	if got := password.Peak(); got > slots {
		t.Fatalf("got %d hashes at once, want at most %d", got, slots)
	}
	// Each caller waits at most 50 ms for a slot; served ones add their own
	// hash. Nobody waits for the whole queue (24 hashes one at a time).
	if limit := 50*time.Millisecond + time.Duration(served+2)*time.Second; elapsed > limit {
		t.Fatalf("took %v, want under %v", elapsed, limit)
	}
	if domain.ErrorCode(password.ErrBusy) != domain.ETOOMANY {
		t.Fatalf("got code %q, want ETOOMANY (429 on both wires)", domain.ErrorCode(password.ErrBusy))
	}
	if _, err := password.Hash(ctx, "gate-test-password"); err != nil {
		t.Fatalf("after the flood: got %v, want a hash", err)
	}
}

// A caller whose request ends stops waiting at once.
func TestGate_WaitEndsWithTheContext(t *testing.T) {
	withConcurrency(t, 1, time.Minute)
	hold := make(chan struct{})
	go func() { // occupies the one slot with a slow verify loop
		for {
			select {
			case <-hold:
				return
			default:
				_ = password.VerifyDummy(ctx, "x")
			}
		}
	}()
	defer close(hold)
	time.Sleep(10 * time.Millisecond)
	c, cancel := context.WithTimeout(ctx, 30*time.Millisecond)
	defer cancel()
	start := time.Now()
	for time.Since(start) < 2*time.Second {
		if _, err := password.Hash(c, "gate-test-password"); errors.Is(err, context.DeadlineExceeded) {
			return
		}
	}
	t.Fatal("want the wait to end with the context's error")
}

func TestDefaultConcurrency(t *testing.T) {
	if n := password.DefaultConcurrency(); n < 1 {
		t.Fatalf("got %d, want at least 1", n)
	}
}
