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

// residenceEntrypoint decides how far back a person's addresses must go
// (the identity table's look-back). A read, like the dates of birth.
const residenceEntrypoint = "heloc.identity.residence_history"

// ResidenceHistory is the day, today, that a person's addresses must reach
// back to, with the rules' words when they do not (page 1).
type ResidenceHistory struct {
	From    string `json:"from"`
	Months  int    `json:"months"`
	Message string `json:"message"`
}

// ResidenceHistory is how far back a person's addresses must go today, by
// the rules (heloc.identity.residence_history).
func (s *Service) ResidenceHistory(ctx context.Context) (ResidenceHistory, error) {
	var r ResidenceHistory
	if err := s.decideInto(ctx, residenceEntrypoint, map[string]any{"today": s.now().UTC().Format(time.DateOnly)}, &r); err != nil {
		return r, err
	}
	if r.From == "" || r.Message == "" {
		return r, errors.New("loans: the rules gave no look-back for the addresses")
	}
	return r, nil
}
