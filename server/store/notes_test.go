package store_test

import (
	"strings"
	"testing"
	"time"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/store"
)

func TestLoanNotesAreAddedListedNewestFirstAndSealed(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		clock := testNow
		db.Now = func() time.Time { return clock }
		staff := mustCreateStaff(t, db, "proc@example.com", "processor")
		l := newLoan(t, db, "notes@example.com", "applicationSubmitted")
		other := newLoan(t, db, "notes-other@example.com", "applicationSubmitted")
		if got, err := db.ListLoanNotes(ctx, l.ID); err != nil || got == nil || len(got) != 0 {
			t.Fatalf("got %v %v, want an empty list (not nil) before any note", got, err)
		}
		first := &domain.LoanNote{LoanID: l.ID, Author: domain.StaffRef{ID: staff.ID}, Body: "Called the borrower about the Chase lien"}
		if err := db.AddLoanNote(ctx, first); err != nil {
			t.Fatal(err)
		}
		if first.ID == "" || !first.CreatedAt.Equal(testNow) {
			t.Fatalf("got %+v, want an id and the time", first)
		}
		clock = testNow.Add(time.Minute)
		second := &domain.LoanNote{LoanID: l.ID, Author: domain.StaffRef{ID: staff.ID}, Body: "Appraisal ordered"}
		if err := db.AddLoanNote(ctx, second); err != nil {
			t.Fatal(err)
		}

		got, err := db.ListLoanNotes(ctx, l.ID)
		if err != nil || len(got) != 2 {
			t.Fatalf("got %v %v, want both notes", got, err)
		}
		if got[0].ID != second.ID || got[1].ID != first.ID {
			t.Fatalf("got %s then %s, want the newest first", got[0].Body, got[1].Body)
		}
		if n := got[1]; n.Body != first.Body || n.Author.Email != "proc@example.com" || n.Author.Role != "processor" || !n.CreatedAt.Equal(testNow) {
			t.Fatalf("got %+v, want the note as added with its author", n)
		}
		if list, _ := db.ListLoanNotes(ctx, other.ID); len(list) != 0 {
			t.Fatalf("got %v, want none for another loan", list)
		}
		var sealed string
		if err := db.QueryRowForTest(ctx, `SELECT body FROM loan_notes WHERE id = ?`, first.ID).Scan(&sealed); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(sealed, "Chase") || sealed == "" {
			t.Fatalf("got %q, want the body sealed", sealed)
		}

		// A body copied into another note's row does not open there (the
		// row is written by hand: no path of the store copies one).
		if err := db.ExecForTest(ctx, `INSERT INTO loan_notes (id, loan_id, author_id, body, created_at) SELECT 'copied', loan_id, author_id, body, created_at + 1 FROM loan_notes WHERE id = ?`, first.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := db.ListLoanNotes(ctx, l.ID); err == nil {
			t.Fatal("got the notes, want an error for a body moved to another row")
		}

		if err := db.AddLoanNote(ctx, &domain.LoanNote{LoanID: "nope", Author: domain.StaffRef{ID: staff.ID}, Body: "x"}); domain.ErrorCode(err) != domain.ENOTFOUND {
			t.Fatalf("got %v, want ENOTFOUND for an unknown loan", err)
		}
	})
}

func TestTheDatabaseKeepsLoanNotesAsWritten(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		staff := mustCreateStaff(t, db, "lo-notes@example.com", "loanOfficer")
		l := newLoan(t, db, "notes-kept@example.com", "applicationSubmitted")
		n := &domain.LoanNote{LoanID: l.ID, Author: domain.StaffRef{ID: staff.ID}, Body: "Borrower will send the HOA statement Monday"}
		if err := db.AddLoanNote(ctx, n); err != nil {
			t.Fatal(err)
		}
		for _, stmt := range []string{
			`UPDATE loan_notes SET created_at = created_at + 1 WHERE id = ?`,
			`DELETE FROM loan_notes WHERE id = ?`,
		} {
			if err := db.ExecForTest(ctx, stmt, n.ID); err == nil || !strings.Contains(err.Error(), "append-only") {
				t.Errorf("%s: got %v, want the trigger's refusal", stmt, err)
			}
		}
		if got, err := db.ListLoanNotes(ctx, l.ID); err != nil || len(got) != 1 || got[0].Body != n.Body {
			t.Fatalf("got %v %v, want the note as it was written", got, err)
		}
	})
}
