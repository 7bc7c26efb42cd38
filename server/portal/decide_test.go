package portal_test

import (
	"context"
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/heloc/heloc/fixtures"
	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/portal"
	"github.com/heloc/heloc/server/servicetest"
	"github.com/heloc/heloc/server/store"
)

// Credit decisions on a submitted application, over the real store and the
// real policies: who may decide is the access table's, what may be decided
// the underwriting table's and the offer's on the application's figures.

// requested is the line the borrower asked for at submission.
const requested = 120000

// submitted submits the demo loan of the borrower with that e-mail as the
// loan service would leave it: its preview offer decided on the
// application's figures (the prime fixture) with the line requested, its
// status submitted, days ago.
func (f *fixture) submitted(t *testing.T, email string, daysAgo int) string {
	t.Helper()
	ctx := context.Background()
	loanID := f.loanOf(t, email)
	raw, err := fixtures.FS.ReadFile("policy-inputs/offer-prime.json")
	if err != nil {
		t.Fatal(err)
	}
	var input map[string]any
	if err := json.Unmarshal(raw, &input); err != nil {
		t.Fatal(err)
	}
	input["requestedLine"] = requested
	out, revision, err := servicetest.Policies().DecideAt(ctx, "heloc.offer.preview", input)
	if err != nil {
		t.Fatal(err)
	}
	in, _ := json.Marshal(input)
	res, _ := json.Marshal(out)
	if _, err := f.db.CreateDecision(ctx, "heloc.offer.preview", loanID, in, res, revision); err != nil {
		t.Fatal(err)
	}
	at := servicetest.Now().Add(-time.Duration(daysAgo) * 24 * time.Hour).Format(time.RFC3339)
	if _, _, err := f.db.UpdateApplication(ctx, loanID, "", func(l *domain.Loan, app *domain.Application, _ bool) error {
		l.ApplicationStatus, app.SubmittedAt = "applicationSubmitted", &at
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return loanID
}

func (f *fixture) staff(t *testing.T, role string) *domain.StaffUser {
	t.Helper()
	return servicetest.Staff(t, f.db, &domain.StaffUser{Email: role + "@example.com", FirstName: "Uma", LastName: role, Role: role})
}

// audits are the loan's audit entries of credit decisions.
func (f *fixture) audits(t *testing.T, loanID string) []*domain.AuditEntry {
	t.Helper()
	page, err := f.db.ListAudit(context.Background(), domain.AuditFilter{LoanID: loanID, Action: "loans.decide"})
	if err != nil {
		t.Fatal(err)
	}
	return page.Items
}

func (f *fixture) row(t *testing.T, loanID string) *domain.PipelineRow {
	t.Helper()
	for _, r := range f.pipeline(t, f.admin, false).Items {
		if r.LoanID == loanID {
			return r
		}
	}
	t.Fatalf("loan %s is not in the pipeline", loanID)
	return nil
}

// An administrator and an underwriter may decide; a processor, a loan
// officer (even on their own loan) and a partner may not, and nothing is
// recorded for them.
func TestWhoMayDecideASubmittedApplication(t *testing.T) {
	forEachDB(t, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		underwriter, processor := f.staff(t, "underwriter"), f.staff(t, "processor")
		for _, c := range []struct {
			name  string
			user  *domain.StaffUser
			email string
			may   bool
		}{
			{"administrator", f.admin, "prime@example.com", true},
			{"underwriter", underwriter, "thin-file@example.com", true},
			{"processor", processor, "self-employed@example.com", false},
			{"loan officer", f.officer, "self-employed@example.com", false},
			{"partner", f.partner, "self-employed@example.com", false},
		} {
			t.Run(c.name, func(t *testing.T) {
				loanID := f.submitted(t, c.email, 3)
				// The loan is theirs: a refusal is their role's, not the assignment's.
				if _, _, err := f.svc.Assign(ctx, portal.AssignInput{LoanID: loanID, LoanOfficerID: ptr(f.officer.ID), LoanOfficerTag: ptr("BROKER-7")}); err != nil {
					t.Fatal(err)
				}
				v, err := f.svc.Decide(ctx, c.user, "203.0.113.9", portal.DecideInput{LoanID: loanID, Action: "withdraw"})
				if !c.may {
					if domain.ErrorCode(err) != domain.EFORBIDDEN {
						t.Fatalf("got %v, want the %s refused", err, c.name)
					}
					if got := f.audits(t, loanID); len(got) != 0 {
						t.Fatalf("got audit %+v, want nothing recorded", got)
					}
					if r := f.row(t, loanID); r.CreditStatus != nil {
						t.Fatalf("got status %q, want the loan undecided", *r.CreditStatus)
					}
					return
				}
				if err != nil {
					t.Fatalf("the %s: %v", c.name, err)
				}
				if v.Decision == nil || v.Decision.Label != "Withdrawn" || v.Decision.DecidedBy.ID != c.user.ID {
					t.Fatalf("got %+v, want a withdrawal recorded by the %s", v.Decision, c.name)
				}
			})
		}
	})
}

// An approval with a lower line is one transaction: its validation with
// its revision, the offer on the new line, the loan's status and line, and
// the audit entry naming who decided from where.
func TestAnApprovalIsRecordedWithItsRevisionAndAuditedWithTheStatus(t *testing.T) {
	forEachDB(t, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		loanID := f.submitted(t, "prime@example.com", 3)
		v, err := f.svc.Decide(ctx, f.admin, "203.0.113.9", portal.DecideInput{LoanID: loanID, Action: "approve", Line: ptr[int64](90000), Note: "Verified income."})
		if err != nil {
			t.Fatal(err)
		}
		if v.Decision.Action != "approve" || v.Decision.Label != "Approved" || *v.Decision.LineAmount != 90000 || v.Decision.Notice != nil {
			t.Fatalf("got %+v, want approved at $90,000 without a notice", v.Decision)
		}
		uw, err := f.db.LatestDecision(ctx, loanID, "heloc.underwriting.decision")
		if err != nil || uw.Revision == "" {
			t.Fatalf("got %+v, %v; want the underwriting decision stored with its revision", uw, err)
		}
		offer, err := f.db.LatestDecision(ctx, loanID, "heloc.offer.preview")
		if o, _ := domain.ReadOffer(offer.Result); err != nil || o.Amount() != 90000 {
			t.Fatalf("got offer %s, want the offer decided again on the approved line", offer.Result)
		}
		audits := f.audits(t, loanID)
		if len(audits) != 1 || audits[0].ActorID != f.admin.ID || audits[0].IP != "203.0.113.9" || !audits[0].At.Equal(uw.CreatedAt) {
			t.Fatalf("got %+v, want one entry by the administrator, at the decision's time", audits)
		}
		// The line asked for is still the submission's, not the approved one.
		if after, err := f.svc.Credit(ctx, loanID); err != nil || after.Offer == nil || *after.Offer.RequestedLine != requested {
			t.Fatalf("got %+v, %v; want the line asked for kept at %d", after, err, requested)
		}
		b, err := f.svc.BorrowerDecision(ctx, loanID)
		if err != nil || b.Decision == nil || b.Decision.Terms == nil || b.Decision.Terms.Line != 90000 || *b.Decision.Terms.RequestedLine != requested || b.Decision.Needed != nil || b.Decision.Closed {
			t.Fatalf("got %+v, %v; want the borrower told of the $90,000 line they did not ask for", b, err)
		}
		r := f.row(t, loanID)
		if r.StatusLabel != "Approved" || r.LineAmount == nil || *r.LineAmount != 90000 || r.DecideBy != nil {
			t.Fatalf("got %+v, want the pipeline to show Approved at $90,000", r)
		}
	})
}

