package portal

import (
	"context"
	"encoding/json"
	"time"

	"github.com/heloc/heloc/server/domain"
)

// BorrowerDecisionView is the lender's decision on a borrower's submitted
// application as the borrower's own page shows it (schemas
// #BorrowerDecision); Decision is nil before one.
type BorrowerDecisionView struct {
	Decision *BorrowerDecision `json:"decision"`
}

// BorrowerDecision is what the borrower is told of a credit decision: its
// words; for an approval or a counteroffer the terms of the line (the
// preview offer decided on it); for a decline the adverse-action notice's
// principal reasons, its day and the creditor; for a suspension what is
// needed (the underwriter's note) and by when. The underwriter's note on
// any other decision is the file's, not the borrower's.
type BorrowerDecision struct {
	Action string `json:"action"`
	Label  string `json:"label"`
	// Closed says the decision closed the application (the underwriting
	// table's closes: a decline, a withdrawal): nothing more follows it.
	// Reviewed says it ended the underwriter's review (the table's
	// reviewed): the borrower's timeline goes on from the conditions.
	Closed     bool           `json:"closed"`
	Reviewed   bool           `json:"reviewed"`
	DecidedAt  time.Time      `json:"decidedAt"`
	NeededBy   *string        `json:"neededBy"`
	Needed     *string        `json:"needed"`
	Reasons    []string       `json:"reasons"`
	NoticeDate *string        `json:"noticeDate"`
	Creditor   *string        `json:"creditor"`
	Terms      *BorrowerTerms `json:"terms"`
	// Notice is a decline's notice of action taken, whole, as the rules
	// gave it (its PDF is BorrowerNoticePDF).
	Notice *domain.AdverseActionNotice `json:"notice"`
}

// BorrowerTerms are the terms of the line decided: the line, the line
// asked for, the APR, the origination fee in dollars and the payments on
// the line fully drawn in cents, as the offer decided on that line gives
// them.
type BorrowerTerms struct {
	Line                  int64   `json:"line"`
	RequestedLine         *int64  `json:"requestedLine"`
	APR                   float64 `json:"apr"`
	OriginationFee        *int64  `json:"originationFee"`
	DrawPaymentCents      *int64  `json:"drawPaymentCents"`
	RepaymentPaymentCents *int64  `json:"repaymentPaymentCents"`
	DrawPeriodYears       int     `json:"drawPeriodYears"`
	RepaymentPeriodYears  int     `json:"repaymentPeriodYears"`
}

// BorrowerDecision is the latest credit decision on the loan as its
// borrower reads it.
func (s *Service) BorrowerDecision(ctx context.Context, loanID string) (*BorrowerDecisionView, error) {
	cd, err := s.creditDecision(ctx, loanID)
	if err != nil || cd == nil {
		return &BorrowerDecisionView{}, err
	}
	d := &BorrowerDecision{Action: cd.Action, Label: cd.Label, Closed: cd.Closed, Reviewed: cd.Reviewed, DecidedAt: cd.DecidedAt, NeededBy: cd.NeededBy, Reasons: []string{}}
	switch cd.Action {
	case domain.CreditSuspend:
		d.Needed = &cd.Note
	case domain.CreditDecline:
		if cd.Notice != nil {
			d.Reasons, d.NoticeDate = cd.Notice.Reasons, cd.Notice.Date
		}
		if d.Creditor, err = s.noticeCreditor(ctx, loanID); err != nil {
			return nil, err
		}
		if cd.noticeID != nil {
			if d.Notice, err = s.storedNotice(ctx, *cd.noticeID); err != nil {
				return nil, err
			}
		}
	case domain.CreditApprove, domain.CreditCounteroffer:
		if d.Terms, err = s.terms(ctx, loanID, cd); err != nil {
			return nil, err
		}
	}
	return &BorrowerDecisionView{Decision: d}, nil
}

// terms are the decided line's terms: the loan's latest preview offer,
// decided on that line when the decision was recorded.
func (s *Service) terms(ctx context.Context, loanID string, cd *CreditDecisionView) (*BorrowerTerms, error) {
	stored, err := s.store.LatestDecision(ctx, loanID, offerEntrypoint)
	if err != nil {
		return nil, err
	}
	o, err := domain.ReadOffer(stored.Result)
	if err != nil {
		return nil, err
	}
	t := &BorrowerTerms{Line: o.Amount(), APR: o.APR, DrawPeriodYears: o.DrawPeriodYears, RepaymentPeriodYears: o.RepaymentPeriodYears}
	if cd.LineAmount != nil {
		t.Line = *cd.LineAmount
	}
	if o.OriginationFee != nil {
		fee := int64(*o.OriginationFee)
		t.OriginationFee = &fee
	}
	if p := o.Payments; p != nil {
		t.DrawPaymentCents, t.RepaymentPaymentCents = &p.DrawPaymentCents, &p.RepaymentPaymentCents
	}
	// The line asked for is the one the loan was submitted with.
	t.RequestedLine = s.askedLine(ctx, loanID, stored)
	return t, nil
}

// noticeCreditor is the creditor the stored notice names.
func (s *Service) noticeCreditor(ctx context.Context, loanID string) (*string, error) {
	n, err := s.store.LatestDecision(ctx, loanID, noticeEntrypoint)
	if domain.ErrorCode(err) == domain.ENOTFOUND {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	var r struct {
		Creditor *struct {
			Name string `json:"name"`
		} `json:"creditor"`
	}
	if json.Unmarshal(n.Result, &r) != nil || r.Creditor == nil {
		return nil, nil
	}
	return &r.Creditor.Name, nil
}
