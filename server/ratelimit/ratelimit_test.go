package ratelimit_test

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/heloc/heloc/server/ratelimit"
)

// clock is a fake time source that moves only when told.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock { return &clock{t: time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)} }

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// step is one call of a scenario: advance the clock, then call Allow.
type step struct {
	advance    time.Duration
	ok         bool
	retryAfter time.Duration
}

func TestAllow_SlidingWindow(t *testing.T) {
	const max, window = 3, 10 * time.Minute
	tests := []struct {
		name  string
		steps []step
	}{
		{"up to max in a burst, then refused until the oldest leaves", []step{
			{0, true, 0},
			{0, true, 0},
			{0, true, 0},
			{0, false, 10 * time.Minute},
			{4 * time.Minute, false, 6 * time.Minute},
			{6 * time.Minute, true, 0},
		}},
		{"the window slides: events leave one by one", []step{
			{0, true, 0},               // t=0
			{2 * time.Minute, true, 0}, // t=2
			{2 * time.Minute, true, 0}, // t=4
			{5 * time.Minute, false, time.Minute},
			{time.Minute, true, 0}, // t=10: the t=0 event left
			{0, false, 2 * time.Minute},
			{2 * time.Minute, true, 0}, // t=12: the t=2 event left
		}},
		{"an event exactly one window old no longer counts", []step{
			{0, true, 0},
			{0, true, 0},
			{0, true, 0},
			{window - time.Nanosecond, false, time.Nanosecond},
			{time.Nanosecond, true, 0},
		}},
		{"refused calls are not counted, so retryAfter holds", []step{
			{0, true, 0},
			{0, true, 0},
			{0, true, 0},
			{time.Minute, false, 9 * time.Minute},
			{time.Minute, false, 8 * time.Minute},
			{time.Minute, false, 7 * time.Minute},
			{7 * time.Minute, true, 0},
		}},
		{"spaced out events are never refused", []step{
			{0, true, 0},
			{4 * time.Minute, true, 0},
			{4 * time.Minute, true, 0},
			{4 * time.Minute, true, 0},
			{4 * time.Minute, true, 0},
			{4 * time.Minute, true, 0},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newClock()
			l := ratelimit.New(c.Now)
			for i, s := range tt.steps {
				c.Advance(s.advance)
				ok, retry := l.Allow("signin:ana@example.com", max, window)
				if ok != s.ok || retry != s.retryAfter {
					t.Fatalf("call %d: got %v, %v, want %v, %v", i+1, ok, retry, s.ok, s.retryAfter)
				}
			}
		})
	}
}

func TestAllow_KeysAreIndependent(t *testing.T) {
	l := ratelimit.New(newClock().Now)
	for range 2 {
		if ok, _ := l.Allow("ip:192.0.2.1", 2, time.Minute); !ok {
			t.Fatal("got refused within the limit, want allowed")
		}
	}
	if ok, _ := l.Allow("ip:192.0.2.1", 2, time.Minute); ok {
		t.Fatal("got allowed over the limit, want refused")
	}
	if ok, _ := l.Allow("ip:192.0.2.2", 2, time.Minute); !ok {
		t.Error("got another key refused, want it counted on its own")
	}
}

// One key may be checked against two limits (a burst and a daily cap); the
// stricter one decides.
func TestAllow_DifferentLimitsOnOneKey(t *testing.T) {
	c := newClock()
	l := ratelimit.New(c.Now)
	for i := range 5 {
		if ok, _ := l.Allow("k", 5, time.Hour); !ok {
			t.Fatalf("call %d: got refused, want allowed", i+1)
		}
	}
	ok, retry := l.Allow("k", 2, time.Hour)
	if ok || retry != time.Hour {
		t.Errorf("got %v, %v with the smaller max, want false, 1h", ok, retry)
	}
	c.Advance(time.Hour)
	if ok, _ := l.Allow("k", 5, time.Hour); !ok {
		t.Errorf("got refused after the window, want allowed")
	}
}

