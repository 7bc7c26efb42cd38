package prequal

import (
	"context"
	"strings"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/letters"
)

// WithLetters sets how the service e-mails the borrower when the
// coborrower's own credit check leaves them worse terms than they were
// shown (server/letters), each message recorded with the loan. Without it
// nobody is e-mailed (a test's service).
func (s *Service) WithLetters(post *letters.Post) *Service {
	s.letters = post
	return s
}

// tellTermsChanged e-mails the borrower of app when the preview offer
// decided again on both reports (after) is worse than the one decided on
// the reports before the coborrower's (before): no line now, a lower line
// or a higher APR. An offer that was not made before, or is as good, says
// nothing new. The pull and its decisions stand whatever happens here
// (letters.Post).
func (s *Service) tellTermsChanged(ctx context.Context, loan *domain.Loan, app *domain.Application, co *domain.Applicant, before, after *Quote) {
	if s.letters == nil || before == nil || after == nil || app == nil || app.User.Email == nil || !terms(before).Eligible {
		return
	}
	facts := letters.TermsChangedFacts{
		Product:    s.letters.Product(),
		FirstName:  deref(app.User.FirstName),
		Coborrower: strings.TrimSpace(co.FirstName + " " + co.LastName),
		Link:       s.letters.Link(letters.PreviewOfferPage),
	}
	was, now := terms(before), terms(after)
	switch {
	case !now.Eligible:
		facts.Declined = true
		if after.AdverseAction != nil {
			facts.Reasons = after.AdverseAction.Reasons
		}
	case now.Line < was.Line || now.APR > was.APR:
		facts.Line, facts.WasLine = now.Line.Format(), was.Line.Format()
		facts.APR, facts.WasAPR = domain.FormatPercent(now.APR), domain.FormatPercent(was.APR)
	default:
		return
	}
	s.letters.Send(ctx, loan.ID, *app.User.Email, letters.TermsChanged, facts)
}

// offerTerms are what the letter compares of a preview offer.
type offerTerms struct {
	Eligible bool           `json:"eligible"`
	Line     domain.Dollars `json:"line"`
	APR      float64        `json:"apr"`
}

// terms reads a quote's preview offer (a policy result): zero terms when
// it cannot be read, which offer nothing.
func terms(q *Quote) offerTerms {
	var t offerTerms
	if err := remarshal(q.Offer, &t); err != nil {
		return offerTerms{}
	}
	return t
}
