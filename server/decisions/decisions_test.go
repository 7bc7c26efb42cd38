package decisions_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/heloc/heloc/fixtures"
	"github.com/heloc/heloc/server/decisions"
	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/servicetest"
	"github.com/heloc/heloc/server/store"
	"github.com/heloc/heloc/server/store/storetest"
)

// These tests call the decisions service and the decision log directly,
// over the real store with the demo data and the real policies: what staff
// see of a loan's decisions is what the log stored.

// live is the policies of rules/.
var live = servicetest.Policies()

// atScore is a homeowner with a $500,000 home, $250,000 owed and the given
// credit score, as the eligibility policy reads them.
func atScore(score int) map[string]any {
	var in map[string]any
	if err := json.Unmarshal([]byte(`{"today":"2026-11-22","propertyValue":500000,"mortgageBalance":250000,"creditScore":0,
	"propertyUsage":"primaryResidence","propertyState":"CA","propertyType":"singleFamily",
	"mortgages":[{"balance":250000,"latePaymentDays":0,"latePaymentDate":null}],"hasFbm":false}`), &in); err != nil {
		panic(err)
	}
	in["creditScore"] = score
	return in
}

// openDB is a fresh database of dialect with the demo data, and the id of
// the prime borrower's loan.
func openDB(t *testing.T, dialect string) (*store.DB, string) {
	t.Helper()
	db := servicetest.OpenDB(t, dialect)
	_, loan := servicetest.LoanOf(t, db, "prime@example.com")
	return db, loan.ID
}

// countingStore counts the decisions the log stores, and the calls (each
// one transaction) that store them.
type countingStore struct {
	*store.DB
	created, calls atomic.Int64
}

func (s *countingStore) CreateDecisions(ctx context.Context, ds ...*domain.Decision) error {
	s.created.Add(int64(len(ds)))
	s.calls.Add(1)
	return s.DB.CreateDecisions(ctx, ds...)
}

// A decline the product acts on is stored once with its input, result and
// revision, however often the same page asks again; another input is a
// new record. Without a loan, the funnel's pages are decided but not
// stored, and a read the product does not act on is never stored.
func TestTheDecisionLogStoresEachDecisionActedOnOnce(t *testing.T) {
	t.Parallel()
	minimum, err := fixtures.MinimumCreditScore()
	if err != nil {
		t.Fatal(err)
	}
	for _, dialect := range storetest.Dialects {
		t.Run(dialect, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			db, loanID := openDB(t, dialect)
			counted := &countingStore{DB: db}
			log := decisions.NewRecorder(counted, live)

			first, err := log.Decide(ctx, "heloc.eligibility.decision", loanID, atScore(minimum-40))
			if err != nil {
				t.Fatal(err)
			}
			if first.ID == "" {
				t.Fatal("got no record of the decision")
			}
			if eligible := first.Result.(map[string]any)["eligible"]; eligible != false {
				t.Fatalf("got eligible %v, want a decline below the minimum score", eligible)
			}
			stored, err := db.FindDecision(ctx, first.ID)
			if err != nil {
				t.Fatal(err)
			}
			if stored.LoanID != loanID || stored.Entrypoint != "heloc.eligibility.decision" || stored.Revision != live.Revision() ||
				!strings.Contains(string(stored.Input), `"creditScore":`) || !strings.Contains(string(stored.Result), `"eligible":false`) {
				t.Fatalf("got %+v, want the loan's decision with its input, result and revision", stored)
			}
			for range 3 {
				again, err := log.Decide(ctx, "heloc.eligibility.decision", loanID, atScore(minimum-40))
				if err != nil {
					t.Fatal(err)
				}
				if again.ID != first.ID {
					t.Fatalf("got record %s, want the first one, %s", again.ID, first.ID)
				}
			}
			if n := counted.created.Load(); n != 1 {
				t.Fatalf("got %d records stored, want 1", n)
			}
			// Record is the same log as the services are handed it.
			if _, err := log.Record(ctx, "heloc.eligibility.decision", loanID, atScore(minimum+40)); err != nil {
				t.Fatal(err)
			}
			if n := counted.created.Load(); n != 2 {
				t.Fatalf("got %d records stored, want 2 after another input", n)
			}

			pages, err := log.Decide(ctx, "heloc.funnel.pages", "", map[string]any{"path": "/", "applicationStatus": nil, "answers": map[string]any{}, "variant": "standard"})
			if err != nil {
				t.Fatal(err)
			}
			states, err := log.Decide(ctx, "heloc.licensing.states", loanID, nil)
			if err != nil {
				t.Fatal(err)
			}
			if pages.Result == nil || states.Result == nil || pages.ID != "" || states.ID != "" || counted.created.Load() != 2 {
				t.Fatalf("got records %q %q (%d stored), want a visitor's pages and a read decided, unrecorded", pages.ID, states.ID, counted.created.Load())
			}
		})
	}
}