func TestAllow_Degenerate(t *testing.T) {
	l := ratelimit.New(newClock().Now)
	tests := []struct {
		name       string
		max        int
		window     time.Duration
		ok         bool
		retryAfter time.Duration
	}{
		{"max zero refuses", 0, time.Minute, false, time.Minute},
		{"negative max refuses", -1, time.Minute, false, time.Minute},
		{"zero window allows", 1, 0, true, 0},
		{"negative window allows", 1, -time.Second, true, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for i := range 3 {
				ok, retry := l.Allow("k", tt.max, tt.window)
				if ok != tt.ok || retry != tt.retryAfter {
					t.Fatalf("call %d: got %v, %v, want %v, %v", i+1, ok, retry, tt.ok, tt.retryAfter)
				}
			}
		})
	}
	if l.Len() != 0 {
		t.Errorf("got %d keys held, want none for calls that count nothing", l.Len())
	}
}

func TestReset(t *testing.T) {
	l := ratelimit.New(newClock().Now)
	l.Allow("signin:ana", 1, time.Hour)
	l.Allow("signin:bo", 1, time.Hour)
	if ok, _ := l.Allow("signin:ana", 1, time.Hour); ok {
		t.Fatal("got allowed over the limit, want refused")
	}
	l.Reset("signin:ana")
	l.Reset("signin:nobody")
	if ok, _ := l.Allow("signin:ana", 1, time.Hour); !ok {
		t.Error("got refused after Reset, want allowed")
	}
	if ok, _ := l.Allow("signin:bo", 1, time.Hour); ok {
		t.Error("got another key's count reset too, want it kept")
	}
}

// Keys whose events have all expired are swept as calls go by, so the
// memory follows current traffic.
func TestMemory_ExpiredKeysAreSwept(t *testing.T) {
	c := newClock()
	l := ratelimit.New(c.Now)
	for i := range 1000 {
		l.Allow(fmt.Sprintf("old:%d", i), 5, time.Minute)
	}
	if l.Len() != 1000 {
		t.Fatalf("got %d keys, want 1000", l.Len())
	}
	c.Advance(time.Minute)
	for range 2000 {
		l.Allow("current", 1_000_000, time.Minute)
	}
	if l.Len() != 1 {
		t.Errorf("got %d keys after the old ones expired, want 1", l.Len())
	}
}

// A flood of distinct live keys never holds more than MaxKeys; the keys
// dropped are the least recently counted, so a key that is being tried
// along with the flood keeps its count.
func TestMemory_BoundedUnderAFlood(t *testing.T) {
	c := newClock()
	l := ratelimit.New(c.Now)
	l.MaxKeys = 100
	for i := range 10_000 {
		c.Advance(time.Millisecond)
		l.Allow(fmt.Sprintf("flood:%d", i), 5, time.Hour)
		l.Allow("busy", 100_000, time.Hour)
		if n := l.Len(); n > 100 {
			t.Fatalf("after %d keys: got %d held, want at most 100", i+1, n)
		}
	}
	if ok, retry := l.Allow("busy", 10_000, time.Hour); ok || retry <= 0 {
		t.Errorf("got %v, %v, want the busy key's 10000 events kept and one more refused", ok, retry)
	}
}

func TestDefaultClock(t *testing.T) {
	l := ratelimit.New(nil)
	if ok, _ := l.Allow("k", 1, time.Hour); !ok {
		t.Fatal("got refused, want allowed")
	}
	ok, retry := l.Allow("k", 1, time.Hour)
	if ok || retry <= 59*time.Minute || retry > time.Hour {
		t.Errorf("got %v, %v, want refused for about an hour", ok, retry)
	}
}

// Concurrent callers on one key are allowed exactly max events in total.
func TestAllow_Concurrent(t *testing.T) {
	l := ratelimit.New(newClock().Now)
	const max = 50
	var mu sync.Mutex
	allowed := 0
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 100 {
				ok, _ := l.Allow("shared", max, time.Minute)
				l.Allow(fmt.Sprintf("own:%d:%d", g, i), max, time.Minute)
				if ok {
					mu.Lock()
					allowed++
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	if allowed != max {
		t.Errorf("got %d allowed, want %d", allowed, max)
	}
	if n := l.Len(); n != 801 {
		t.Errorf("got %d keys, want 801", n)
	}
}
