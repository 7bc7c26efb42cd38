package loans

import (
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/heloc/heloc/rules"
	"github.com/heloc/heloc/schemas"
	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/policy"
	"github.com/heloc/heloc/server/schema"
)

// countingPolicy answers heloc.funnel.order from its revision and counts
// the decisions taken.
type countingPolicy struct {
	revision  string
	decisions int
}

func (p *countingPolicy) Decide(ctx context.Context, entrypoint string, input any) (any, error) {
	v, _, err := p.DecideAt(ctx, entrypoint, input)
	return v, err
}

func (p *countingPolicy) DecideAt(_ context.Context, _ string, _ any) (any, string, error) {
	p.decisions++
	if p.revision == "r1" {
		return map[string]any{"propertyValue": 1, "zip": 6}, p.revision, nil
	}
	return map[string]any{"propertyValue": 1, "zip": 7}, p.revision, nil
}

func (p *countingPolicy) Revision() string { return p.revision }

// A save asks the funnel's order of the policy once per revision: the same
// answer is not decided again, and a new revision's is.
func TestFunnelOrderIsDecidedOncePerRevision(t *testing.T) {
	p := &countingPolicy{revision: "r1"}
	s := New(nil, p, nil, "", nil)
	for range 3 {
		order, err := s.FunnelOrder(context.Background())
		if err != nil || order["zip"] != 6 {
			t.Fatalf("revision r1: got %v, %v; want zip 6", order, err)
		}
	}
	if p.decisions != 1 {
		t.Errorf("got %d decisions for three saves under one revision, want 1", p.decisions)
	}
	p.revision = "r2"
	if order, err := s.FunnelOrder(context.Background()); err != nil || order["zip"] != 7 {
		t.Fatalf("after the policies changed: got %v, %v; want the new revision's zip 7", order, err)
	}
	if p.decisions != 2 {
		t.Errorf("got %d decisions after a new revision, want 2", p.decisions)
	}
}

// Advance moves a status forward along the order, never back, and sets a
// status the order does not know.
func TestAdvanceMovesForwardOnly(t *testing.T) {
	order := map[string]float64{"previewOffer": 11, "application": 12, "application3": 13}
	for _, tt := range []struct{ from, step, want string }{
		{"previewOffer", "application", "application"},
		{"application3", "application", "application3"},
		{"application", "", "application"},
		{"application", "notAStep", "application"},
		{"", "application", "application"},
	} {
		l := &domain.Loan{ApplicationStatus: tt.from}
		Advance(l, tt.step, order)
		if l.ApplicationStatus != tt.want {
			t.Errorf("from %q saving %q: got %q, want %q", tt.from, tt.step, l.ApplicationStatus, tt.want)
		}
	}
}

// refusalStore is the store of SettledRefusal: the loan's latest
// eligibility decision and credit report, and how often they were read.
type refusalStore struct {
	Store
	decision *domain.Decision
	pulledAt time.Time
	reads    int
}

func (s *refusalStore) LatestDecision(_ context.Context, _, entrypoint string) (*domain.Decision, error) {
	s.reads++
	if s.decision == nil || entrypoint != eligibilityEntrypoint {
		return nil, domain.Errorf(domain.ENOTFOUND, "Decision not found.")
	}
	return s.decision, nil
}

func (s *refusalStore) LatestCreditReport(context.Context, string, string) (*domain.CreditReport, error) {
	if s.pulledAt.IsZero() {
		return nil, domain.Errorf(domain.ENOTFOUND, "No credit report yet.")
	}
	return &domain.CreditReport{PulledAt: s.pulledAt}, nil
}

// The eligibility decision as heloc.eligibility.decision answers a score
// below the minimum while the lowest score decides (settled by the report).
const settledLowScore = `{"eligible": false, "outcome": "ineligible", "ineligiblePage": "boost", "settled": true,
	"reasons": [{"code": "CREDIT_SCORE_BELOW_MINIMUM", "message": "Your credit score is below our minimum.", "page": "boost"}]}`