// When the audit entry cannot be written, nothing of the decision is
// kept: not the credit decision, not the policy decisions, not the status.
func TestADecisionIsNotKeptWithoutItsAudit(t *testing.T) {
	forEachDB(t, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		loanID := f.submitted(t, "prime@example.com", 3)
		err := f.db.RecordCreditDecision(ctx, store.CreditDecisionRecord{
			Decision:   &domain.CreditDecision{LoanID: loanID, Action: "withdraw", DecidedBy: domain.StaffRef{ID: f.admin.ID}},
			Validation: &domain.Decision{Entrypoint: "heloc.underwriting.decision", Input: []byte(`{}`), Result: []byte(`{}`), Revision: "r1"},
			Audit:      &domain.AuditEntry{Action: "loans.decide"}, // no actor: refused by the audit log
		})
		if err == nil {
			t.Fatal("got the decision recorded without its audit entry")
		}
		if _, err := f.db.LatestCreditDecision(ctx, loanID); domain.ErrorCode(err) != domain.ENOTFOUND {
			t.Fatalf("got %v, want no credit decision", err)
		}
		if _, err := f.db.LatestDecision(ctx, loanID, "heloc.underwriting.decision"); domain.ErrorCode(err) != domain.ENOTFOUND {
			t.Fatalf("got %v, want no underwriting decision", err)
		}
		if r := f.row(t, loanID); r.CreditStatus != nil {
			t.Fatalf("got status %q, want the loan undecided", *r.CreditStatus)
		}
	})
}

