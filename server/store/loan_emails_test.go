package store_test

import (
	"strings"
	"testing"
	"time"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/store"
)

// A loan's e-mails are listed oldest first with their letter, version,
// recipient and outcome; the recipient is sealed at rest; another loan's
// are not listed; a loan that does not exist is refused.
func TestLoanEmailsAreRecordedWithTheLoanAndSealed(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		clock := testNow
		db.Now = func() time.Time { return clock }
		l := newLoan(t, db, "letters@example.com", "applicationSubmitted")
		other := newLoan(t, db, "letters-other@example.com", "applicationSubmitted")
		first := &domain.LoanEmail{LoanID: l.ID, Letter: "submitted", Version: "LTR-1", To: "letters@example.com", Outcome: domain.EmailSent}
		if err := db.RecordLoanEmail(ctx, first); err != nil {
			t.Fatal(err)
		}
		clock = testNow.Add(time.Minute)
		second := &domain.LoanEmail{LoanID: l.ID, Letter: "submitted", Version: "LTR-1", To: "co@example.com", Outcome: domain.EmailFailed}
		if err := db.RecordLoanEmail(ctx, second); err != nil {
			t.Fatal(err)
		}
		got, err := db.ListLoanEmails(ctx, l.ID)
		if err != nil || len(got) != 2 || got[0].ID != first.ID || got[1].To != "co@example.com" || got[1].Outcome != domain.EmailFailed || !got[0].SentAt.Equal(testNow) {
			t.Fatalf("got %+v, %v, want both, oldest first, as recorded", got, err)
		}
		if none, err := db.ListLoanEmails(ctx, other.ID); err != nil || len(none) != 0 {
			t.Fatalf("got %+v, %v, want none for another loan", none, err)
		}
		var stored string
		if err := db.QueryRowForTest(ctx, `SELECT recipient FROM loan_emails WHERE id = ?`, first.ID).Scan(&stored); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(stored, "letters@example.com") || stored == "" {
			t.Fatalf("got %q at rest, want the address sealed", stored)
		}
		if err := db.RecordLoanEmail(ctx, &domain.LoanEmail{LoanID: "no-such-loan", Letter: "submitted", Version: "LTR-1", To: "x@example.com", Outcome: domain.EmailSent}); domain.ErrorCode(err) != domain.ENOTFOUND {
			t.Fatalf("got %v, want ENOTFOUND for a loan that does not exist", err)
		}
	})
}
