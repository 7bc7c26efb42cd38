package store_test

import (
	"testing"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/store"
)

// Two underwriters who open the same loan and decide it at once: the rules
// decided each on the loan's decision as it was (a decline closes the
// application), so the second to be recorded, decided after a decision that
// is no longer the latest, is refused (ECONFLICT) and nothing of it is
// kept; decided after the first, it is recorded.
func TestACreditDecisionIsRecordedOnlyAfterTheDecisionItWasDecidedOn(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		staff := mustCreateStaff(t, db, "uw@example.com", "underwriter")
		l := newLoan(t, db, "raced@example.com", "applicationSubmitted")
		record := func(action, following string) (*domain.CreditDecision, error) {
			cd := &domain.CreditDecision{LoanID: l.ID, Action: action, DecidedBy: domain.StaffRef{ID: staff.ID}, Reasons: []domain.CreditReason{}}
			if action == domain.CreditDecline {
				cd.Reasons = []domain.CreditReason{{Code: "C1_COLLATERAL", Words: "Value or type of collateral not sufficient"}}
			}
			return cd, db.RecordCreditDecision(ctx, store.CreditDecisionRecord{
				Decision:   cd,
				Validation: &domain.Decision{Entrypoint: "heloc.underwriting.decision", Input: []byte(`{}`), Result: []byte(`{"valid":true}`), Revision: "r1"},
				Audit:      &domain.AuditEntry{ActorID: staff.ID, ActorEmail: staff.Email, ActorRole: staff.Role, Action: "loans.decide"},
				Following:  following,
			})
		}
		declined, err := record(domain.CreditDecline, "")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := record(domain.CreditApprove, ""); domain.ErrorCode(err) != domain.ECONFLICT {
			t.Fatalf("got %v, want an approval decided on the undecided loan refused after the decline", err)
		}
		latest, err := db.LatestCreditDecision(ctx, l.ID)
		if err != nil || latest.ID != declined.ID || latest.Action != domain.CreditDecline {
			t.Fatalf("got %+v, %v; want the decline still the loan's decision", latest, err)
		}
		if _, err := record(domain.CreditWithdraw, declined.ID); err != nil {
			t.Fatalf("decided after the decline: %v", err)
		}
	})
}