// A line above the rules' maximum on the application's figures is refused
// at the line, in the rules' words, and nothing is recorded; so is a
// counteroffer that is not lower than the line requested.
func TestALineAboveTheRulesMaximumIsRefused(t *testing.T) {
	forEachDB(t, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		loanID := f.submitted(t, "prime@example.com", 3)
		view, err := f.svc.Credit(ctx, loanID)
		if err != nil {
			t.Fatal(err)
		}
		if view.Offer == nil || !view.Offer.Eligible || view.Offer.MaxLine <= view.Offer.MinLine || *view.Offer.RequestedLine != requested {
			t.Fatalf("got %+v, want the rules' bounds and the line requested", view.Offer)
		}
		_, err = f.svc.Decide(ctx, f.admin, "", portal.DecideInput{LoanID: loanID, Action: "approve", Line: ptr(view.Offer.MaxLine + 1)})
		if fields := domain.ErrorFields(err); len(fields) != 1 || fields[0].Path != "line" {
			t.Fatalf("got %v, want the line refused", err)
		}
		_, err = f.svc.Decide(ctx, f.admin, "", portal.DecideInput{LoanID: loanID, Action: "counteroffer", Line: ptr[int64](requested)})
		if fields := domain.ErrorFields(err); len(fields) != 1 || fields[0].Path != "line" {
			t.Fatalf("got %v, want a counteroffer at the requested line refused", err)
		}
		if got := f.audits(t, loanID); len(got) != 0 {
			t.Fatalf("got audit %+v, want nothing recorded", got)
		}
		if _, err := f.db.LatestCreditDecision(ctx, loanID); domain.ErrorCode(err) != domain.ENOTFOUND {
			t.Fatalf("got %v, want no credit decision", err)
		}
	})
}

// A decline gives its reasons, and the adverse-action notice is made from
// the notice's rules with them, stored with the loan; the pipeline shows
// the loan as Declined and finds it under that status.
func TestADeclineMakesTheAdverseActionNotice(t *testing.T) {
	forEachDB(t, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		loanID := f.submitted(t, "prime@example.com", 3)
		if _, err := f.svc.Decide(ctx, f.admin, "", portal.DecideInput{LoanID: loanID, Action: "decline"}); len(domain.ErrorFields(err)) != 1 || domain.ErrorFields(err)[0].Path != "reasons" {
			t.Fatalf("got %v, want a decline without reasons refused at the reasons", err)
		}
		v, err := f.svc.Decide(ctx, f.admin, "", portal.DecideInput{LoanID: loanID, Action: "decline", Reasons: []string{"C1_OBLIGATIONS", "C1_INCOME_UNVERIFIED"}})
		if err != nil {
			t.Fatal(err)
		}
		want := []string{"Excessive obligations in relation to income", "Unable to verify income"}
		if v.Decision.Label != "Declined" || v.Decision.Notice == nil || !slices.Equal(v.Decision.Notice.Reasons, want) {
			t.Fatalf("got %+v, want declined with a notice giving %v", v.Decision, want)
		}
		notice, err := f.db.LatestDecision(ctx, loanID, "heloc.notice.adverse_action")
		if err != nil {
			t.Fatal(err)
		}
		var n struct {
			Required bool `json:"required"`
		}
		if json.Unmarshal(notice.Result, &n); !n.Required {
			t.Fatalf("got notice %s, want a required notice", notice.Result)
		}
		page, err := f.svc.Pipeline(ctx, f.admin, false, portal.PipelineInput{Statuses: []string{"decline"}})
		if err != nil {
			t.Fatal(err)
		}
		if len(page.Items) != 1 || page.Items[0].LoanID != loanID || page.Items[0].StatusLabel != "Declined" {
			t.Fatalf("got %+v, want the declined loan alone", page.Items)
		}
	})
}

