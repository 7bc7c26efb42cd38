package store_test

import (
	"testing"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/store"
)

// The session and loan every signed-in page reads are the database's as
// of the last write: a sign-out, a status change or new answers are seen
// on the very next read, on SQLite as on PostgreSQL (nothing is kept in
// memory between reads).
func TestASignedInReadSeesTheLastWrite(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		a := &domain.Applicant{Email: "kept@example.com", FirstName: "Kay", LastName: "Kept"}
		loan, err := db.CreateApplicantWithLoan(ctx, a, "propertyValue")
		if err != nil {
			t.Fatal(err)
		}
		token := mustCreateSession(t, db, domain.RealmApplicant, a.ID)
		for range 2 { // read twice: the second read is the database's too
			if _, got, err := db.FindApplicantSession(ctx, token); err != nil || got.Email != "kept@example.com" {
				t.Fatalf("got %+v, %v", got, err)
			}
			if got, err := db.FindLoanByApplicant(ctx, a.ID); err != nil || got.ApplicationStatus != "propertyValue" {
				t.Fatalf("got %+v, %v", got, err)
			}
		}
		if err := db.UpdateLoanStatus(ctx, loan.ID, "application3"); err != nil {
			t.Fatal(err)
		}
		if got, err := db.FindLoanByApplicant(ctx, a.ID); err != nil || got.ApplicationStatus != "application3" {
			t.Fatalf("got %+v, %v; want the new status", got, err)
		}
		// Each read is its own value: changing one changes no other.
		first, _ := db.FindLoanByApplicant(ctx, a.ID)
		first.ApplicationStatus = "changed"
		if again, _ := db.FindLoanByApplicant(ctx, a.ID); again.ApplicationStatus != "application3" {
			t.Fatalf("got %q, want a read unchanged by another caller", again.ApplicationStatus)
		}
		if _, err := db.DeleteSession(ctx, domain.RealmApplicant, token); err != nil {
			t.Fatal(err)
		}
		if _, _, err := db.FindApplicantSession(ctx, token); domain.ErrorCode(err) != domain.EUNAUTHORIZED {
			t.Fatalf("got %v, want the signed-out session refused at once", err)
		}
	})
}
