package conditions_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/heloc/heloc/server/conditions"
	"github.com/heloc/heloc/server/decisions"
	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/mail"
	"github.com/heloc/heloc/server/portal"
	"github.com/heloc/heloc/server/servicetest"
	"github.com/heloc/heloc/server/store"
)

// These tests call the service over the real store (SQLite and PostgreSQL)
// with the demo borrowers, the real condition catalogue of rules/ and the
// decision log the binary gives it (decisions.Recorder): what a portal
// user sets from the catalogue, the borrower answers and the user clears.

type catalogFixture struct {
	db        *store.DB
	svc       *conditions.Service
	outbox    *mail.Outbox
	staff     *domain.StaffUser
	applicant *domain.Applicant
	loanID    string
}

func withDemoLoan(t *testing.T, fn func(t *testing.T, f *catalogFixture)) {
	servicetest.ForEachDB(t, func(t *testing.T, db *store.DB, dialect string) {
		f := &catalogFixture{db: db, outbox: mail.NewOutbox(0)}
		f.svc = conditions.New(db, servicetest.Policies(), f.outbox, "HELOC", servicetest.Now).
			WithRecorder(decisions.NewRecorder(db, servicetest.Policies()))
		f.staff = servicetest.Staff(t, db, &domain.StaffUser{Email: "una@example.com", FirstName: "Una", LastName: "Underwriter", Role: "underwriter"})
		var loan *domain.Loan
		f.applicant, loan = servicetest.LoanOf(t, db, "prime@example.com")
		f.loanID = loan.ID
		fn(t, f)
	})
}

// A condition set from the catalogue carries the catalogue's words and its
// author, and the catalogue it was set from is recorded for the loan; a
// code the catalogue does not hold is refused at the field.
func TestAConditionFromTheCatalogueIsRecorded(t *testing.T) {
	withDemoLoan(t, func(t *testing.T, f *catalogFixture) {
		ctx := context.Background()
		if _, err := f.svc.Add(ctx, f.staff, conditions.AddInput{LoanID: f.loanID, Code: "999"}); len(domain.ErrorFields(err)) != 1 || domain.ErrorFields(err)[0].Path != "code" {
			t.Fatalf("got %v, want the code refused", err)
		}
		c, err := f.svc.Add(ctx, f.staff, conditions.AddInput{LoanID: f.loanID, Code: "104", Note: " Two spellings on the report. "})
		if err != nil {
			t.Fatal(err)
		}
		if c.Code != "104" || c.Kind != "text" || c.Status != conditions.StatusOpen || c.Party != "borrower" ||
			c.Note != "Two spellings on the report." || c.AddedBy.Email != f.staff.Email ||
			c.Label != "Letter of explanation for the name variations and aliases shown on the credit report" {
			t.Fatalf("got %+v, want the catalogue's open text condition by the underwriter", c)
		}
		recorded, err := f.db.LatestDecision(ctx, f.loanID, "heloc.conditions.catalog")
		if err != nil {
			t.Fatalf("the catalogue the condition was set from is not recorded: %v", err)
		}
		if recorded.Revision != servicetest.Policies().Revision() || !bytes.Contains(recorded.Result, []byte(`"104"`)) {
			t.Fatalf("got %+v, want today's catalogue recorded", recorded)
		}
		view, err := f.svc.ForLoan(ctx, f.loanID, true)
		if err != nil {
			t.Fatal(err)
		}
		if len(view.Conditions) != 1 || view.Conditions[0].ID != c.ID || !view.CanManage || len(view.Catalog) == 0 {
			t.Fatalf("got %+v, want the one condition with the catalogue", view)
		}
	})
}

// The borrower sees the condition on their own list and answers it; the
// loan team sees it answered and clears it, once.
func TestTheBorrowerAnswersAndTheTeamClears(t *testing.T) {
	withDemoLoan(t, func(t *testing.T, f *catalogFixture) {
		ctx := context.Background()
		c, err := f.svc.Add(ctx, f.staff, conditions.AddInput{LoanID: f.loanID, Code: "104"})
		if err != nil {
			t.Fatal(err)
		}
		mine, err := f.svc.Mine(ctx, f.applicant)
		if err != nil {
			t.Fatal(err)
		}
		if len(mine.Conditions) != 1 || mine.Conditions[0].ID != c.ID || mine.Conditions[0].Status != conditions.StatusOpen {
			t.Fatalf("got %+v, want the borrower to see the open condition", mine)
		}
		letter := "My maiden name is on the older accounts."
		if _, err := f.svc.Answer(ctx, f.applicant, conditions.AnswerInput{ConditionID: c.ID}); len(domain.ErrorFields(err)) == 0 {
			t.Fatalf("got %v, want an empty answer refused", err)
		}
		mine, err = f.svc.Answer(ctx, f.applicant, conditions.AnswerInput{ConditionID: c.ID, Text: &letter})
		if err != nil {
			t.Fatal(err)
		}
		if mine.Conditions[0].Status != conditions.StatusAnswered || mine.Conditions[0].Answer == nil {
			t.Fatalf("got %+v, want it answered", mine.Conditions[0])
		}
		cleared, err := f.svc.Resolve(ctx, f.staff, conditions.ResolveInput{LoanID: f.loanID, ConditionID: c.ID, Outcome: "cleared", Note: "Matches the ID."})
		if err != nil {
			t.Fatal(err)
		}
		if cleared.Status != conditions.StatusCleared || cleared.ResolvedBy == nil || cleared.ResolvedBy.Email != f.staff.Email {
			t.Fatalf("got %+v, want it cleared by the underwriter", cleared)
		}
		if _, err := f.svc.Resolve(ctx, f.staff, conditions.ResolveInput{LoanID: f.loanID, ConditionID: c.ID, Outcome: "waived"}); domain.ErrorCode(err) != domain.ECONFLICT {
			t.Fatalf("got %v, want CONFLICT for a condition cleared already", err)
		}
	})
}

