package prequal

import (
	"context"
	"time"

	"github.com/heloc/heloc/server/domain"
)

// KnockoutInput is #KnockoutInput: the /prequal path's first answers, each
// absent until given.
type KnockoutInput struct {
	ListedForSale *bool              `json:"listedForSale"`
	FBM           *domain.FBMAnswers `json:"fbm"`
}

// KnockoutFacts is the eligibility input of the knockout stage: only the
// answers given so far (null when not), which the rules decide on alone
// (heloc.eligibility's stage_reasons). Its fields are in the alphabetical
// order of their JSON names, as every input's here.
type KnockoutFacts struct {
	HasFbm        *bool  `json:"hasFbm"`
	ListedForSale *bool  `json:"listedForSale"`
	Stage         string `json:"stage"`
	Today         string `json:"today"`
}

// knockoutFacts is the input of a knockout decision made of in on today.
func knockoutFacts(in KnockoutInput, today time.Time) KnockoutFacts {
	facts := KnockoutFacts{ListedForSale: in.ListedForSale, Stage: "knockout", Today: today.UTC().Format(time.DateOnly)}
	if in.FBM != nil {
		any := in.FBM.Any()
		facts.HasFbm = &any
	}
	return facts
}

// Knockout decides the /prequal path's first answers (a home listed for
// sale, a recent foreclosure, bankruptcy or modification) by the
// eligibility rules at their knockout stage, as each is given and before
// the account exists (applicant nil: a visitor, whose decision no loan
// records; a signed-in applicant's is recorded with their loan). The page
// that asked shows the outcome: a refusal with its reasons, or on.
func (s *Service) Knockout(ctx context.Context, applicant *domain.Applicant, in KnockoutInput) (Decided, error) {
	loanID, err := s.loanIDOf(ctx, applicant)
	if err != nil {
		return nil, err
	}
	d, err := s.recorder.Decide(ctx, "heloc.eligibility.decision", loanID, knockoutFacts(in, s.now()))
	if err != nil {
		return nil, err
	}
	return withID(d), nil
}
