// Package ratelimit counts sign-in attempts (and the like) per key in memory,
// so guessing passwords or codes is slow. One server process holds the
// counts; a restart forgets them, which is acceptable for a brake on
// guessing and saves a table written on every attempt. Where several
// servers share one PostgreSQL database, Shared counts in the database
// instead (through the store), so the servers share each limit.
package ratelimit

import (
	"slices"
	"sync"
	"time"
)

// DefaultMaxKeys bounds the keys a Limiter holds: at about 100 bytes a key
// plus its timestamps, some tens of megabytes at most.
const DefaultMaxKeys = 100_000

// sweepEvery is how many calls pass between sweeps of expired keys, so
// memory follows the traffic without a goroutine or a timer.
const sweepEvery = 1024

// Limiter allows at most max events per key in any sliding window, keeping
// the time of each allowed event. It is safe for concurrent use.
type Limiter struct {
	// MaxKeys bounds the keys held; set it, if at all, before first use.
	// Zero means DefaultMaxKeys.
	MaxKeys int

	now   func() time.Time
	mu    sync.Mutex
	keys  map[string]*log
	calls int
}

// log holds the times of a key's allowed events, oldest first, and the
// window last asked for, which says when the key may be forgotten.
type log struct {
	times  []time.Time
	window time.Duration
}

// New returns a Limiter reading the time from now (time.Now if nil; tests
// pass a fake clock).
func New(now func() time.Time) *Limiter {
	if now == nil {
		now = time.Now
	}
	return &Limiter{now: now, keys: map[string]*log{}}
}

// Allow counts one event for key and reports whether it is within max
// events in the last window. When it is not, retryAfter is how long until
// the oldest counted event leaves the window, i.e. when Allow will next say
// yes. A refused event is not counted: it did not reach what the limit
// protects, and so retryAfter stays true however often the caller retries.
// max < 1 refuses everything; a window <= 0 allows everything.
func (l *Limiter) Allow(key string, max int, window time.Duration) (ok bool, retryAfter time.Duration) {
	if window <= 0 {
		return true, 0
	}
	if max < 1 {
		return false, window
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	l.calls++
	if l.calls%sweepEvery == 0 {
		l.sweep(now)
	}
	e := l.keys[key]
	if e == nil {
		l.makeRoom(now)
		e = &log{}
		l.keys[key] = e
	}
	e.window = window
	e.times = e.times[expired(e.times, now, window):]
	if len(e.times) >= max {
		// Only the newest max events matter; older ones could remain from a
		// call with a larger max.
		e.times = e.times[len(e.times)-max:]
		return false, e.times[0].Add(window).Sub(now)
	}
	e.times = append(e.times, now)
	return true, 0
}

// Reset forgets key, e.g. after a successful sign-in, so earlier failures
// do not count against the next ones.
func (l *Limiter) Reset(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.keys, key)
}

// Len is the number of keys held, for metrics and for the tests of the
// memory bound.
func (l *Limiter) Len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.keys)
}

// expired is how many of times (oldest first) are outside the window ending
// now: an event exactly one window old no longer counts.
func expired(times []time.Time, now time.Time, window time.Duration) int {
	start := now.Add(-window)
	n := 0
	for n < len(times) && !times[n].After(start) {
		n++
	}
	return n
}

// sweep drops every key whose events have all left its window: it would
// allow its next event anyway, so forgetting it changes no answer.
func (l *Limiter) sweep(now time.Time) {
	for k, e := range l.keys {
		if len(e.times) == 0 || expired(e.times, now, e.window) == len(e.times) {
			delete(l.keys, k)
		}
	}
}

// makeRoom keeps the map under MaxKeys before a new key is added: first by
// sweeping, then, if a flood of distinct keys fills it with live ones, by
// dropping the tenth of the keys least recently used. Dropping in batches
// keeps a flood from costing a full scan on every call.
func (l *Limiter) makeRoom(now time.Time) {
	limit := l.MaxKeys
	if limit <= 0 {
		limit = DefaultMaxKeys
	}
	if len(l.keys) < limit {
		return
	}
	l.sweep(now)
	if len(l.keys) < limit {
		return
	}
	type keyTime struct {
		key  string
		last time.Time
	}
	all := make([]keyTime, 0, len(l.keys))
	for k, e := range l.keys {
		all = append(all, keyTime{k, e.times[len(e.times)-1]})
	}
	slices.SortFunc(all, func(a, b keyTime) int { return a.last.Compare(b.last) })
	drop := max(1, limit/10, len(l.keys)-limit+1)
	for _, kt := range all[:min(drop, len(all))] {
		delete(l.keys, kt.key)
	}
}

// Allower is the limiter the web server uses: Limiter in memory for one
// server, Shared over the database when several servers share the counts.
type Allower interface {
	Allow(key string, max int, window time.Duration) (ok bool, retryAfter time.Duration)
}

var _ Allower = (*Limiter)(nil)
