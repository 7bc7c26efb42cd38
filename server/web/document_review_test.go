package web_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/web"
)

// reviewedUpload is an upload as documents.list and portal.documents show
// it, with its review (replaced: whether a rejected file has been).
type reviewedUpload struct {
	ID       string `json:"id"`
	Type     string `json:"type"`
	FileName string `json:"fileName"`
	Review   struct {
		Status     string  `json:"status"`
		Note       *string `json:"note"`
		Replaced   *bool   `json:"replaced"`
		ReviewedAt *string `json:"reviewedAt"`
		ReviewedBy *struct {
			Email string `json:"email"`
		} `json:"reviewedBy"`
	} `json:"review"`
}

type reviewedDocuments struct {
	Requirements struct {
		Borrower struct {
			Missing map[string]int `json:"missing"`
		} `json:"borrower"`
	} `json:"requirements"`
	Uploads  []reviewedUpload `json:"uploads"`
	ReadOnly bool             `json:"readOnly"`
}

// borrowerWithAJob is the prime borrower signed in at employment, with
// one current job saved, so the documents policy asks for paystubs.
func borrowerWithAJob(t *testing.T, s *testServer) *browser {
	t.Helper()
	borrower := s.browser(t)
	borrower.signIn("prime@example.com")
	reach(t, s, "prime@example.com", "application5")
	if code, res := saveSection(borrower, "/app/application/4", `{"employments":[{"startDate":"2019-01-01","endDate":null,"employerName":"Acme"}],"employmentGaps":[]}`); code != 200 {
		t.Fatalf("got %d %+v", code, res.Error)
	}
	return borrower
}

