package store_test

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/heloc/heloc/server/crypt"
	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/store"
	"github.com/heloc/heloc/server/store/storetest"
)

// forEachDB runs fn as a subtest against a fresh database of each dialect.
func forEachDB(t *testing.T, fn func(t *testing.T, db *store.DB)) {
	t.Helper()
	for _, dialect := range storetest.Dialects {
		t.Run(dialect, func(t *testing.T) {
			fn(t, MustOpenDB(t, dialect))
		})
	}
}

// forEachDSN is forEachDB for tests that open the database themselves.
func forEachDSN(t *testing.T, fn func(t *testing.T, dialect, dsn string)) {
	t.Helper()
	for _, dialect := range storetest.Dialects {
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
	db.Sealer = testKeyring
	return db
}

// testKeyring seals the personal data of test databases.
var testKeyring = func() *crypt.Keyring {
	k, err := crypt.NewKeyring("k1", map[string][]byte{"k1": bytes.Repeat([]byte{9}, 32)})
	if err != nil {
		panic(err)
	}
	return k
}()

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

// NewDSN returns the address of an empty database of dialect
// (storetest.DSN).
func NewDSN(tb testing.TB, dialect string) string {
	tb.Helper()
	return storetest.DSN(tb, dialect)
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
