package store_test

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/store"
)

func ptr[T any](v T) *T { return &v }

// newLoan makes an applicant with a loan at status.
func newLoan(t *testing.T, db *store.DB, email, status string) *domain.Loan {
	t.Helper()
	l, err := db.CreateApplicantWithLoan(context.Background(), &domain.Applicant{Email: email, FirstName: "P", LastName: "Q"}, status)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func TestLoanAnswersAreSealed(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		l := newLoan(t, db, "sealed@example.com", "propertyValue")
		got, err := db.UpdateLoanAnswers(ctx, l.ID, func(l *domain.Loan) error {
			l.Answers = l.Answers.Merge(domain.PrequalAnswers{AnnualIncome: ptr(int64(187654)), HasCoborrower: ptr(true)})
			l.ApplicationStatus = "zip"
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		again, err := db.FindLoan(ctx, l.ID)
		if err != nil {
			t.Fatal(err)
		}
		if again.ApplicationStatus != "zip" || again.Answers.AnnualIncome == nil || *again.Answers.AnnualIncome != 187654 || !*again.Answers.HasCoborrower || got.ApplicationStatus != "zip" {
			t.Fatalf("got %+v, want the income and status saved", again)
		}
		var plain, sealed string
		if err := db.QueryRowForTest(ctx, `SELECT prequal_answers, answers_sealed FROM loans WHERE id = ?`, l.ID).Scan(&plain, &sealed); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(plain+sealed, "187654") || plain != "{}" || !strings.HasPrefix(sealed, "v1.k1.") {
			t.Fatalf("got plain %q sealed %q, want the answers sealed and nothing in plain text", plain, sealed)
		}

		db.Sealer = nil
		if _, err := db.FindLoan(ctx, l.ID); err == nil {
			t.Fatal("got the answers opened without a keyring")
		}
	})
}

func TestLoanAnswersWrittenBeforeSealingAreStillRead(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		l := newLoan(t, db, "legacy@example.com", "zip")
		if err := db.ExecForTest(ctx, `UPDATE loans SET prequal_answers = '{"hasCoborrower":true}', answers_sealed = NULL WHERE id = ?`, l.ID); err != nil {
			t.Fatal(err)
		}
		got, err := db.UpdateLoanAnswers(ctx, l.ID, func(l *domain.Loan) error {
			l.Answers = l.Answers.Merge(domain.PrequalAnswers{Zip: ptr("94110")})
			return nil
		})
		if err != nil || got.Answers.HasCoborrower == nil || !*got.Answers.HasCoborrower || *got.Answers.Zip != "94110" {
			t.Fatalf("got %+v %v, want the plain answer kept and the new one added", got, err)
		}
	})
}

func TestConcurrentSavesLoseNoAnswer(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		l := newLoan(t, db, "race@example.com", "propertyValue")
		var wg sync.WaitGroup
		for i := range 8 {
			wg.Go(func() {
				_, err := db.UpdateLoanAnswers(ctx, l.ID, func(l *domain.Loan) error {
					l.Answers.DebtsToPayOff = append(l.Answers.DebtsToPayOff, string(rune('a'+i)))
					return nil
				})
				if err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		got, _ := db.FindLoan(ctx, l.ID)
		if len(got.Answers.DebtsToPayOff) != 8 {
			t.Fatalf("got %v, want all 8 writes kept", got.Answers.DebtsToPayOff)
		}
	})
}

func TestCreditReports(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		l := newLoan(t, db, "pull@example.com", "creditScore")
		if _, err := db.LatestCreditReport(ctx, l.ID, "borrower"); domain.ErrorCode(err) != domain.ENOTFOUND {
			t.Fatalf("got %v, want NOT_FOUND before a pull", err)
		}
		report := &domain.CreditReport{Kind: domain.SingleCredit, Score: ptr(744), KeyFactors: []string{"Too many inquiries"},
			Mortgages: []domain.ReportedMortgage{{ID: "m1", Creditor: "Bank", Balance: 123456}}}
		id, err := db.SaveCreditReport(ctx, domain.CreditPull{LoanID: l.ID, Party: "borrower", Report: report, SSN: "123450099", DateOfBirth: "1970-01-31",
			AuthorizationVersion: "credit-2026-11", ClientAddress: "192.0.2.1", UserAgent: "test"})
		if err != nil {
			t.Fatal(err)
		}
		got, err := db.LatestCreditReport(ctx, l.ID, "borrower")
		if err != nil || *got.Score != 744 || got.Mortgages[0].Balance != 123456 {
			t.Fatalf("got %+v %v, want the report back", got, err)
		}
		var row string
		if err := db.QueryRowForTest(ctx, `SELECT report || ssn || date_of_birth FROM credit_reports WHERE id = ?`, id).Scan(&row); err != nil {
			t.Fatal(err)
		}
		for _, plain := range []string{"123450099", "1970-01-31", "123456", "Too many"} {
			if strings.Contains(row, plain) {
				t.Fatalf("got %q in the stored row, want it sealed", plain)
			}
		}
		if _, err := db.LatestCreditReport(ctx, l.ID, "coborrower"); domain.ErrorCode(err) != domain.ENOTFOUND {
			t.Fatalf("got %v, want the coborrower without a report", err)
		}
	})
}

func TestAdverseActionNoticeIsStoredOncePerDecision(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		l := newLoan(t, db, "notice@example.com", "previewOffer")
		decisionID, err := db.CreateDecision(ctx, "heloc.eligibility.decision", l.ID, []byte(`{}`), []byte(`{}`), "rev")
		if err != nil {
			t.Fatal(err)
		}
		n := &domain.AdverseActionNotice{DecisionID: decisionID, Date: "2026-11-22", Reasons: []string{"Limited credit experience"}}
		first, err := db.SaveAdverseActionNotice(ctx, l.ID, n)
		if err != nil || first.NoticeID == "" {
			t.Fatalf("got %+v %v", first, err)
		}
		n.Reasons = []string{"changed"}
		second, err := db.SaveAdverseActionNotice(ctx, l.ID, n)
		if err != nil || second.NoticeID != first.NoticeID || second.Reasons[0] != "Limited credit experience" {
			t.Fatalf("got %+v %v, want the first notice of the decision", second, err)
		}
		latest, err := db.LatestAdverseActionNotice(ctx, l.ID)
		if err != nil || latest.NoticeID != first.NoticeID || latest.DecisionID != decisionID {
			t.Fatalf("got %+v %v", latest, err)
		}
	})
}