func TestStaffRejectADocumentAndTheBorrowerReplacesItAfterSubmission(t *testing.T) {
	s, _ := openDocumentsServer(t, web.Config{Now: time.Now}) // the authenticator codes are of the real clock
	borrower := borrowerWithAJob(t, s)
	resp, res := upload(borrower, map[string]string{"type": "paystubs", "party": "borrower"}, "paystub.png", pngBytes(t), nil)
	if resp.StatusCode != 200 {
		t.Fatalf("got %d %+v", resp.StatusCode, res.Error)
	}
	before := decode[reviewedDocuments](t, res.Result.Data)
	if len(before.Uploads) != 1 || before.Uploads[0].Review.Status != "pending" || before.Requirements.Borrower.Missing["paystubs"] != 3 {
		t.Fatalf("got %+v, want the paystub pending and three missing", before)
	}
	docID := before.Uploads[0].ID
	loan := loanOf(t, s, "prime@example.com")
	if err := s.DB.UpdateLoanStatus(context.Background(), loan.ID, "applicationSubmitted"); err != nil {
		t.Fatal(err)
	}

	const pw = "staff password 1"
	// A loan officer, even on their own loan, does not review documents.
	lou := s.enrol(t, "lou@example.com", "loanOfficer", pw)
	if _, err := s.DB.UpdateLoanTeam(context.Background(), loan.ID, domain.LoanTeamPatch{LoanOfficerID: &lou.User.ID}); err != nil {
		t.Fatal(err)
	}
	officer := s.browser(t)
	officer.signInStaff(lou, pw)
	if resp, res := officer.trpc("POST", "portal.reviewDocument", `{"documentId":"`+docID+`","decision":"accepted"}`); resp.StatusCode != 403 {
		t.Fatalf("got %d %+v, want 403 for a loan officer", resp.StatusCode, res.Error)
	}
	if l := mustCall[struct{ Can map[string]bool }](t, officer, "GET", "portal.loan", `{"loanId":"`+loan.ID+`"}`); l.Can["documents.review"] {
		t.Fatalf("got %+v, want the loan page to offer no review to a loan officer", l.Can)
	}

	uw := s.browser(t)
	uw.signInStaff(s.enrol(t, "uma@example.com", "underwriter", pw), pw)
	if l := mustCall[struct{ Can map[string]bool }](t, uw, "GET", "portal.loan", `{"loanId":"`+loan.ID+`"}`); !l.Can["documents.review"] {
		t.Fatalf("got %+v, want the loan page to offer the review to an underwriter", l.Can)
	}
	// Rejecting needs a note; an unknown document is not found.
	if resp, res := uw.trpc("POST", "portal.reviewDocument", `{"documentId":"`+docID+`","decision":"rejected","note":"  "}`); resp.StatusCode != 400 || !hasField(res.Error.Data.Fields, "note") {
		t.Fatalf("got %d %+v, want 400 at note", resp.StatusCode, res.Error)
	}
	if resp, res := uw.trpc("POST", "portal.reviewDocument", `{"documentId":"`+docID+`","decision":"maybe"}`); resp.StatusCode != 400 || !hasField(res.Error.Data.Fields, "decision") {
		t.Fatalf("got %d %+v, want 400 at decision", resp.StatusCode, res.Error)
	}
	if resp, _ := uw.trpc("POST", "portal.reviewDocument", `{"documentId":"0123456789abcdef0123456789abcdef","decision":"accepted"}`); resp.StatusCode != 404 {
		t.Fatalf("got %d, want 404 for a document that does not exist", resp.StatusCode)
	}
	const note = "The pay date is cut off"
	staffView := mustCall[reviewedDocuments](t, uw, "POST", "portal.reviewDocument", `{"documentId":"`+docID+`","decision":"rejected","note":"`+note+`"}`)
	if u := staffView.Uploads[0]; u.Review.Status != "rejected" || u.Review.Note == nil || *u.Review.Note != note ||
		u.Review.ReviewedBy == nil || u.Review.ReviewedBy.Email != "uma@example.com" || u.Review.ReviewedAt == nil {
		t.Fatalf("got %+v, want the rejection with its note and reviewer", u.Review)
	}
	if staffView.Requirements.Borrower.Missing["paystubs"] != 4 {
		t.Fatalf("got %+v, want the rejected paystub missing again on the portal", staffView.Requirements.Borrower.Missing)
	}
	// The borrower is e-mailed why, and how to replace it; the letter is
	// recorded with the loan.
	if m, ok := s.Outbox.Latest("prime@example.com"); !ok || !strings.HasSuffix(m.Subject, ": we need another copy of a document") ||
		!strings.Contains(m.Text, "Why: "+note) || !strings.Contains(m.Text, "paystub.png") || !strings.Contains(m.Text, "How to replace it:") {
		t.Fatalf("got %+v (%v), want the rejection's letter with its note", m, ok)
	}
	if sent, err := s.DB.ListLoanEmails(context.Background(), loan.ID); err != nil || len(sent) != 1 || sent[0].Letter != "document-rejected" || sent[0].Version == "" {
		t.Fatalf("got %+v, %v; want the rejection's letter recorded with its version", sent, err)
	}

	// The borrower sees it missing again, with the note, and not who wrote it.
	mine := mustCall[reviewedDocuments](t, borrower, "GET", "documents.list", "")
	if mine.Requirements.Borrower.Missing["paystubs"] != 4 || !mine.ReadOnly {
		t.Fatalf("got %+v, want four paystubs missing again", mine.Requirements.Borrower.Missing)
	}
	if u := mine.Uploads[0]; u.Review.Status != "rejected" || u.Review.Note == nil || *u.Review.Note != note || u.Review.ReviewedBy != nil {
		t.Fatalf("got %+v, want the rejection and its note, without the reviewer", u.Review)
	}
	// A replacement is taken after submission for that type; another type is not.
	if resp, res := upload(borrower, map[string]string{"type": "bankStatements", "party": "borrower"}, "s.png", pngBytes(t), nil); resp.StatusCode != 403 {
		t.Fatalf("got %d %+v, want 403 for a type with nothing rejected", resp.StatusCode, res.Error)
	}
	resp, res = upload(borrower, map[string]string{"type": "paystubs", "party": "borrower"}, "paystub again.png", pngBytes(t), nil)
	if resp.StatusCode != 200 {
		t.Fatalf("got %d %+v, want the replacement taken", resp.StatusCode, res.Error)
	}
	if after := decode[reviewedDocuments](t, res.Result.Data); len(after.Uploads) != 2 || after.Requirements.Borrower.Missing["paystubs"] != 3 {
		t.Fatalf("got %+v, want the replacement counted", after)
	}

	// Accepted: the review changes, and both are audited.
	accepted := mustCall[reviewedDocuments](t, uw, "POST", "portal.reviewDocument", `{"documentId":"`+docID+`","decision":"accepted"}`)
	if u := accepted.Uploads[0]; u.Review.Status != "accepted" || u.Review.Note != nil {
		t.Fatalf("got %+v, want it accepted without a note", u.Review)
	}
	if got := strings.Join(auditActions(t, s, loan.ID), ","); strings.Count(got, "documents.review") != 2 {
		t.Fatalf("got audit %s, want two documents.review entries", got)
	}
	page, err := s.DB.ListAudit(context.Background(), domain.AuditFilter{LoanID: loan.ID, Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range page.Items {
		if strings.Contains(e.Detail, "cut off") || strings.Contains(e.Subject, "cut off") {
			t.Fatalf("got %+v, want the note's words kept out of the audit log", e)
		}
	}
}