// A decision that cannot be stored is not acted on: its error comes back.
func TestADecisionThatCannotBeStoredIsAnError(t *testing.T) {
	t.Parallel()
	db, loanID := openDB(t, "sqlite")
	log := decisions.NewRecorder(failingStore{db}, live)
	if _, err := log.Record(context.Background(), "heloc.eligibility.decision", loanID, atScore(700)); !errors.Is(err, errFull) {
		t.Fatalf("got %v, want the store's error", err)
	}
}

var errFull = errors.New("disk full")

type failingStore struct{ *store.DB }

func (failingStore) CreateDecisions(context.Context, ...*domain.Decision) error {
	return errFull
}

// Staff see a loan's decline in words, with the rule that made it, and a
// decision replayed under today's rules says what would change.
func TestStaffSeeALoansDecisionExplainedAndReplayed(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, loanID := openDB(t, "sqlite")
	minimum, err := fixtures.MinimumCreditScore()
	if err != nil {
		t.Fatal(err)
	}
	log := decisions.NewRecorder(db, live)
	declined, err := log.Decide(ctx, "heloc.eligibility.decision", loanID, atScore(minimum-40))
	if err != nil {
		t.Fatal(err)
	}
	svc := decisions.New(db, live)

	page, err := svc.List(ctx, loanID, "", "")
	if err != nil {
		t.Fatal(err)
	}
	var d *decisions.Decision
	for i := range page.Items {
		if page.Items[i].ID == declined.ID {
			d = &page.Items[i]
		}
	}
	if d == nil {
		t.Fatalf("got %+v, want the decline listed", page.Items)
	}
	if d.Title != "Eligibility" || !strings.HasPrefix(d.Summary, "Not eligible: ") || d.ExplainedUnder != live.Revision() || page.Revision != live.Revision() {
		t.Fatalf("got %+v, want the decline in words under today's revision", d)
	}
	if len(d.Explanation.Reasons) == 0 || d.Explanation.Reasons[0].Message == "" || d.Explanation.Reasons[0].Rule == nil {
		t.Fatalf("got %+v, want each reason with its message and rule", d.Explanation)
	}
	var kind *decisions.Kind
	for i := range page.Kinds {
		if page.Kinds[i].Entrypoint == "heloc.eligibility.decision" {
			kind = &page.Kinds[i]
		}
	}
	if kind == nil || kind.Title != "Eligibility" || kind.Count < 1 {
		t.Fatalf("got kinds %+v, want eligibility counted", page.Kinds)
	}
	only, err := svc.List(ctx, loanID, "heloc.offer.preview", "")
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range only.Items {
		if it.Entrypoint != "heloc.offer.preview" {
			t.Fatalf("got a %s decision in the offers' list", it.Entrypoint)
		}
	}

	// Decided again under the same rules: nothing changes.
	same, err := svc.Replay(ctx, loanID, declined.ID)
	if err != nil {
		t.Fatal(err)
	}
	if same.Changed || len(same.Changes) != 0 || same.StoredRevision != same.CurrentRevision {
		t.Fatalf("got %+v, want no change under the same revision", same)
	}
	// A decision stored under other rules (an approval of the same
	// homeowner): the replay names what today's rules change.
	in, _ := json.Marshal(atScore(minimum - 40))
	old, err := db.CreateDecision(ctx, "heloc.eligibility.decision", loanID, in, []byte(`{"eligible":true,"outcome":"eligible","reasons":[]}`), "an older revision")
	if err != nil {
		t.Fatal(err)
	}
	changed, err := svc.Replay(ctx, loanID, old)
	if err != nil {
		t.Fatal(err)
	}
	if !changed.Changed || changed.StoredRevision != "an older revision" || changed.CurrentRevision != live.Revision() || !strings.HasPrefix(changed.Summary, "Not eligible: ") {
		t.Fatalf("got %+v, want today's decline named as a change", changed)
	}
	var eligible *domain.DecisionChange
	for i := range changed.Changes {
		if changed.Changes[i].Path == "eligible" {
			eligible = &changed.Changes[i]
		}
	}
	if eligible == nil {
		t.Fatalf("got changes %+v, want eligible among them", changed.Changes)
	}

	// Another loan's decision is not this loan's to see.
	other, err := db.FindApplicantByEmail(ctx, "thin-file@example.com")
	if err != nil {
		t.Fatal(err)
	}
	otherLoan, err := db.FindLoanByApplicant(ctx, other.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Replay(ctx, otherLoan.ID, declined.ID); domain.ErrorCode(err) != domain.ENOTFOUND {
		t.Fatalf("got %v, want NOT_FOUND for another loan's decision", err)
	}
}

// An estimate's two decisions are decided on one input and stored in one
// transaction; when they cannot be stored, neither is and the error comes
// back.
func TestDecisionsMadeTogetherAreStoredInOneTransaction(t *testing.T) {
	t.Parallel()
	for _, dialect := range storetest.Dialects {
		t.Run(dialect, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			db, loanID := openDB(t, dialect)
			counted := &countingStore{DB: db}
			log := decisions.NewRecorder(counted, live)
			both, err := log.DecideTogether(ctx, loanID, atScore(760), "heloc.eligibility.decision", "heloc.offer.preview")
			if err != nil {
				t.Fatal(err)
			}
			if len(both) != 2 || both[0].ID == "" || both[1].ID == "" || both[0].ID == both[1].ID || counted.created.Load() != 2 || counted.calls.Load() != 1 {
				t.Fatalf("got %+v (%d stored in %d calls), want two records stored in one call", both, counted.created.Load(), counted.calls.Load())
			}
			for i, entrypoint := range []string{"heloc.eligibility.decision", "heloc.offer.preview"} {
				d, err := db.FindDecision(ctx, both[i].ID)
				if err != nil || d.Entrypoint != entrypoint || d.LoanID != loanID {
					t.Fatalf("got %+v, %v; want the %s of the loan", d, err, entrypoint)
				}
			}
			// The same estimate again: the loan keeps its records.
			again, err := log.DecideTogether(ctx, loanID, atScore(760), "heloc.eligibility.decision", "heloc.offer.preview")
			if err != nil || again[0].ID != both[0].ID || again[1].ID != both[1].ID || counted.calls.Load() != 1 {
				t.Fatalf("got %+v, %v (%d calls); want the same records", again, err, counted.calls.Load())
			}

			failing := decisions.NewRecorder(failingStore{db}, live)
			if _, err := failing.DecideTogether(ctx, "", atScore(700), "heloc.eligibility.decision", "heloc.offer.preview"); !errors.Is(err, errFull) {
				t.Fatalf("got %v, want the store's error", err)
			}
		})
	}
}
