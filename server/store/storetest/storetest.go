// Package storetest gives tests a fresh, empty database of either dialect,
// for the store's own tests and for the tests of the packages above it.
package storetest

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

	_ "github.com/jackc/pgx/v5/stdlib" // the pgx driver, as the store uses it
)

// Dialects are the databases every store test runs against.
var Dialects = []string{"sqlite", "postgres"}

// PostgresURL is the PostgreSQL server tests use (TEST_DATABASE_URL, by
// default 127.0.0.1:5432); each test gets a schema of its own there.
var PostgresURL = func() string {
	if u := os.Getenv("TEST_DATABASE_URL"); u != "" {
		return u
	}
	return "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"
}()

// DSN returns the address of an empty database of dialect: a file in a
// not-yet-created folder for SQLite, a new schema for PostgreSQL, dropped
// when tb ends. Without a PostgreSQL server the test is skipped, saying so.
func DSN(tb testing.TB, dialect string) string {
	tb.Helper()
	if dialect == "sqlite" {
		return filepath.Join(tb.TempDir(), "data", "heloc.db")
	}
	admin := postgres(tb)
	b := make([]byte, 8)
	rand.Read(b)
	schema := "t_" + hex.EncodeToString(b)
	if _, err := admin.Exec(`CREATE SCHEMA ` + schema); err != nil {
		tb.Fatalf("create schema: %v", err)
	}
	// Registered before the caller's Close of the store, so it runs after it.
	tb.Cleanup(func() {
		if _, err := admin.Exec(`DROP SCHEMA ` + schema + ` CASCADE`); err != nil {
			tb.Errorf("drop schema: %v", err)
		}
	})
	u, err := url.Parse(PostgresURL)
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

// postgres returns a shared connection to PostgresURL, skipping tb when no
// server answers there and failing it on any other error.
func postgres(tb testing.TB) *sql.DB {
	tb.Helper()
	pgOnce.Do(func() {
		if pgAdmin, pgErr = sql.Open("pgx", PostgresURL); pgErr != nil {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		pgErr = pgAdmin.PingContext(ctx)
	})
	var netErr *net.OpError
	switch {
	case errors.As(pgErr, &netErr):
		tb.Skipf("PostgreSQL not reachable at %s: %v", PostgresURL, pgErr)
	case pgErr != nil:
		tb.Fatalf("PostgreSQL at %s: %v", PostgresURL, pgErr)
	}
	return pgAdmin
}
