package store_test

import (
	"strings"
	"testing"
	"time"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/store"
)

// A vendor's answer is kept per loan, kind and subject, sealed; a new one
// replaces it; one copied into another row does not open there.
func TestVendorAnswersAreKeptPerLoanKindAndSubjectSealed(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		clock := testNow
		db.Now = func() time.Time { return clock }
		l := newLoan(t, db, "vendor@example.com", "propertyValue")
		other := newLoan(t, db, "vendor-other@example.com", "propertyValue")
		if _, err := db.FindVendorAnswer(ctx, l.ID, "valuation", "home"); domain.ErrorCode(err) != domain.ENOTFOUND {
			t.Fatalf("got %v, want ENOTFOUND before any answer", err)
		}
		first := `{"request":"3f2a","answer":{"value":850000,"note":"100 Valencia St"}}`
		if err := db.SaveVendorAnswer(ctx, l.ID, "valuation", "home", []byte(first)); err != nil {
			t.Fatal(err)
		}
		if got, err := db.FindVendorAnswer(ctx, l.ID, "valuation", "home"); err != nil || string(got) != first {
			t.Fatalf("got %s %v, want the answer as kept", got, err)
		}
		for _, k := range [][2]string{{"payroll", "home"}, {"valuation", "borrower"}} {
			if _, err := db.FindVendorAnswer(ctx, l.ID, k[0], k[1]); domain.ErrorCode(err) != domain.ENOTFOUND {
				t.Fatalf("%v: got %v, want ENOTFOUND for another kind or subject", k, err)
			}
		}
		if _, err := db.FindVendorAnswer(ctx, other.ID, "valuation", "home"); domain.ErrorCode(err) != domain.ENOTFOUND {
			t.Fatalf("got %v, want ENOTFOUND for another loan", err)
		}

		clock = testNow.Add(time.Hour)
		second := `{"request":"9c01","answer":{"value":910000}}`
		if err := db.SaveVendorAnswer(ctx, l.ID, "valuation", "home", []byte(second)); err != nil {
			t.Fatal(err)
		}
		if got, err := db.FindVendorAnswer(ctx, l.ID, "valuation", "home"); err != nil || string(got) != second {
			t.Fatalf("got %s %v, want the new answer in place of the old", got, err)
		}
		var rows int
		var sealed string
		var at int64
		if err := db.QueryRowForTest(ctx, `SELECT COUNT(*) FROM vendor_answers WHERE loan_id = ?`, l.ID).Scan(&rows); err != nil || rows != 1 {
			t.Fatalf("got %d rows %v, want one per loan, kind and subject", rows, err)
		}
		if err := db.QueryRowForTest(ctx, `SELECT answer, created_at FROM vendor_answers WHERE loan_id = ?`, l.ID).Scan(&sealed, &at); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(sealed, "910000") || strings.Contains(sealed, `"9c01"`) || at != clock.UnixMilli() {
			t.Fatalf("got %q at %d, want the answer sealed and the time of the new one", sealed, at)
		}

		// An answer copied into another row does not open there (the row is
		// written by hand: no path of the store copies one).
		if err := db.ExecForTest(ctx, `INSERT INTO vendor_answers (loan_id, kind, subject, answer, created_at) SELECT ?, kind, subject, answer, created_at FROM vendor_answers WHERE loan_id = ?`, other.ID, l.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := db.FindVendorAnswer(ctx, other.ID, "valuation", "home"); err == nil {
			t.Fatal("got the answer, want an error for an answer moved to another loan")
		}

		if err := db.SaveVendorAnswer(ctx, "nope", "valuation", "home", []byte(first)); domain.ErrorCode(err) != domain.ENOTFOUND {
			t.Fatalf("got %v, want ENOTFOUND for an unknown loan", err)
		}
		if err := db.SaveVendorAnswer(ctx, l.ID, "valuation", "home", []byte("not json")); domain.ErrorCode(err) != domain.EINVALID {
			t.Fatalf("got %v, want EINVALID for an answer that is not JSON", err)
		}
	})
}
