package loans

import (
	"context"
	"time"

	"github.com/heloc/heloc/server/domain"
)

// EmploymentHistory is data.heloc.employment.history for the saved
// employments of party ("borrower" or "coborrower"): the gaps between them
// within the window, each with the explanation saved for it, and where a
// new employment starts.
func (s *Service) EmploymentHistory(ctx context.Context, applicant *domain.Applicant, party string) (*domain.EmploymentHistory, error) {
	loan, app, err := s.application(ctx, applicant)
	if err != nil {
		return nil, err
	}
	p := &app.User
	if party == "coborrower" {
		if !hasCoborrower(loan) {
			return nil, domain.InvalidField("party", "This application has no coborrower.")
		}
		p = &domain.Person{}
		if app.Coborrower != nil {
			p = app.Coborrower
		}
	}
	input := map[string]any{"today": s.now().UTC().Format(time.DateOnly), "employments": orEmpty(p.Employments)}
	var h domain.EmploymentHistory
	if err := s.recordInto(ctx, "heloc.employment.history", loan.ID, input, &h); err != nil {
		return nil, err
	}
	h.Gaps = orEmpty(h.Gaps)
	for i, g := range h.Gaps {
		for _, answer := range p.EmploymentGaps {
			if answer.From == g.From && answer.To == g.To {
				h.Gaps[i].Explanation = &answer.Explanation
			}
		}
	}
	return &h, nil
}

// application is the applicant's loan and its current application (see
// current).
func (s *Service) application(ctx context.Context, applicant *domain.Applicant) (*domain.Loan, *domain.Application, error) {
	loan, err := s.LoanOf(ctx, applicant)
	if err != nil {
		return nil, nil, err
	}
	app, err := s.current(ctx, applicant, loan)
	if err != nil {
		return nil, nil, err
	}
	return loan, app, nil
}

// current is the loan's stored application, or the one it starts from.
func (s *Service) current(ctx context.Context, applicant *domain.Applicant, loan *domain.Loan) (*domain.Application, error) {
	stored, err := s.store.FindApplication(ctx, loan.ID)
	if err == nil {
		return &stored.Application, nil
	} else if domain.ErrorCode(err) != domain.ENOTFOUND {
		return nil, err
	}
	return s.fresh(ctx, applicant, loan)
}

func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
