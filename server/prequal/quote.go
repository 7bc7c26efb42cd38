package prequal

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/heloc/heloc/server/domain"
)

// QuoteInput is #QuoteCurrentInput.
type QuoteInput struct {
	Email               string `json:"email"`
	FetchOriginationFee bool   `json:"fetchOriginationFee"`
	RequestedLine       *int64 `json:"requestedLine,omitempty"`
}

// Quote is what quote.current answers (schemas #QuoteResult).
type Quote struct {
	AdverseAction *domain.AdverseActionNotice `json:"adverseAction"`
	Eligibility   Decided                     `json:"eligibility"`
	Offer         Decided                     `json:"offer"`
}

// Quote is quote.current (spec §7): eligibility and the preview offer
// decided on the loan's answers and the bureau's data, both recorded, with
// the adverse-action notice the rules make (heloc.notice.adverse_action,
// stored once per decision) when they say one is required. Nil before the
// credit check. The e-mail must be the applicant's own. The requested line
// is the amount chosen on the offer page, else the saved answer
// desiredAmount.
func (s *Service) Quote(ctx context.Context, applicant *domain.Applicant, in QuoteInput) (*Quote, error) {
	loan, err := s.applicantLoan(ctx, applicant)
	if err != nil {
		return nil, err
	}
	if !strings.EqualFold(strings.TrimSpace(in.Email), applicant.Email) {
		return nil, domain.Errorf(domain.EFORBIDDEN, "A quote can be read only by the applicant it was made for.")
	}
	out, err := s.decideQuote(ctx, loan, in.RequestedLine)
	if out == nil || err != nil {
		return nil, err
	}
	if !in.FetchOriginationFee {
		delete(out.Offer, "originationFee")
	}
	return out, nil
}

// decideQuote decides the loan's eligibility and preview offer on its
// answers and credit reports at the requested line, both recorded, with the
// notice the rules make; nil before the borrower's credit check.
func (s *Service) decideQuote(ctx context.Context, loan *domain.Loan, requested *int64) (*Quote, error) {
	report, coborrower, err := s.creditReports(ctx, loan.ID)
	if report == nil || err != nil {
		return nil, err
	}
	facts := bureauFacts(loan.Answers, report, coborrower, requested, s.now())
	eligibility, err := s.recorder.Decide(ctx, "heloc.eligibility.decision", loan.ID, facts)
	if err != nil {
		return nil, err
	}
	offer, err := s.recorder.Decide(ctx, "heloc.offer.preview", loan.ID, facts)
	if err != nil {
		return nil, err
	}
	out := &Quote{Eligibility: withID(eligibility), Offer: withID(offer)}
	if out.AdverseAction, err = s.adverseAction(ctx, loan.ID, facts, offer.Result); err != nil {
		return nil, err
	}
	return out, nil
}

// adverseAction is the notice the rules make of the facts
// (heloc.notice.adverse_action, a recorded decision), stored once per
// decision when the rules say one is required (a decline on verified
// facts); nil otherwise. offer is the heloc.offer.preview result just
// decided on the same facts: the policy takes it as input.decision, the
// decision the notice explains, and does not decide it again. Its content
// is the policy's: the reasons, their codes, the score block, the
// statutory wording with its version and the creditor. A notice that
// cannot be decided or stored fails the call, as any decision does: no
// quote is answered without the notice it needs.
func (s *Service) adverseAction(ctx context.Context, loanID string, facts OfferFacts, offer any) (*domain.AdverseActionNotice, error) {
	facts.Decision = offer
	d, err := s.recorder.Decide(ctx, "heloc.notice.adverse_action", loanID, facts)
	if err != nil {
		return nil, fmt.Errorf("adverse-action notice: %w", err)
	}
	result, err := json.Marshal(d.Result)
	if err != nil {
		return nil, fmt.Errorf("adverse-action notice: %w", err)
	}
	n, required, err := domain.ReadNotice(result)
	if err != nil {
		return nil, fmt.Errorf("adverse-action notice: %w", err)
	}
	if !required {
		return nil, nil
	}
	n.DecisionID = d.ID
	if n.Date == "" {
		n.Date = s.now().UTC().Format(time.DateOnly)
	}
	return s.store.SaveAdverseActionNotice(ctx, loanID, n)
}

// AdverseAction is the applicant's loan's latest notice again, or nil.
func (s *Service) AdverseAction(ctx context.Context, applicant *domain.Applicant) (*domain.AdverseActionNotice, error) {
	loan, err := s.applicantLoan(ctx, applicant)
	if err != nil {
		return nil, err
	}
	n, err := s.store.LatestAdverseActionNotice(ctx, loan.ID)
	if domain.ErrorCode(err) == domain.ENOTFOUND {
		return nil, nil
	}
	return n, err
}
