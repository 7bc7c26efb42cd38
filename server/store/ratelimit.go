package store

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"math/rand/v2"
	"time"
)

// rateSweepOdds is one in how many RateAllow calls also deletes the rows of
// every key that have left their window, so the table follows the traffic
// without a timer.
const rateSweepOdds = 256

// RateAllow counts one event for key and reports whether it is within max
// events in the sliding window ending now, like ratelimit.Limiter.Allow but
// in rate_events, so every server over this database shares the count.
// When it is not, retryAfter is how long until Allow will next say yes; a
// refused event is not counted. Only the SHA-256 of key is stored (keys may
// hold e-mail addresses). On PostgreSQL the key's events are counted and
// added under a transaction-scoped advisory lock, so two servers counting
// the same key at once cannot both take the last event; SQLite has one
// writer at a time already. The caller checks max >= 1 and window > 0.
func (db *DB) RateAllow(ctx context.Context, key string, max int, window time.Duration) (ok bool, retryAfter time.Duration, err error) {
	sum := sha256.Sum256([]byte(key))
	keyHash := hex.EncodeToString(sum[:])
	tx, err := db.beginTx(ctx)
	if err != nil {
		return false, 0, err
	}
	defer tx.Rollback()
	if db.dialect == "postgres" {
		lock := int64(binary.BigEndian.Uint64(sum[:8]))
		if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1)`, lock); err != nil {
			return false, 0, err
		}
	}
	now := tx.now.UnixMilli()
	// An event exactly one window old no longer counts.
	if _, err := tx.ExecContext(ctx, tx.Rebind(`DELETE FROM rate_events WHERE key_hash = ? AND at <= ?`),
		keyHash, now-window.Milliseconds()); err != nil {
		return false, 0, err
	}
	var times []int64
	if err := tx.SelectContext(ctx, &times, tx.Rebind(`SELECT at FROM rate_events WHERE key_hash = ? ORDER BY at DESC LIMIT ?`),
		keyHash, max); err != nil {
		return false, 0, err
	}
	if len(times) >= max {
		// The oldest of the newest max events leaves the window first.
		return false, time.Duration(times[len(times)-1]+window.Milliseconds()-now) * time.Millisecond, nil
	}
	if _, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO rate_events (key_hash, at, expires_at) VALUES (?, ?, ?)`),
		keyHash, now, now+window.Milliseconds()); err != nil {
		return false, 0, err
	}
	if err := tx.Commit(); err != nil {
		return false, 0, err
	}
	if rand.N(rateSweepOdds) == 0 {
		_ = db.SweepRateEvents(ctx)
	}
	return true, 0, nil
}

// SweepRateEvents deletes the events that count for no key any more.
// RateAllow calls it now and then; a failure there leaves rows the next
// sweep deletes.
func (db *DB) SweepRateEvents(ctx context.Context) error {
	_, err := db.write.ExecContext(ctx, db.write.Rebind(`DELETE FROM rate_events WHERE expires_at <= ?`), db.now().UnixMilli())
	return err
}
