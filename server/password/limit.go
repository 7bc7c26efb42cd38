package password

import (
	"bufio"
	"context"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/heloc/heloc/server/domain"
)

// Every argon2id hash takes memoryKiB of memory (19 MiB) for its whole run,
// so a flood of sign-ins with no bound on how many hash at once takes the
// server's memory (issue 10: 512 concurrent requests, 9 GB). Hash and Verify
// therefore run inside a gate of a few slots: a caller waits at most
// MaxWait for one, and beyond that is refused with ErrBusy. Waiting callers
// hold no hash memory, so peak memory is the number of slots times the
// hash's memory, whatever the traffic.

// MaxWait is how long a caller waits for a slot before it is refused.
const MaxWait = 2 * time.Second

// RetryAfter is the number of seconds a refused caller is told to wait
// (the Retry-After header).
const RetryAfter = 1

// ErrBusy refuses a hash when every slot stayed taken for MaxWait. It is a
// rate refusal (ETOOMANY: 429 on both wires), the same for every caller, so
// it tells nothing about the account.
var ErrBusy = &domain.Error{Code: domain.ETOOMANY, RetryAfter: RetryAfter * time.Second,
	Message: "Many people are signing in right now. Try again in a few seconds."}

// hashBytes is the memory one hash of today's parameters holds.
const hashBytes = memoryKiB << 10

// gate is a counting semaphore with a bounded wait.
type gate struct {
	slots chan struct{}
	wait  time.Duration
}

var current atomic.Pointer[gate]

func init() { SetConcurrency(DefaultConcurrency(), MaxWait) }

// SetConcurrency makes at most n hashes run at once (n < 1 counts as 1),
// each caller waiting at most wait for a slot. Hashes under way keep the
// slot they hold; it is meant to be called at start-up.
func SetConcurrency(n int, wait time.Duration) {
	current.Store(&gate{slots: make(chan struct{}, max(1, n)), wait: wait})
}

// Concurrency is the number of hashes that may run at once.
func Concurrency() int { return cap(current.Load().slots) }

// DefaultConcurrency is one hash per usable core, but no more than half of
// the memory (the smaller of the machine's and the container's limit)
// divided by what one hash holds, and at least one: with more hashes than
// cores, each only runs slower.
func DefaultConcurrency() int {
	n := runtime.GOMAXPROCS(0)
	if mem := memoryLimit(); mem > 0 {
		n = min(n, int(mem/(2*hashBytes)))
	}
	return max(1, n)
}

// memoryLimit is the memory this process may use, in bytes, or 0 when it
// cannot be read: the container's cgroup limit or the machine's total.
func memoryLimit() uint64 {
	var limit uint64
	if f, err := os.Open("/proc/meminfo"); err == nil {
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if rest, ok := strings.CutPrefix(sc.Text(), "MemTotal:"); ok {
				if kb, err := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64); err == nil {
					limit = kb << 10
				}
			}
		}
		f.Close()
	}
	for _, path := range []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"} {
		if b, err := os.ReadFile(path); err == nil {
			if v, err := strconv.ParseUint(strings.TrimSpace(string(b)), 10, 64); err == nil && v > 0 && (limit == 0 || v < limit) {
				limit = v
			}
		}
	}
	return limit
}

// timers are reused across waits, so a flood does not allocate one each.
var timers = sync.Pool{New: func() any {
	t := time.NewTimer(time.Hour)
	t.Stop()
	return t
}}

// run runs fn in a slot: at once when one is free, else after waiting at
// most the gate's wait, else not at all (ErrBusy); ctx ending stops the wait.
func run(ctx context.Context, fn func()) error {
	if err := ctx.Err(); err != nil {
		return err // the caller has gone; spend nothing on it
	}
	g := current.Load()
	select {
	case g.slots <- struct{}{}:
	default:
		t := timers.Get().(*time.Timer)
		t.Reset(g.wait)
		select {
		case g.slots <- struct{}{}:
			t.Stop()
			timers.Put(t)
		case <-t.C:
			timers.Put(t)
			return ErrBusy
		case <-ctx.Done():
			t.Stop()
			timers.Put(t)
			return ctx.Err()
		}
	}
	defer func() { <-g.slots }()
	inFlight := running.Add(1)
	defer running.Add(-1)
	for {
		p := peak.Load()
		if inFlight <= p || peak.CompareAndSwap(p, inFlight) {
			break
		}
	}
	fn()
	return nil
}

// running counts hashes under way and peak the most there have been at
// once (the tests read them).
var running, peak atomic.Int64
