package loans

import (
	"context"
	"time"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/letters"
)

// WithLetters sets how the service e-mails the people on a loan at the
// moments that matter (server/letters), each message recorded with the
// loan. Without it nobody is e-mailed (a test's service).
func (s *Service) WithLetters(post *letters.Post) *Service {
	s.letters = post
	return s
}

// tellSubmitted e-mails each person on the submitted application that it
// was received and what happens next. The submission stands whatever
// happens here (letters.Post).
func (s *Service) tellSubmitted(ctx context.Context, applicant *domain.Applicant, loan *domain.Loan, app *domain.Application, at time.Time) {
	if s.letters == nil {
		return
	}
	on := domain.FormatDay(at)
	for _, p := range letters.People(applicant, app) {
		s.letters.Send(ctx, loan.ID, p.Email, letters.Submitted, letters.SubmittedFacts{Product: s.letters.Product(), FirstName: p.Greeting(), SubmittedOn: on})
	}
}