// Once a decline (the underwriting table's closes) is the loan's decision,
// no condition is added to the application and the borrower's answer to
// one set before is not taken, nor an e-mail request sent again: each is
// refused, and the loan's view and the borrower's say it is closed; before
// the decision it was open.
func TestNoConditionIsAddedToAClosedApplication(t *testing.T) {
	withDemoLoan(t, func(t *testing.T, f *catalogFixture) {
		ctx := context.Background()
		// As server/app wires it: the portal reads the underwriting table.
		f.svc.WithClosedCheck(portal.New(f.db, nil, servicetest.Policies(), servicetest.Now).Closed)
		if view, err := f.svc.ForLoan(ctx, f.loanID, true); err != nil || view.Closed {
			t.Fatalf("got %+v, %v; want the undecided application open", view, err)
		}
		open, err := f.svc.Add(ctx, f.staff, conditions.AddInput{LoanID: f.loanID, Code: "104"})
		if err != nil {
			t.Fatal(err)
		}
		mailed, err := f.svc.Add(ctx, f.staff, conditions.AddInput{LoanID: f.loanID, Code: "106"})
		if err != nil {
			t.Fatal(err)
		}
		if mine, err := f.svc.Mine(ctx, f.applicant); err != nil || mine.Closed {
			t.Fatalf("got %+v, %v; want the borrower's undecided application open", mine, err)
		}
		if _, _, err := f.db.UpdateApplication(ctx, f.loanID, "", func(l *domain.Loan, _ *domain.Application, _ bool) error {
			l.ApplicationStatus = "applicationSubmitted"
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		if err := f.db.RecordCreditDecision(ctx, store.CreditDecisionRecord{
			Decision: &domain.CreditDecision{LoanID: f.loanID, Action: domain.CreditDecline, DecidedBy: domain.StaffRef{ID: f.staff.ID},
				Reasons: []domain.CreditReason{{Code: "C1_COLLATERAL", Words: "Value or type of collateral not sufficient"}}},
			Validation: &domain.Decision{Entrypoint: "heloc.underwriting.decision", Input: []byte(`{}`), Result: []byte(`{"valid":true}`), Revision: "r1"},
			Audit:      &domain.AuditEntry{ActorID: f.staff.ID, ActorEmail: f.staff.Email, ActorRole: f.staff.Role, Action: "loans.decide"},
		}); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.Add(ctx, f.staff, conditions.AddInput{LoanID: f.loanID, Code: "104"}); domain.ErrorCode(err) != domain.ECONFLICT {
			t.Fatalf("got %v, want a condition on the declined application refused", err)
		}
		view, err := f.svc.ForLoan(ctx, f.loanID, true)
		if err != nil || !view.Closed || len(view.Conditions) != 2 {
			t.Fatalf("got %+v, %v; want the application closed, with only the conditions set before", view, err)
		}
		letter := "My maiden name is on the older accounts."
		if _, err := f.svc.Answer(ctx, f.applicant, conditions.AnswerInput{ConditionID: open.ID, Text: &letter}); domain.ErrorCode(err) != domain.ECONFLICT {
			t.Fatalf("got %v, want the borrower's answer on the declined application refused", err)
		}
		if _, err := f.svc.Resend(ctx, conditions.ResendInput{LoanID: f.loanID, ConditionID: mailed.ID}); domain.ErrorCode(err) != domain.ECONFLICT || !strings.Contains(domain.ErrorMessage(err), "closed") {
			t.Fatalf("got %v, want the e-mail request not sent again on the declined application", err)
		}
		mine, err := f.svc.Mine(ctx, f.applicant)
		if err != nil || !mine.Closed || len(mine.Conditions) != 2 || mine.Conditions[0].Answer != nil {
			t.Fatalf("got %+v, %v; want the borrower told the application is closed, the condition unanswered", mine, err)
		}
	})
}
