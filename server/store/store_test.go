package store_test

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/store"
)

// pgURL is the PostgreSQL server the postgres variant of each test uses;
// each test gets a schema of its own there.
var pgURL = func() string {
	if u := os.Getenv("TEST_DATABASE_URL"); u != "" {
		return u
	}
	return "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"
}()

// forEachDB runs fn as a subtest against a fresh database of each dialect.
func forEachDB(t *testing.T, fn func(t *testing.T, db *store.DB)) {
	t.Helper()
	for _, dialect := range []string{"sqlite", "postgres"} {
		t.Run(dialect, func(t *testing.T) {
			fn(t, MustOpenDB(t, dialect))
		})
	}
}

// forEachDSN is forEachDB for tests that open the database themselves.
func forEachDSN(t *testing.T, fn func(t *testing.T, dialect, dsn string)) {
	t.Helper()
	for _, dialect := range []string{"sqlite", "postgres"} {
		t.Run(dialect, func(t *testing.T) {
			fn(t, dialect, NewDSN(t, dialect))
		})
	}
}

// MustOpenDB opens a fresh, migrated database of dialect whose clock stands
// at a fixed time; it is closed (and dropped) when tb ends.
func MustOpenDB(tb testing.TB, dialect string) *store.DB {
	tb.Helper()
	db := MustOpenDSN(tb, NewDSN(tb, dialect))
	db.Now = func() time.Time { return testNow }
	return db
}

// testNow is where every test database's clock starts.
var testNow = time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)

// MustOpenDSN opens dsn and closes it when tb ends.
func MustOpenDSN(tb testing.TB, dsn string) *store.DB {
	tb.Helper()
	db, err := store.Open(context.Background(), dsn)
	if err != nil {
		tb.Fatalf("open %s: %v", dsn, err)
	}
	tb.Cleanup(func() {
		if err := db.Close(); err != nil {
			tb.Errorf("close: %v", err)
		}
	})
	return db
}

// NewDSN returns the address of an empty database of dialect: a file in a
// not-yet-created folder for SQLite, a new schema for PostgreSQL, dropped
// when tb ends.
func NewDSN(tb testing.TB, dialect string) string {
	tb.Helper()
	if dialect == "sqlite" {
		return filepath.Join(tb.TempDir(), "data", "heloc.db")
	}

	admin := mustPostgres(tb)
	schema := "t_" + randomHex(8)
	if _, err := admin.Exec(`CREATE SCHEMA ` + schema); err != nil {
		tb.Fatalf("create schema: %v", err)
	}
	// Registered before the store's Close, so it runs after it.
	tb.Cleanup(func() {
		if _, err := admin.Exec(`DROP SCHEMA ` + schema + ` CASCADE`); err != nil {
			tb.Errorf("drop schema: %v", err)
		}
	})
	u, err := url.Parse(pgURL)
	if err != nil {
		tb.Fatalf("TEST_DATABASE_URL: %v", err)
	}
	q := u.Query()
	q.Set("search_path", schema) // pgx passes unknown keys on as runtime parameters
	u.RawQuery = q.Encode()
	return u.String()
}

var (
	pgOnce  sync.Once
	pgAdmin *sql.DB
	pgErr   error
)

// mustPostgres returns a shared connection to pgURL, skipping tb when no
// server answers there and failing it on any other error.
func mustPostgres(tb testing.TB) *sql.DB {
	tb.Helper()
	pgOnce.Do(func() {
		if pgAdmin, pgErr = sql.Open("pgx", pgURL); pgErr != nil {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		pgErr = pgAdmin.PingContext(ctx)
	})
	var netErr *net.OpError
	switch {
	case errors.As(pgErr, &netErr):
		tb.Skipf("PostgreSQL not reachable at %s: %v", pgURL, pgErr)
	case pgErr != nil:
		tb.Fatalf("PostgreSQL at %s: %v", pgURL, pgErr)
	}
	return pgAdmin
}

func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// assertError fails t unless err is a *domain.Error with code and message.
func assertError(t *testing.T, err error, code, message string) {
	t.Helper()
	if got := domain.ErrorCode(err); got != code {
		t.Fatalf("got error code %q (%v), want %q", got, err, code)
	}
	if got := domain.ErrorMessage(err); got != message {
		t.Fatalf("got message %q, want %q", got, message)
	}
}

func TestOpen(t *testing.T) {
	forEachDSN(t, func(t *testing.T, dialect, dsn string) {
		db := MustOpenDSN(t, dsn)
		if err := db.CreateInsight(t.Context(), &domain.Insight{Slug: "kept", Title: "Kept"}); err != nil {
			t.Fatal(err)
		}
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}

		t.Run("MigrationsIdempotent", func(t *testing.T) {
			db := MustOpenDSN(t, dsn)
			if _, err := db.FindInsight(t.Context(), "kept"); err != nil {
				t.Fatalf("got %v after reopening, want the insight kept", err)
			}
			MustOpenDSN(t, dsn) // a third open, while the second is still open
		})

		t.Run("PingAndDialect", func(t *testing.T) {
			db := MustOpenDSN(t, dsn)
			if err := db.Ping(t.Context()); err != nil {
				t.Fatalf("got %v, want nil", err)
			}
			if got := db.Dialect(); got != dialect {
				t.Fatalf("got dialect %q, want %q", got, dialect)
			}
		})
	})
}
