package store_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/store"
)

// The pipeline's "days since last activity" is the loan's updated_at. What
// the borrower does moves it (an upload, a condition's answer), in the same
// transaction as the write; what the loan team does (a review, a note, a
// condition set, mailed or cleared, the team changed) does not. On SQLite,
// where the loan row is kept between writes, the next read sees it too.
func TestABorrowersUploadAndAnswerMoveTheLoansLastActivity(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		clock := testNow
		db.Now = func() time.Time { return clock }
		staff := mustCreateStaff(t, db, "activity-uw@example.com", "underwriter")
		quiet := pipelineLoan(t, db, "Quinn", "Quiet", "quiet@example.com", "CA", "applicationSubmitted")
		clock = testNow.Add(time.Hour)
		busy := pipelineLoan(t, db, "Bea", "Busy", "busy@example.com", "TX", "applicationSubmitted")
		clock = testNow.Add(2 * time.Hour)
		// Quinn's loan moves last, so it leads the pipeline.
		if err := db.UpdateLoanStatus(ctx, quiet.ID, "applicationSubmitted"); err != nil {
			t.Fatal(err)
		}

		lastActivity := func(t *testing.T, loanID string) time.Time {
			t.Helper()
			r, err := db.FindPipelineRow(ctx, loanID)
			if err != nil {
				t.Fatal(err)
			}
			return r.LastActivityAt
		}
		first := func(t *testing.T) string {
			t.Helper()
			page, err := db.ListPipeline(ctx, domain.PipelineQuery{Sort: domain.SortActivity, Descending: true})
			if err != nil {
				t.Fatal(err)
			}
			return page.Rows[0].BorrowerName
		}
		// The loan row every signed-in page reads (kept on SQLite).
		keptUpdatedAt := func(t *testing.T) time.Time {
			t.Helper()
			l, err := db.FindLoanByApplicant(ctx, busy.ApplicantID)
			if err != nil {
				t.Fatal(err)
			}
			return l.UpdatedAt
		}
		if got := first(t); got != "Quinn Quiet" {
			t.Fatalf("got %q first, want Quinn's loan, the latest to move", got)
		}
		before := keptUpdatedAt(t)
		if !before.Equal(testNow.Add(time.Hour)) {
			t.Fatalf("got %v, want Bea's loan last active when it was made", before)
		}

		// Bea uploads her paystub a day later: her loan is active today.
		clock = testNow.Add(24 * time.Hour)
		stub := &domain.Document{LoanID: busy.ID, Party: "borrower", Type: "paystubs", FileName: "paystub.pdf",
			ContentType: "application/pdf", Size: 99, BlobKey: "0123456789abcdef0123456789abcd01"}
		if err := db.AddDocument(ctx, stub, func(*domain.Loan) error { return nil }); err != nil {
			t.Fatal(err)
		}
		if got := lastActivity(t, busy.ID); !got.Equal(clock) {
			t.Fatalf("got %v, want the upload's time %v", got, clock)
		}
		if got := first(t); got != "Bea Busy" {
			t.Fatalf("got %q first, want Bea's loan after her upload", got)
		}
		if got := keptUpdatedAt(t); !got.Equal(clock) {
			t.Fatalf("got %v, want the signed-in read to see the upload's time", got)
		}
		uploaded := clock

		// A refused upload moves nothing.
		clock = testNow.Add(25 * time.Hour)
		refused := &domain.Document{LoanID: busy.ID, Party: "borrower", Type: "paystubs", FileName: "late.pdf",
			ContentType: "application/pdf", Size: 99, BlobKey: "0123456789abcdef0123456789abcd02"}
		if err := db.AddDocument(ctx, refused, func(*domain.Loan) error { return domain.Errorf(domain.EFORBIDDEN, "submitted") }); err == nil {
			t.Fatal("got the upload taken, want it refused")
		}
		if got := lastActivity(t, busy.ID); !got.Equal(uploaded) {
			t.Fatalf("got %v, want the last activity kept at %v after a refused upload", got, uploaded)
		}

		// The loan team's work is not the borrower's activity.
		clock = testNow.Add(26 * time.Hour)
		if _, err := db.ReviewDocument(ctx, busy.ID, stub.ID, domain.ReviewRejected, staff.ID, "The pay date is cut off", nil); err != nil {
			t.Fatal(err)
		}
		if err := db.AddLoanNote(ctx, &domain.LoanNote{LoanID: busy.ID, Author: domain.StaffRef{ID: staff.ID}, Body: "Asked for a clearer stub"}); err != nil {
			t.Fatal(err)
		}
		text := mustAddCondition(t, db, &domain.Condition{LoanID: busy.ID, Code: "104", Kind: "text", Label: "Explain the gap",
			Party: "borrower", AddedBy: domain.StaffRef{ID: staff.ID}})
		if _, err := db.MarkConditionMailed(ctx, busy.ID, text.ID); err != nil {
			t.Fatal(err)
		}
		if got := lastActivity(t, busy.ID); !got.Equal(uploaded) {
			t.Fatalf("got %v, want the loan team's review, note and condition to leave the last activity at %v", got, uploaded)
		}

		// Bea answers the condition: active again.
		clock = testNow.Add(48 * time.Hour)
		if _, err := db.AnswerCondition(ctx, busy.ID, text.ID, json.RawMessage(`{"text":"I was studying"}`), nil); err != nil {
			t.Fatal(err)
		}
		if got := lastActivity(t, busy.ID); !got.Equal(clock) {
			t.Fatalf("got %v, want the answer's time %v", got, clock)
		}
		if got := keptUpdatedAt(t); !got.Equal(clock) {
			t.Fatalf("got %v, want the signed-in read to see the answer's time", got)
		}
		answered := clock

		// Clearing it is the loan team's.
		clock = testNow.Add(72 * time.Hour)
		if _, err := db.ResolveCondition(ctx, busy.ID, text.ID, domain.ConditionCleared, staff.ID, "", nil); err != nil {
			t.Fatal(err)
		}
		if got := lastActivity(t, busy.ID); !got.Equal(answered) {
			t.Fatalf("got %v, want clearing the condition to leave the last activity at %v", got, answered)
		}
		if got := lastActivity(t, quiet.ID); !got.Equal(testNow.Add(2 * time.Hour)) {
			t.Fatalf("got %v, want the other loan untouched", got)
		}
	})
}
