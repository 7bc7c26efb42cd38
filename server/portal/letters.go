package portal

import (
	"context"
	"time"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/letters"
)

// WithLetters sets how the service e-mails the people on a loan of a
// credit decision (server/letters), each message recorded with the loan.
// Without it nobody is e-mailed (a test's service).
func (s *Service) WithLetters(post *letters.Post) *Service {
	s.letters = post
	return s
}

// tellDecision e-mails each person on the loan the credit decision just
// recorded, in its own words (letters.Decided). The decision stands
// whatever happens here; a person who cannot be found is not told, and
// the loan's record shows no letter.
func (s *Service) tellDecision(ctx context.Context, loan *domain.Loan, cd *domain.CreditDecision) {
	if s.letters == nil {
		return
	}
	ctx = context.WithoutCancel(ctx)
	applicant, err := s.store.FindApplicantByID(ctx, loan.ApplicantID)
	if err != nil {
		return
	}
	app, _, err := s.loans.StaffApplication(ctx, applicant, loan)
	if err != nil {
		app = nil
	}
	facts := letters.DecidedFacts{Product: s.letters.Product(), Action: cd.Action, Reasons: []string{}}
	if cd.LineAmount != nil {
		facts.Line = domain.Dollars(*cd.LineAmount).Format()
	}
	for _, r := range cd.Reasons {
		facts.Reasons = append(facts.Reasons, r.Words)
	}
	if cd.NeededBy != nil {
		facts.NeededBy = *cd.NeededBy
		if day, err := time.Parse(time.DateOnly, *cd.NeededBy); err == nil {
			facts.NeededBy = domain.FormatDay(day)
		}
		facts.Needed = cd.Note
	}
	for _, p := range letters.People(applicant, app) {
		f := facts
		f.FirstName = p.Greeting()
		s.letters.Send(ctx, loan.ID, p.Email, letters.Decided, f)
	}
}
