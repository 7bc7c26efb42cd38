package conditions

import (
	"context"
	"log/slog"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/letters"
)

// The request of a condition (issue 23 "No one is told"): a condition the
// person answers on their upload page (a document, a question, an address,
// an employment) is e-mailed to them when set, saying what is asked, why
// (the loan team's note) and where (letters.Condition), and recorded with
// the loan. An e-mail condition is its own message (email.go).

// WithLetters sets how the service e-mails the request of a condition
// (server/letters). Without it a condition is set without a letter (a
// test's service).
func (s *Service) WithLetters(post *letters.Post) *Service {
	s.letters = post
	return s
}

// tellRequested e-mails the person condition c asks of it. The condition
// stands whatever happens here; a person without an address is not told,
// and the loan's record shows no letter.
func (s *Service) tellRequested(ctx context.Context, loan *domain.Loan, c *domain.Condition) {
	if s.letters == nil {
		return
	}
	ctx = context.WithoutCancel(ctx)
	to, err := s.person(ctx, loan, c.Party)
	if err != nil || to.Email == "" {
		slog.Warn("condition's letter not sent: no address", "loan", loan.ID, "party", c.Party)
		return
	}
	facts := letters.ConditionFacts{Product: s.letters.Product(), FirstName: to.Greeting(), What: c.Label, Why: c.Note,
		Link: s.letters.Link(letters.UploadPage)}
	s.letters.Send(ctx, loan.ID, to.Email, letters.Condition, facts)
}

// person is the person party on the loan, name and address read once: the
// borrower as their account gives them, the coborrower as the application
// (else the prequalification) does (letters.Coborrower).
func (s *Service) person(ctx context.Context, loan *domain.Loan, party string) (letters.Recipient, error) {
	if party == "borrower" {
		a, err := s.store.FindApplicantByID(ctx, loan.ApplicantID)
		if err != nil {
			return letters.Recipient{}, err
		}
		return letters.Recipient{FirstName: a.FirstName, Email: a.Email}, nil
	}
	rec, err := s.store.FindApplication(ctx, loan.ID)
	if err != nil && domain.ErrorCode(err) != domain.ENOTFOUND {
		return letters.Recipient{}, err
	}
	var app *domain.Application
	if err == nil && rec != nil {
		app = &rec.Application
	}
	return letters.Coborrower(loan, app), nil
}
