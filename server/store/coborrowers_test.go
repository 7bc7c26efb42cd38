package store_test

import (
	"strings"
	"testing"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/store"
)

// A loan's coborrower is an applicant of their own, bound to that loan:
// their account is made at the invitation (without a loan of their own),
// they reach the loan as its coborrower, inviting again keeps them, and the
// borrower cannot be their own coborrower.
func TestCoborrowerIsBoundToTheLoan(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		l := newLoan(t, db, "bound-borrower@example.com", "application")
		other := newLoan(t, db, "bound-other@example.com", "application")
		if _, err := db.FindLoanCoborrower(ctx, l.ID); domain.ErrorCode(err) != domain.ENOTFOUND {
			t.Fatalf("got %v, want ENOTFOUND before an invitation", err)
		}
		co, err := db.BindCoborrower(ctx, l.ID, &domain.Applicant{Email: "Bound-Co@Example.com", FirstName: "Amara", LastName: "Okafor"})
		if err != nil {
			t.Fatal(err)
		}
		if co.Applicant.Email != "bound-co@example.com" || co.Applicant.ID == "" {
			t.Fatalf("got %+v, want a new account at the lowercase e-mail", co.Applicant)
		}
		if _, err := db.FindLoanByApplicant(ctx, co.Applicant.ID); domain.ErrorCode(err) != domain.ENOTFOUND {
			t.Fatalf("got %v, want the coborrower to have no loan of their own", err)
		}
		got, err := db.FindCoborrowerLoan(ctx, co.Applicant.ID)
		if err != nil || got.ID != l.ID {
			t.Fatalf("got %+v, %v, want the borrower's loan", got, err)
		}
		again, err := db.BindCoborrower(ctx, l.ID, &domain.Applicant{Email: "bound-co@example.com", FirstName: "Amara", LastName: "Okafor"})
		if err != nil || again.Applicant.ID != co.Applicant.ID {
			t.Fatalf("got %+v, %v, want the same account invited again", again, err)
		}
		found, err := db.FindLoanCoborrower(ctx, l.ID)
		if err != nil || found.Applicant.ID != co.Applicant.ID {
			t.Fatalf("got %+v, %v, want the bound coborrower", found, err)
		}
		if _, err := db.FindLoanCoborrower(ctx, other.ID); domain.ErrorCode(err) != domain.ENOTFOUND {
			t.Fatalf("got %v, want no coborrower on another loan", err)
		}
		if _, err := db.BindCoborrower(ctx, l.ID, &domain.Applicant{Email: "bound-borrower@example.com", FirstName: "Self", LastName: "Same"}); domain.ErrorCode(err) != domain.EINVALID {
			t.Fatalf("got %v, want the borrower refused as their own coborrower", err)
		}
	})
}

// Acts are recorded with who, what, when, address and browser, the
// address and browser sealed at rest; another loan's are not listed.
func TestLoanActsAreRecordedAndSealed(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		l := newLoan(t, db, "acts-borrower@example.com", "application")
		other := newLoan(t, db, "acts-other@example.com", "application")
		acts := []*domain.LoanAct{
			{LoanID: l.ID, Party: "coborrower", ApplicantID: "co-1", Act: domain.ActESignConsent, IP: "203.0.113.9", UserAgent: "TestBrowser/1"},
			{LoanID: l.ID, Party: "coborrower", ApplicantID: "co-1", Act: domain.ActSignature, Detail: "heca|1|abc", IP: "203.0.113.9", UserAgent: "TestBrowser/1"},
		}
		if err := db.RecordLoanActs(ctx, acts); err != nil {
			t.Fatal(err)
		}
		got, err := db.ListLoanActs(ctx, l.ID)
		if err != nil || len(got) != 2 || got[1].Detail != "heca|1|abc" || got[0].IP != "203.0.113.9" || got[0].UserAgent != "TestBrowser/1" || got[0].ApplicantID != "co-1" || got[0].At.IsZero() {
			t.Fatalf("got %+v, %v, want both acts as recorded", got, err)
		}
		var ip string
		if err := db.QueryRowForTest(ctx, `SELECT ip FROM loan_acts WHERE id = ?`, acts[0].ID).Scan(&ip); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(ip, "203.0.113.9") || ip == "" {
			t.Fatalf("got %q at rest, want the address sealed", ip)
		}
		if none, err := db.ListLoanActs(ctx, other.ID); err != nil || len(none) != 0 {
			t.Fatalf("got %+v, %v, want none for another loan", none, err)
		}
		if err := db.RecordLoanActs(ctx, []*domain.LoanAct{{LoanID: l.ID, Party: "someone", ApplicantID: "x", Act: "signature"}}); domain.ErrorCode(err) != domain.EINVALID {
			t.Fatalf("got %v, want an unknown party refused", err)
		}
	})
}
