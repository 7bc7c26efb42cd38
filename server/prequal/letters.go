package prequal

import (
	"context"
	"encoding/json"
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
	if s.letters == nil || before == nil || after == nil || app == nil || app.User.Email == nil || !offered(before) {
		return
	}
	facts := letters.TermsChangedFacts{
		Product:    s.letters.Product(),
		FirstName:  deref(app.User.FirstName),
		Coborrower: strings.TrimSpace(co.FirstName + " " + co.LastName),
		Link:       s.letters.Link(letters.PreviewOfferPage),
	}
	wasLine, _ := number(before.Offer["line"])
	wasAPR, _ := number(before.Offer["apr"])
	line, _ := number(after.Offer["line"])
	apr, _ := number(after.Offer["apr"])
	switch {
	case !offered(after):
		facts.Declined = true
		if after.AdverseAction != nil {
			facts.Reasons = after.AdverseAction.Reasons
		}
	case line < wasLine || apr > wasAPR:
		facts.Line, facts.WasLine = domain.Dollars(int64(line)).Format(), domain.Dollars(int64(wasLine)).Format()
		facts.APR, facts.WasAPR = domain.FormatPercent(apr), domain.FormatPercent(wasAPR)
	default:
		return
	}
	s.letters.Send(ctx, loan.ID, *app.User.Email, letters.TermsChanged, facts)
}

// offered says whether a quote's preview offer makes an offer.
func offered(q *Quote) bool {
	eligible, _ := q.Offer["eligible"].(bool)
	return eligible
}

// number reads a figure of a policy result.
func number(v any) (float64, bool) {
	switch n := v.(type) {
	case float64:
		return n, true
	case json.Number:
		f, err := n.Float64()
		return f, err == nil
	case int64:
		return float64(n), true
	case int:
		return float64(n), true
	}
	return 0, false
}