// A suspension needs a day after today and what is needed; the pipeline
// flags an undecided application from day 25 with the day it must be
// decided by, and its status filter offers words, never a raw step.
func TestASuspensionAndTheRegBDeadline(t *testing.T) {
	forEachDB(t, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		late, recent := f.submitted(t, "prime@example.com", 26), f.submitted(t, "thin-file@example.com", 3)
		if r := f.row(t, late); r.DecideBy == nil || *r.DecideBy != servicetest.Now().AddDate(0, 0, 4).Format(time.DateOnly) {
			t.Fatalf("got %+v, want the late application flagged, decide by 30 days after submission", r.DecideBy)
		}
		if r := f.row(t, recent); r.DecideBy != nil {
			t.Fatalf("got decide by %s, want a recent application not flagged", *r.DecideBy)
		}
		yesterday := servicetest.Now().AddDate(0, 0, -1).Format(time.DateOnly)
		_, err := f.svc.Decide(ctx, f.admin, "", portal.DecideInput{LoanID: late, Action: "suspend", NeededBy: &yesterday})
		paths := []string{}
		for _, fe := range domain.ErrorFields(err) {
			paths = append(paths, fe.Path)
		}
		slices.Sort(paths)
		if !slices.Equal(paths, []string{"neededBy", "note"}) {
			t.Fatalf("got %v, want the past day and the missing note refused", err)
		}
		inAWeek := servicetest.Now().AddDate(0, 0, 7).Format(time.DateOnly)
		v, err := f.svc.Decide(ctx, f.admin, "", portal.DecideInput{LoanID: late, Action: "suspend", NeededBy: &inAWeek, Note: "Your 2025 W-2."})
		if err != nil {
			t.Fatal(err)
		}
		if v.Decision.NeededBy == nil || *v.Decision.NeededBy != inAWeek || v.Decision.Note != "Your 2025 W-2." {
			t.Fatalf("got %+v, want suspended until %s", v.Decision, inAWeek)
		}
		if r := f.row(t, late); r.DecideBy != nil || r.NeededBy == nil || *r.NeededBy != inAWeek {
			t.Fatalf("got %+v, want the suspended loan not flagged, with its day", r)
		}
		for _, s := range f.pipeline(t, f.admin, false).Statuses {
			if s.Label == s.Step {
				t.Fatalf("the status filter offers %q without words", s.Step)
			}
		}
	})
}

// A decline or a withdrawal closes the application (the underwriting
// table's closes): any later decision is refused at the action, in the
// rules' words, and nothing more is recorded; a suspension does not close
// it, and the loan is approved after it. The portal is told which actions
// close it.
func TestAClosedApplicationIsNotDecidedAgain(t *testing.T) {
	forEachDB(t, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		declined := f.submitted(t, "prime@example.com", 3)
		v, err := f.svc.Decide(ctx, f.admin, "", portal.DecideInput{LoanID: declined, Action: "decline", Reasons: []string{"C1_OBLIGATIONS"}})
		if err != nil {
			t.Fatal(err)
		}
		closing := map[string]bool{}
		for _, a := range v.Actions {
			closing[a.Code] = a.Closes
		}
		if !closing["decline"] || !closing["withdraw"] || closing["approve"] || closing["suspend"] {
			t.Fatalf("got %+v, want decline and withdraw said to close the application", v.Actions)
		}
		for _, again := range []portal.DecideInput{
			{LoanID: declined, Action: "approve", Line: ptr(int64(100000))},
			{LoanID: declined, Action: "withdraw"},
		} {
			_, err := f.svc.Decide(ctx, f.admin, "", again)
			fields := domain.ErrorFields(err)
			if len(fields) != 1 || fields[0].Path != "action" || fields[0].Message != "This application is closed (Declined): no other decision is recorded on it." {
				t.Fatalf("%s after a decline: got %v, want it refused at the action", again.Action, err)
			}
		}
		if b, err := f.svc.BorrowerDecision(ctx, declined); err != nil || b.Decision == nil || !b.Decision.Closed {
			t.Fatalf("got %+v, %v; want the borrower told the decline closed the application", b, err)
		}
		if got := f.audits(t, declined); len(got) != 1 {
			t.Fatalf("got %d audit entries, want the decline's alone", len(got))
		}
		if r := f.row(t, declined); r.CreditStatus == nil || *r.CreditStatus != "decline" {
			t.Fatalf("got %+v, want the loan still declined", r.CreditStatus)
		}

		suspended := f.submitted(t, "thin-file@example.com", 3)
		inAWeek := servicetest.Now().AddDate(0, 0, 7).Format(time.DateOnly)
		if _, err := f.svc.Decide(ctx, f.admin, "", portal.DecideInput{LoanID: suspended, Action: "suspend", NeededBy: &inAWeek, Note: "Your 2025 W-2."}); err != nil {
			t.Fatal(err)
		}
		v, err = f.svc.Decide(ctx, f.admin, "", portal.DecideInput{LoanID: suspended, Action: "approve", Line: ptr(int64(requested))})
		if err != nil || v.Decision.Label != "Approved" {
			t.Fatalf("got %+v, %v: want the suspended application approved", v, err)
		}
	})
}
