package store_test

import (
	"strings"
	"testing"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/store"
)

func TestDocumentsAreListedPerLoanWithTheirNamesSealed(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		l := newLoan(t, db, "docs@example.com", "incomeDocs")
		other := newLoan(t, db, "docs-other@example.com", "incomeDocs")
		if got, err := db.ListDocuments(ctx, l.ID); err != nil || len(got) != 0 {
			t.Fatalf("got %v %v, want an empty list (not nil) before any upload", got, err)
		}
		front := &domain.Document{LoanID: l.ID, Party: "borrower", Type: "idDocument", Side: "front", FileName: "Jane Doe licence.jpg",
			ContentType: "image/jpeg", Size: 1234, BlobKey: "0123456789abcdef0123456789abcdef"}
		if err := db.AddDocument(ctx, front, func(*domain.Loan) error { return nil }); err != nil {
			t.Fatal(err)
		}
		if front.ID == "" || !front.UploadedAt.Equal(testNow) {
			t.Fatalf("got %+v, want an id and the upload time", front)
		}
		stub := &domain.Document{LoanID: l.ID, Party: "coborrower", Type: "paystubs", FileName: "stub.pdf",
			ContentType: "application/pdf", Size: 99, BlobKey: "fedcba9876543210fedcba9876543210"}
		if err := db.AddDocument(ctx, stub, nil); err != nil {
			t.Fatal(err)
		}
		got, err := db.ListDocuments(ctx, l.ID)
		if err != nil || len(got) != 2 {
			t.Fatalf("got %v %v, want both documents", got, err)
		}
		byID := map[string]*domain.Document{got[0].ID: got[0], got[1].ID: got[1]}
		if d := byID[front.ID]; d == nil || *d != *front {
			t.Fatalf("got %+v, want %+v", d, front)
		}
		if d := byID[stub.ID]; d == nil || d.Side != "" || d.FileName != "stub.pdf" || d.Party != "coborrower" {
			t.Fatalf("got %+v, want the paystub as stored", d)
		}
		if list, _ := db.ListDocuments(ctx, other.ID); len(list) != 0 {
			t.Fatalf("got %v, want none for another loan", list)
		}

		var sealed string
		if err := db.QueryRowForTest(ctx, `SELECT file_name FROM documents WHERE id = ?`, front.ID).Scan(&sealed); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(sealed, "Jane Doe licence") || !strings.HasPrefix(sealed, "v1.") {
			t.Fatalf("got %q, want the file name sealed", sealed)
		}
		// A sealed name moved to another loan's row does not open.
		if err := db.ExecForTest(ctx, `UPDATE documents SET loan_id = ? WHERE id = ?`, other.ID, front.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := db.FindDocument(ctx, front.ID); err == nil {
			t.Fatal("got the name opened under another loan")
		}
		if err := db.ExecForTest(ctx, `UPDATE documents SET loan_id = ? WHERE id = ?`, l.ID, front.ID); err != nil {
			t.Fatal(err)
		}
		if d, err := db.FindDocument(ctx, front.ID); err != nil || d.FileName != "Jane Doe licence.jpg" {
			t.Fatalf("got %+v %v", d, err)
		}
		if _, err := db.FindDocument(ctx, "nope"); domain.ErrorCode(err) != domain.ENOTFOUND {
			t.Fatalf("got %v, want ENOTFOUND", err)
		}
	})
}

func TestDocumentWritesAreRefusedByTheirCheck(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		l := newLoan(t, db, "docs-check@example.com", "applicationSubmitted")
		refuse := func(l *domain.Loan) error {
			if l.ApplicationStatus == "applicationSubmitted" {
				return domain.Errorf(domain.EFORBIDDEN, "submitted")
			}
			return nil
		}
		d := &domain.Document{LoanID: l.ID, Party: "borrower", Type: "w2", FileName: "w2.pdf", ContentType: "application/pdf", Size: 1, BlobKey: "00000000000000000000000000000001"}
		if err := db.AddDocument(ctx, d, refuse); domain.ErrorCode(err) != domain.EFORBIDDEN {
			t.Fatalf("got %v, want the check's refusal", err)
		}
		if list, _ := db.ListDocuments(ctx, l.ID); len(list) != 0 {
			t.Fatalf("got %v, want nothing stored", list)
		}
		if err := db.AddDocument(ctx, &domain.Document{LoanID: "no-such-loan", Party: "borrower", Type: "w2", BlobKey: "00000000000000000000000000000002"}, nil); domain.ErrorCode(err) != domain.ENOTFOUND {
			t.Fatalf("got %v, want ENOTFOUND for a loan that does not exist", err)
		}
	})
}

