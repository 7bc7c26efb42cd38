package store_test

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/heloc/heloc/server/ratelimit"
	"github.com/heloc/heloc/server/store"
)

// sharedLimiter is the limiter a server over db uses when servers share
// their counts; replacing it with ratelimit.New(nil) (a count per server)
// fails the tests below.
func sharedLimiter(t *testing.T, db *store.DB) ratelimit.Allower {
	return ratelimit.NewShared(db, func(err error) { t.Errorf("rate count: %v", err) })
}

// Two servers over one database share each key's sliding window: what one
// allowed counts on the other, a refusal is not counted, and the window
// slides on the database clock.
func TestRateAllowSharedBetweenServers(t *testing.T) {
	forEachDSN(t, func(t *testing.T, dialect, dsn string) {
		var clock atomic.Int64
		clock.Store(testNow.UnixMilli())
		now := func() time.Time { return time.UnixMilli(clock.Load()).UTC() }
		dbA, dbB := MustOpenDSN(t, dsn), MustOpenDSN(t, dsn)
		dbA.Now, dbB.Now = now, now
		a, b := sharedLimiter(t, dbA), sharedLimiter(t, dbB)
		const key = "create|ip|198.51.100.7"

		for i, l := range []ratelimit.Allower{a, b, a} {
			if ok, _ := l.Allow(key, 3, time.Minute); !ok {
				t.Fatalf("event %d: refused", i+1)
			}
		}
		for name, l := range map[string]ratelimit.Allower{"A": a, "B": b} {
			if ok, retry := l.Allow(key, 3, time.Minute); ok || retry != time.Minute {
				t.Fatalf("4th event on %s: got %v, retry %v; want refused, retry 1m", name, ok, retry)
			}
		}
		if ok, _ := b.Allow("create|ip|198.51.100.8", 3, time.Minute); !ok {
			t.Fatal("another key: refused")
		}
		clock.Add((30 * time.Second).Milliseconds())
		if ok, retry := b.Allow(key, 3, time.Minute); ok || retry != 30*time.Second {
			t.Fatalf("after 30s: got %v, retry %v; want refused, retry 30s", ok, retry)
		}
		clock.Add((30 * time.Second).Milliseconds())
		if ok, _ := b.Allow(key, 3, time.Minute); !ok {
			t.Fatal("after the window: refused")
		}
	})
}

// Many requests at once on two servers take exactly max events: the count
// and the insert are one step.
func TestRateAllowConcurrent(t *testing.T) {
	forEachDSN(t, func(t *testing.T, dialect, dsn string) {
		limiters := []ratelimit.Allower{sharedLimiter(t, MustOpenDSN(t, dsn)), sharedLimiter(t, MustOpenDSN(t, dsn))}
		var allowed atomic.Int32
		var wg sync.WaitGroup
		for i := range 40 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if ok, _ := limiters[i%2].Allow("tries|account|ana@example.com", 7, time.Hour); ok {
					allowed.Add(1)
				}
			}()
		}
		wg.Wait()
		if got := allowed.Load(); got != 7 {
			t.Fatalf("allowed %d of 40 concurrent events, want 7", got)
		}
	})
}

// The table holds the SHA-256 of each key, never the key (keys may hold
// e-mail addresses), and the sweep deletes the rows out of their window.
func TestRateEventsHoldHashesAndAreSwept(t *testing.T) {
	forEachDSN(t, func(t *testing.T, dialect, dsn string) {
		db := MustOpenDSN(t, dsn)
		at := testNow
		db.Now = func() time.Time { return at }
		ctx := context.Background()
		keys := []string{"tries|account|ana@example.com", "sends|ip|203.0.113.5"}
		for _, key := range keys {
			if ok, _, err := db.RateAllow(ctx, key, 5, time.Minute); err != nil || !ok {
				t.Fatalf("RateAllow(%q): %v, %v", key, ok, err)
			}
		}
		if ok, _, err := db.RateAllow(ctx, "long|window", 5, time.Hour); err != nil || !ok {
			t.Fatalf("RateAllow: %v, %v", ok, err)
		}
		raw, err := sql.Open(map[string]string{"sqlite": "sqlite3", "postgres": "pgx"}[dialect], dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer raw.Close()
		hashes := rateKeyHashes(t, raw)
		for _, key := range keys {
			sum := sha256.Sum256([]byte(key))
			if !hashes[hex.EncodeToString(sum[:])] {
				t.Errorf("no row for the hash of %q in %v", key, hashes)
			}
		}
		for h := range hashes {
			if strings.ContainsAny(h, "@|.") || len(h) != 64 {
				t.Errorf("key_hash %q is not a SHA-256", h)
			}
		}
		at = at.Add(time.Minute)
		if err := db.SweepRateEvents(ctx); err != nil {
			t.Fatal(err)
		}
		if got := rateKeyHashes(t, raw); len(got) != 1 {
			t.Fatalf("after the sweep %d keys remain, want 1 (the hour-long window)", len(got))
		}
	})
}

func rateKeyHashes(t *testing.T, raw *sql.DB) map[string]bool {
	t.Helper()
	rows, err := raw.Query(`SELECT key_hash FROM rate_events`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	got := map[string]bool{}
	for rows.Next() {
		var h string
		if err := rows.Scan(&h); err != nil {
			t.Fatal(err)
		}
		got[h] = true
	}
	if err := rows.Err(); err != nil {
		t.Fatal(fmt.Errorf("rate_events: %w", err))
	}
	return got
}
