package loans

import (
	"context"
	"errors"
	"time"

	"github.com/heloc/heloc/server/domain"
)

// birthDatesEntrypoint decides the dates of birth a person applying may
// give (the identity table's ages). A read that refuses a field, like the
// ZIP lookup while typing: not recorded.
const birthDatesEntrypoint = "heloc.identity.birth_dates"

// BirthDates are the dates of birth a person on loan may give today: the
// rules' (the age of majority of the home's state, and an age no living
// person is plausibly older than).
func (s *Service) BirthDates(ctx context.Context, loan *domain.Loan) (domain.BirthDates, error) {
	input := map[string]any{"today": s.now().UTC().Format(time.DateOnly)}
	if loan != nil && loan.Answers.PropertyState != nil {
		input["state"] = *loan.Answers.PropertyState
	}
	var b domain.BirthDates
	if err := s.decideInto(ctx, birthDatesEntrypoint, input, &b); err != nil {
		return b, err
	}
	if b.Latest == "" || b.Earliest == "" {
		return b, errors.New("loans: the rules gave no dates of birth")
	}
	return b, nil
}

// CheckBirthDate refuses, at path, a date of birth the rules do not allow
// for a person on loan (the credit check asks before any bureau is).
func (s *Service) CheckBirthDate(ctx context.Context, loan *domain.Loan, path, date string) error {
	b, err := s.BirthDates(ctx, loan)
	if err != nil {
		return err
	}
	return b.Check(path, date, s.now())
}
