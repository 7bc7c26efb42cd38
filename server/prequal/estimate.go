package prequal

import (
	"context"

	"github.com/heloc/heloc/server/domain"
)

// EstimateInput is #EstimateInput. A value or balance not given yet is
// nil, and reaches the rules as null: a missing fact, which they name
// (outcome notDecided), never a zero.
type EstimateInput struct {
	PropertyValue   *int64  `json:"propertyValue"`
	MortgageBalance *int64  `json:"mortgageBalance"`
	CreditScore     *int64  `json:"creditScore"`
	CreditRange     *string `json:"creditRange,omitempty"`
	PropertyUsage   string  `json:"propertyUsage"`
	PropertyState   *string `json:"propertyState,omitempty"`
	PropertyType    string  `json:"propertyType"`
	HasFbm          bool    `json:"hasFbm"`
}

// Estimate is what prequal.estimate answers (schemas #EstimateResult).
type Estimate struct {
	CreditScore *int64  `json:"creditScore"`
	Eligibility Decided `json:"eligibility"`
	Offer       Decided `json:"offer"`
}

// Estimate decides eligibility and the preview offer from self-reported
// answers, for the signed-in applicant's loan when there is one
// (applicant nil: a visitor, whose estimate no loan records). A credit
// range stands for a score by the rules' table. Both decisions are
// recorded in one transaction (decisions.Recorder.DecideTogether): an
// estimate is recorded whole or not at all.
func (s *Service) Estimate(ctx context.Context, applicant *domain.Applicant, in EstimateInput) (*Estimate, error) {
	if in.CreditScore == nil && in.CreditRange != nil {
		score, err := s.rangeScore(ctx, *in.CreditRange)
		if err != nil {
			return nil, err
		}
		in.CreditScore = &score
	}
	facts := estimateFacts(in, s.now())
	loanID, err := s.loanIDOf(ctx, applicant)
	if err != nil {
		return nil, err
	}
	both, err := s.recorder.DecideTogether(ctx, loanID, facts, "heloc.eligibility.decision", "heloc.offer.preview")
	if err != nil {
		return nil, err
	}
	return &Estimate{Eligibility: withID(both[0]), Offer: withID(both[1]), CreditScore: in.CreditScore}, nil
}

// loanIDOf is the applicant's loan, or "" for no applicant or an applicant
// with none.
func (s *Service) loanIDOf(ctx context.Context, applicant *domain.Applicant) (string, error) {
	if applicant == nil {
		return "", nil
	}
	loan, err := s.store.FindLoanByApplicant(ctx, applicant.ID)
	if domain.ErrorCode(err) == domain.ENOTFOUND {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	return loan.ID, nil
}

// rangeScore is the score an estimate assumes for a credit range
// (data.heloc.eligibility.credit_ranges).
func (s *Service) rangeScore(ctx context.Context, creditRange string) (int64, error) {
	var ranges []struct {
		Range    string `json:"range"`
		Estimate int64  `json:"estimate"`
	}
	if err := s.decideInto(ctx, "heloc.eligibility.credit_ranges", nil, &ranges); err != nil {
		return 0, err
	}
	for _, r := range ranges {
		if r.Range == creditRange {
			return r.Estimate, nil
		}
	}
	return 0, &domain.Error{Code: domain.EINVALID, Message: "Choose the range your credit score is in.",
		Fields: []domain.FieldError{{Path: "creditRange", Message: "Choose the range your credit score is in."}}}
}
