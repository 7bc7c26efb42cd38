package store

import (
	"context"
	"database/sql"
	"errors"
	"sync/atomic"

	lru "github.com/hashicorp/golang-lru/v2"
)

// The rows every signed-in page reads (the session with its applicant, the
// applicant's loan) are kept in memory between writes when the database is
// SQLite. An SQLite database is one server's: every write to it passes
// through this process's store (the admin command writes staff users
// only), and each committed write moves writes.generation on, which makes
// every kept row stale. So a kept row is always the row the database holds
// now; nothing is kept for PostgreSQL, where other servers write too.
//
// What is kept is the row's column values; each read scans them again into
// new values (a loan's answers are opened again), so no caller shares what
// another is given.

// rowCacheSize bounds the rows kept: a session and a loan per signed-in
// applicant.
const rowCacheSize = 1 << 14

// writes counts committed writes.
type writes struct {
	generation atomic.Uint64
}

// committed marks a write as done: every row kept before it is stale.
func (w *writes) committed() { w.generation.Add(1) }

// keptRow is a row's column values as of a generation of writes.
type keptRow struct {
	generation uint64
	values     []any
}

// rowCache is nil where rows are not kept (PostgreSQL).
type rowCache = lru.Cache[string, keptRow]

func newRowCache() *rowCache {
	c, _ := lru.New[string, keptRow](rowCacheSize) // fails only for a size below 1
	return c
}

// keptOrRead answers the single-row query from the kept row of key when
// no write has committed since it was read, else reads it and keeps it.
func (db *DB) keptOrRead(ctx context.Context, key, query string, args ...any) rowScanner {
	if db.rows == nil {
		return db.getRow(ctx, query, args...)
	}
	generation := db.writes.generation.Load()
	if kept, ok := db.rows.Get(key); ok && kept.generation == generation {
		return keptScanner(kept.values)
	}
	return &keepingScanner{row: db.getRow(ctx, query, args...), keep: func(values []any) {
		db.rows.Add(key, keptRow{generation: generation, values: values})
	}}
}

// keepingScanner scans a row and keeps its values when every destination
// is of a kind keptScanner gives back.
type keepingScanner struct {
	row  rowScanner
	keep func([]any)
}

func (k *keepingScanner) Scan(dest ...any) error {
	if err := k.row.Scan(dest...); err != nil {
		return err
	}
	values := make([]any, len(dest))
	for i, d := range dest {
		switch p := d.(type) {
		case *string:
			values[i] = *p
		case *int64:
			values[i] = *p
		case *sql.NullString:
			values[i] = *p
		case *sql.NullInt64:
			values[i] = *p
		default:
			return nil // a kind not kept: read again next time
		}
	}
	k.keep(values)
	return nil
}

// keptScanner gives a kept row's values to a scan's destinations.
type keptScanner []any

func (k keptScanner) Scan(dest ...any) error {
	if len(dest) != len(k) {
		return errors.New("store: a kept row has other columns than the scan")
	}
	for i, d := range dest {
		switch p := d.(type) {
		case *string:
			*p = k[i].(string)
		case *int64:
			*p = k[i].(int64)
		case *sql.NullString:
			*p = k[i].(sql.NullString)
		case *sql.NullInt64:
			*p = k[i].(sql.NullInt64)
		}
	}
	return nil
}
