package ratelimit

import (
	"context"
	"time"
)

// Counter keeps the events of a key where every server sees them (the
// store's RateAllow over PostgreSQL). It answers as Limiter.Allow does.
type Counter interface {
	RateAllow(ctx context.Context, key string, max int, window time.Duration) (ok bool, retryAfter time.Duration, err error)
}

// sharedTimeout bounds one database round trip of Shared.Allow.
const sharedTimeout = 5 * time.Second

// Shared is an Allower whose counts live in a Counter, so several servers
// behind one proxy share one limit per key: a client cannot multiply its
// tries by the number of servers.
type Shared struct {
	counter Counter
	onError func(error)
}

// NewShared returns a Shared over counter. onError (if not nil) hears of
// each failed count; the event is then refused, as a brake on guessing
// must not open when the database cannot be reached.
func NewShared(counter Counter, onError func(error)) *Shared {
	return &Shared{counter: counter, onError: onError}
}

// Allow counts one event for key, as Limiter.Allow does.
func (s *Shared) Allow(key string, max int, window time.Duration) (bool, time.Duration) {
	if window <= 0 {
		return true, 0
	}
	if max < 1 {
		return false, window
	}
	ctx, cancel := context.WithTimeout(context.Background(), sharedTimeout)
	defer cancel()
	ok, retry, err := s.counter.RateAllow(ctx, key, max, window)
	if err != nil {
		if s.onError != nil {
			s.onError(err)
		}
		return false, time.Second
	}
	return ok, retry
}