func TestRemoveDocument(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		l := newLoan(t, db, "docs-remove@example.com", "incomeDocs")
		other := newLoan(t, db, "docs-remove-other@example.com", "incomeDocs")
		d := &domain.Document{LoanID: l.ID, Party: "borrower", Type: "w2", FileName: "w2.pdf", ContentType: "application/pdf", Size: 1, BlobKey: "00000000000000000000000000000003"}
		if err := db.AddDocument(ctx, d, nil); err != nil {
			t.Fatal(err)
		}
		// Another loan's applicant cannot reach it.
		if err := db.RemoveDocument(ctx, other.ID, d.ID, nil); domain.ErrorCode(err) != domain.ENOTFOUND {
			t.Fatalf("got %v, want ENOTFOUND from another loan", err)
		}
		// A refusing remove keeps the row.
		if err := db.RemoveDocument(ctx, l.ID, d.ID, func(*domain.Loan, *domain.Document) error {
			return domain.Errorf(domain.EFORBIDDEN, "no")
		}); domain.ErrorCode(err) != domain.EFORBIDDEN {
			t.Fatalf("got %v, want the refusal", err)
		}
		if _, err := db.FindDocument(ctx, d.ID); err != nil {
			t.Fatalf("got %v, want the document kept", err)
		}
		var seen *domain.Document
		if err := db.RemoveDocument(ctx, l.ID, d.ID, func(_ *domain.Loan, got *domain.Document) error { seen = got; return nil }); err != nil {
			t.Fatal(err)
		}
		if seen == nil || seen.BlobKey != d.BlobKey {
			t.Fatalf("got %+v, want remove to see the document (its blob key)", seen)
		}
		if _, err := db.FindDocument(ctx, d.ID); domain.ErrorCode(err) != domain.ENOTFOUND {
			t.Fatalf("got %v, want it gone", err)
		}
		if err := db.RemoveDocument(ctx, l.ID, d.ID, nil); domain.ErrorCode(err) != domain.ENOTFOUND {
			t.Fatalf("got %v, want ENOTFOUND the second time", err)
		}
	})
}

func TestDocumentReviewIsStoredWithItsNoteSealed(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		l := newLoan(t, db, "review@example.com", "incomeDocs")
		other := newLoan(t, db, "review-other@example.com", "incomeDocs")
		staff := mustCreateStaff(t, db, "reviewer@example.com", "underwriter")
		d := &domain.Document{LoanID: l.ID, Party: "borrower", Type: "paystubs", FileName: "paystub.pdf",
			ContentType: "application/pdf", Size: 99, BlobKey: "aaaabbbbccccddddaaaabbbbccccdddd"}
		if err := db.AddDocument(ctx, d, nil); err != nil {
			t.Fatal(err)
		}
		got, err := db.FindDocument(ctx, d.ID)
		if err != nil || got.Review.Status != domain.ReviewPending || got.Review.ReviewedBy != nil || got.Review.ReviewedAt != nil || got.Review.Note != "" {
			t.Fatalf("got %+v %v, want a pending review", got, err)
		}
		if _, err := db.ReviewDocument(ctx, l.ID, d.ID, "pending", staff.ID, "", nil); domain.ErrorCode(err) != domain.EINVALID {
			t.Fatalf("got %v, want EINVALID for a status other than accepted or rejected", err)
		}
		if _, err := db.ReviewDocument(ctx, other.ID, d.ID, domain.ReviewRejected, staff.ID, "x", nil); domain.ErrorCode(err) != domain.ENOTFOUND {
			t.Fatalf("got %v, want ENOTFOUND for another loan's document", err)
		}
		refused := domain.Errorf(domain.ECONFLICT, "no")
		if _, err := db.ReviewDocument(ctx, l.ID, d.ID, domain.ReviewRejected, staff.ID, "x", func(*domain.Loan, *domain.Document) error { return refused }); err != refused {
			t.Fatalf("got %v, want the check's refusal", err)
		}
		if got, _ := db.FindDocument(ctx, d.ID); got.Review.Status != domain.ReviewPending {
			t.Fatalf("got %+v, want nothing changed by a refused review", got.Review)
		}
		rejected, err := db.ReviewDocument(ctx, l.ID, d.ID, domain.ReviewRejected, staff.ID, "The pay stub for Jane Doe is cut off", nil)
		if err != nil {
			t.Fatal(err)
		}
		r := rejected.Review
		if r.Status != domain.ReviewRejected || r.Note != "The pay stub for Jane Doe is cut off" || r.ReviewedBy == nil || r.ReviewedBy.ID != staff.ID ||
			r.ReviewedBy.Email != "reviewer@example.com" || r.ReviewedAt == nil || !r.ReviewedAt.Equal(testNow) {
			t.Fatalf("got %+v, want the rejection with its note, reviewer and time", r)
		}
		list, err := db.ListDocuments(ctx, l.ID)
		if err != nil || len(list) != 1 || list[0].Review.Status != domain.ReviewRejected || list[0].Review.Note != r.Note {
			t.Fatalf("got %+v %v, want the review listed", list, err)
		}
		var sealed string
		if err := db.QueryRowForTest(ctx, `SELECT review_note FROM documents WHERE id = ?`, d.ID).Scan(&sealed); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(sealed, "for Jane Doe") || !strings.HasPrefix(sealed, "v1.") {
			t.Fatalf("got %q, want the note sealed", sealed)
		}
		// Reviewed again: accepted, without a note.
		accepted, err := db.ReviewDocument(ctx, l.ID, d.ID, domain.ReviewAccepted, staff.ID, "", nil)
		if err != nil || accepted.Review.Status != domain.ReviewAccepted || accepted.Review.Note != "" {
			t.Fatalf("got %+v %v, want it accepted without a note", accepted, err)
		}
		// An unknown reviewer is refused by the database.
		if _, err := db.ReviewDocument(ctx, l.ID, d.ID, domain.ReviewAccepted, "0123456789abcdef0123456789abcdef", "", nil); err == nil {
			t.Fatal("got a review by a portal user who does not exist")
		}
	})
}