// A borrower whose refusal the credit report settled (issue 22): saving the
// credit check's page (or any funnel page after it) moves the loan's status
// no further, so that signing in again resumes at the refusal and not at
// the coborrower question. Without the refusal, or when it is not settled,
// or a later pull awaits a new decision, the save moves on as before; a
// loan in the application reads no decision at all.
func TestASettledRefusalStopsTheFunnelAtTheCreditCheck(t *testing.T) {
	ctx := context.Background()
	engine, err := policy.Load(ctx, rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	set, err := schema.Load(schemas.FS)
	if err != nil {
		t.Fatal(err)
	}
	pulled := time.Date(2026, 11, 28, 10, 0, 0, 0, time.UTC)
	decided := pulled.Add(time.Minute)
	notSettled := strings.Replace(settledLowScore, `"settled": true`, `"settled": false`, 1)
	eligible := `{"eligible": true, "outcome": "eligible", "ineligiblePage": null, "settled": false, "reasons": []}`

	for _, tt := range []struct {
		name, path, status, result string
		decidedAt                  time.Time
		wantRefusal, wantStatus    string
	}{
		{"settled refusal, the credit check saved", "/app/initial-setup/credit-score", "creditScore", settledLowScore, decided, "boost", "creditScore"},
		{"settled refusal, the coborrower page saved after it", "/app/initial-setup/coborrower", "creditScore", settledLowScore, decided, "boost", "creditScore"},
		{"settled refusal, the mortgage balances saved after it", "/app/initial-setup/mortgage-balance", "creditScore", settledLowScore, decided, "boost", "creditScore"},
		{"settled refusal in the /prequal flow", "/prequal/coborrower", "prequalCredit", settledLowScore, decided, "boost", "prequalCredit"},
		{"no decision yet", "/app/initial-setup/credit-score", "creditScore", "", time.Time{}, "", "coborrower"},
		{"a refusal not settled by the report", "/app/initial-setup/credit-score", "creditScore", notSettled, decided, "", "coborrower"},
		{"an eligible file", "/app/initial-setup/credit-score", "creditScore", eligible, decided, "", "coborrower"},
		{"a pull after the refusal, not decided yet", "/app/initial-setup/credit-score", "creditScore", settledLowScore, pulled.Add(-time.Minute), "", "coborrower"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			store := &refusalStore{pulledAt: pulled}
			if tt.result != "" {
				store.decision = &domain.Decision{Entrypoint: eligibilityEntrypoint, Result: json.RawMessage(tt.result), CreatedAt: tt.decidedAt}
			}
			s := New(store, policy.NewLive(engine, slog.New(slog.DiscardHandler)), set, "", nil)
			loan := &domain.Loan{ID: "l1", ApplicationStatus: tt.status}
			refusal, err := s.SettledRefusal(ctx, loan)
			if err != nil || refusal != tt.wantRefusal {
				t.Fatalf("SettledRefusal: got %q, %v; want %q", refusal, err, tt.wantRefusal)
			}
			reached, err := s.ReachedStatus(ctx, tt.path, loan)
			if err != nil {
				t.Fatal(err)
			}
			order, err := s.FunnelOrder(ctx)
			if err != nil {
				t.Fatal(err)
			}
			Advance(loan, reached, order)
			if loan.ApplicationStatus != tt.wantStatus {
				t.Errorf("saving %s from %s: status %q (reached %q), want %q", tt.path, tt.status, loan.ApplicationStatus, reached, tt.wantStatus)
			}
		})
	}

	t.Run("a loan in the application reads no decision", func(t *testing.T) {
		store := &refusalStore{pulledAt: pulled, decision: &domain.Decision{Result: json.RawMessage(settledLowScore), CreatedAt: decided}}
		s := New(store, policy.NewLive(engine, slog.New(slog.DiscardHandler)), set, "", nil)
		refusal, err := s.SettledRefusal(ctx, &domain.Loan{ID: "l1", ApplicationStatus: "application3"})
		if err != nil || refusal != "" || store.reads != 0 {
			t.Fatalf("got %q, %v after %d reads; want no refusal and no read", refusal, err, store.reads)
		}
	})
}

// A save reaches the step of the page the borrower goes to next, in the
// initial setup as in the application (issue 22): a borrower who leaves on
// the page after the one they saved comes back to that page, not to the one
// before it. A page beside the flow (the estimate) moves nothing; the income
// and debts are of the mortgage balances' step, so saving the balances keeps
// it and saving the income reaches the preview offer.
func TestASaveReachesTheNextPagesStep(t *testing.T) {
	ctx := context.Background()
	engine, err := policy.Load(ctx, rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	set, err := schema.Load(schemas.FS)
	if err != nil {
		t.Fatal(err)
	}
	s := New(&refusalStore{}, policy.NewLive(engine, slog.New(slog.DiscardHandler)), set, "", nil)
	for _, tt := range []struct{ path, status, want string }{
		{"/app/initial-setup/property-value", "propertyValue", "mortgageEstimate"},
		{"/app/initial-setup/has-fbm", "hasFbm", "isSelfEmployed"},
		{"/app/initial-setup/zip", "zip", "propertyUsage"},
		{"/app/initial-setup/property-usage", "propertyUsage", "creditScore"},
		{"/app/initial-setup/pre-offer", "propertyUsage", ""}, // beside the flow
		{"/app/initial-setup/credit-score", "creditScore", "coborrower"},
		{"/app/initial-setup/mortgage-balance", "mortgageBalance", "mortgageBalance"}, // next: the income and debts, of the same step
		{"/app/initial-setup/credit-income", "mortgageBalance", "previewOffer"},
		{"/app/initial-setup/preview-offer", "previewOffer", "application"},
		{"/app/application/1", "application", "application3"},
	} {
		loan := &domain.Loan{ID: "l1", ApplicationStatus: tt.status}
		got, err := s.ReachedStatus(ctx, tt.path, loan)
		if err != nil || got != tt.want {
			t.Errorf("saving %s at %s: got %q, %v; want %q", tt.path, tt.status, got, err, tt.want)
		}
	}
}
