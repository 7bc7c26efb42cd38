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
	to, err := s.recipient(ctx, loan, c.Party)
	if err != nil {
		slog.Warn("condition's letter not sent: no address", "loan", loan.ID, "party", c.Party)
		return
	}
	facts := letters.ConditionFacts{Product: s.letters.Product(), FirstName: s.firstName(ctx, loan, c.Party), What: c.Label, Why: c.Note,
		Link: s.letters.Link(letters.UploadPage)}
	if facts.FirstName == "" {
		facts.FirstName = "there"
	}
	s.letters.Send(ctx, loan.ID, to, letters.Condition, facts)
}

// firstName is the first name of the person party on the loan, as the
// application (or, for the coborrower, the prequalification) gives it.
func (s *Service) firstName(ctx context.Context, loan *domain.Loan, party string) string {
	if party == "borrower" {
		if a, err := s.store.FindApplicantByID(ctx, loan.ApplicantID); err == nil {
			return a.FirstName
		}
		return ""
	}
	if rec, err := s.store.FindApplication(ctx, loan.ID); err == nil && rec.Application.Coborrower != nil && rec.Application.Coborrower.FirstName != nil {
		return *rec.Application.Coborrower.FirstName
	}
	if co := loan.Answers.Coborrower; co != nil {
		return co.FirstName
	}
	return ""
}
