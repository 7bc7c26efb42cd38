// Package servicetest gives the services' own tests what they share: a
// database of each dialect with the demo data (fixtures/) sealed under a
// test keyring, the real policies of rules/, and the demo loans and staff.
// Only tests import it.
package servicetest

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/heloc/heloc/fixtures"
	"github.com/heloc/heloc/rules"
	"github.com/heloc/heloc/server/crypt"
	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/policy"
	"github.com/heloc/heloc/server/store"
	"github.com/heloc/heloc/server/store/storetest"
)

// Now is the tests' clock: a fixed afternoon.
func Now() time.Time { return time.Date(2026, 11, 22, 15, 0, 0, 0, time.UTC) }

// Keyring is a keyring of one test key, for sealing at rest.
var Keyring = sync.OnceValue(func() *crypt.Keyring {
	k, err := crypt.NewKeyring("k1", map[string][]byte{"k1": bytes.Repeat([]byte{7}, 32)})
	if err != nil {
		panic(err)
	}
	return k
})

// Policies are the policies of rules/, loaded once, as the binary serves
// them (with no folder to watch).
var Policies = sync.OnceValue(func() *policy.Live {
	engine, err := policy.Load(context.Background(), rules.FS)
	if err != nil {
		panic(err)
	}
	return policy.NewLive(engine, slog.New(slog.NewTextHandler(io.Discard, nil)))
})

// ForEachDB runs fn over a fresh database of each dialect with the demo
// data, in parallel with the other tests (each has a database of its own).
// PostgreSQL's runs are skipped, saying so, when no server answers.
func ForEachDB(t *testing.T, fn func(t *testing.T, db *store.DB, dialect string)) {
	t.Parallel()
	for _, dialect := range storetest.Dialects {
		t.Run(dialect, func(t *testing.T) {
			t.Parallel()
			fn(t, OpenDB(t, dialect), dialect)
		})
	}
}

// OpenDB is a fresh database of dialect with the demo data, closed when t
// ends.
func OpenDB(t testing.TB, dialect string) *store.DB {
	t.Helper()
	ctx := context.Background()
	db, err := store.Open(ctx, storetest.DSN(t, dialect))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	db.Sealer = Keyring()
	if err := db.SeedDemo(ctx, fixtures.FS); err != nil {
		t.Fatal(err)
	}
	return db
}

// LoanOf is the demo applicant of email and their loan.
func LoanOf(t testing.TB, db *store.DB, email string) (*domain.Applicant, *domain.Loan) {
	t.Helper()
	ctx := context.Background()
	a, err := db.FindApplicantByEmail(ctx, email)
	if err != nil {
		t.Fatal(err)
	}
	loan, err := db.FindLoanByApplicant(ctx, a.ID)
	if err != nil {
		t.Fatal(err)
	}
	return a, loan
}

// Staff adds a portal user of the role, with credentials no test signs in
// with (the services are called directly).
func Staff(t testing.TB, db *store.DB, u *domain.StaffUser) *domain.StaffUser {
	t.Helper()
	if err := db.CreateStaffUser(context.Background(), u, domain.StaffCredentials{PasswordHash: "hash",
		SealTOTP: func(id string) (string, error) { return "sealed:" + id, nil }, RecoveryCodeHashes: []string{"r1"}}); err != nil {
		t.Fatal(err)
	}
	return u
}

// ConsentVersion is the version of the consent of kind in force
// (heloc.consents.current), as a page sends it with the consent given.
func ConsentVersion(t testing.TB, kind string) string {
	t.Helper()
	v, err := Policies().Decide(context.Background(), "heloc.consents.current", nil)
	if err != nil {
		t.Fatal(err)
	}
	var current struct {
		Consents []struct{ Kind, Version string }
	}
	b, _ := json.Marshal(v)
	if err := json.Unmarshal(b, &current); err != nil {
		t.Fatal(err)
	}
	for _, c := range current.Consents {
		if c.Kind == kind {
			return c.Version
		}
	}
	t.Fatalf("no %s consent in heloc.consents.current", kind)
	return ""
}
