package providers_test

import (
	"context"
	"testing"
	"time"

	"github.com/heloc/heloc/fixtures"
	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/providers"
)

var today = time.Date(2026, 11, 22, 15, 0, 0, 0, time.UTC)

func sandbox(t *testing.T) *providers.Sandbox {
	t.Helper()
	s, err := providers.NewSandbox(fixtures.FS)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func pull(t *testing.T, s *providers.Sandbox, req providers.CreditRequest) *domain.CreditReport {
	t.Helper()
	req.Today = today
	r, err := s.SoftPull(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func ptr[T any](v T) *T { return &v }

func TestSoftPullPicksThePersonaByLocalPart(t *testing.T) {
	s := sandbox(t)
	for _, tc := range []struct {
		email string
		score *int
		late  int
	}{
		{"prime+e2e-1@example.com", ptr(790), 0},
		{"PRIME@example.com", ptr(790), 0},
		{"thin-file+x@example.com", nil, 0},
		{"late-payment+abc@example.com", ptr(705), 60},
		{"low-score@example.com", ptr(610), 0},
	} {
		r := pull(t, s, providers.CreditRequest{Kind: domain.SingleCredit, Borrower: domain.Identity{Email: tc.email}})
		if (r.Score == nil) != (tc.score == nil) || r.Score != nil && *r.Score != *tc.score {
			t.Errorf("%s: got score %v, want %v", tc.email, r.Score, tc.score)
		}
		if tc.late > 0 && (len(r.Mortgages) == 0 || r.Mortgages[0].LatePaymentDays != tc.late) {
			t.Errorf("%s: got mortgages %+v, want a %d-day late payment", tc.email, r.Mortgages, tc.late)
		}
		if r.Kind != domain.SingleCredit || r.ScoreModel != "FICO Score 8" || r.Bureau.Name == "" || len(r.KeyFactors) == 0 || !r.PulledAt.Equal(today) {
			t.Errorf("%s: got %+v, want a dated FICO report naming its bureau and key factors", tc.email, r)
		}
	}
}

func TestStandardFileEchoesTheSelfReportedAnswers(t *testing.T) {
	s := sandbox(t)
	answers := domain.PrequalAnswers{PropertyValue: ptr(int64(500000)), MortgageEstimate: ptr(int64(210000)), HasMortgage: ptr(true)}
	r := pull(t, s, providers.CreditRequest{Kind: domain.SingleCredit, Borrower: domain.Identity{Email: "someone.new@example.org"}, Answers: answers})
	if r.Score == nil || *r.Score != 720 || len(r.Mortgages) != 1 || r.Mortgages[0].Balance != 210000 {
		t.Fatalf("got %+v, want score 720 and the estimate as one mortgage", r)
	}
	answers.HasMortgage = ptr(false)
	r = pull(t, s, providers.CreditRequest{Kind: domain.SingleCredit, Borrower: domain.Identity{Email: "someone.new@example.org"}, Answers: answers})
	if len(r.Mortgages) != 0 {
		t.Fatalf("got %+v, want no mortgage for a homeowner who has none", r.Mortgages)
	}
	v, err := providers.Value(context.Background(), s, providers.ValuationRequest{Email: "someone.new@example.org", Answers: answers, Today: today})
	if err != nil || v == nil || v.Value != 500000 || v.Source != "avm" || v.AsOf != "2026-11-22" {
		t.Fatalf("got %+v %v, want the self-reported value from the avm", v, err)
	}
	if v, _ := providers.Value(context.Background(), s, providers.ValuationRequest{Email: "nobody@example.org", Today: today}); v != nil {
		t.Fatalf("got %+v, want no valuation without a persona or an estimate", v)
	}
}

func TestCoborrowerPulls(t *testing.T) {
	s := sandbox(t)
	borrower := domain.Identity{Email: "coborrower+t@example.com"}
	stranger := &domain.Identity{Email: "amara+t@example.com"}
	joint := pull(t, s, providers.CreditRequest{Kind: domain.JointCredit, Borrower: borrower, Coborrower: stranger})
	if joint.Score == nil || *joint.Score != 768 || joint.CoborrowerScore == nil || *joint.CoborrowerScore != 742 || len(joint.Mortgages) != 2 {
		t.Fatalf("got %+v, want the borrower's file with the coborrower's 742", joint)
	}
	own := pull(t, s, providers.CreditRequest{Kind: domain.SingleCreditCoborrower, Borrower: borrower, Coborrower: &domain.Identity{Email: "thin-file+co@example.com"}})
	if own.Score != nil || own.Kind != domain.SingleCreditCoborrower {
		t.Fatalf("got %+v, want the thin-file persona's file (no score) for a coborrower who is that persona", own)
	}
	if _, err := s.SoftPull(context.Background(), providers.CreditRequest{Kind: domain.JointCredit, Borrower: borrower, Today: today}); domain.ErrorCode(err) != domain.EINVALID {
		t.Fatalf("got %v, want a joint pull without a coborrower refused", err)
	}
}

func TestValuationCascadesOnLowConfidence(t *testing.T) {
	s := sandbox(t)
	ctx := context.Background()
	first, _ := s.AVM(ctx, providers.ValuationRequest{Email: "trust+x@example.com", Today: today})
	if first == nil || first.Confidence != "low" {
		t.Fatalf("got %+v, want the trust persona's avm to have low confidence", first)
	}
	v, err := providers.Value(ctx, s, providers.ValuationRequest{Email: "trust+x@example.com", Today: today})
	if err != nil || v.Source != "avmCascade" || v.Value != 720000 || v.Confidence != "medium" {
		t.Fatalf("got %+v %v, want the cascade's value", v, err)
	}
	v, _ = providers.Value(ctx, s, providers.ValuationRequest{Email: "prime@example.com", Today: today})
	if v.Source != "avm" || v.Value != 850000 || v.Confidence != "high" {
		t.Fatalf("got %+v, want the avm's confident value", v)
	}
}
