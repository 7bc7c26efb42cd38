package prequal

import (
	"context"
	"strings"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/letters"
)

// tellTermsChanged e-mails the borrower of app when the preview offer
// decided again on both reports (after) no longer gives the terms decided
// on the reports before the coborrower's (before). Whether it does is the
// rules' (heloc.submission.terms, recorded, with before's line and APR as
// the terms chosen): no line now, a lower line or a higher APR; a lower
// APR or a higher line is nothing to tell, and an offer that was not made
// before changes nothing the borrower was shown. The pull and its
// decisions stand whatever happens here (letters.Post).
func (s *Service) tellTermsChanged(ctx context.Context, loan *domain.Loan, app *domain.Application, co *domain.Applicant, before, after *Quote) {
	was := terms(before)
	if s.letters == nil || after == nil || app == nil || app.User.Email == nil || !was.Eligible {
		return
	}
	d, err := s.recorder.Decide(ctx, TermsEntrypoint, loan.ID, TermsFacts{
		Eligibility: after.Eligibility,
		Offer:       after.Offer,
		Chosen:      ChosenTerms{Line: int64(was.Line), APR: was.APR},
	})
	var change termsResult
	if err != nil || domain.DecodeAnswer(d.Result, &change) != nil {
		return // nothing is told of a change the rules did not decide
	}
	facts := letters.TermsChangedFacts{
		Product:    s.letters.Product(),
		FirstName:  deref(app.User.FirstName),
		Coborrower: strings.TrimSpace(co.FirstName + " " + co.LastName),
		Link:       s.letters.Link(letters.PreviewOfferPage),
	}
	switch now := terms(after); change.Change {
	case "declined":
		facts.Declined = true
		if after.AdverseAction != nil {
			facts.Reasons = after.AdverseAction.Reasons
		}
	case "lowerLine", "higherApr":
		facts.Line, facts.WasLine = now.Line.Format(), was.Line.Format()
		facts.APR, facts.WasAPR = domain.FormatPercent(now.APR), domain.FormatPercent(was.APR)
	default: // none, or a fact still missing: nothing the borrower was shown changed
		return
	}
	s.letters.Send(ctx, loan.ID, *app.User.Email, letters.TermsChanged, facts)
}

// offerTerms are what the letter says of a preview offer.
type offerTerms struct {
	Eligible bool           `json:"eligible"`
	Line     domain.Dollars `json:"line"`
	APR      float64        `json:"apr"`
}

// terms reads a quote's preview offer (a policy result): zero terms when
// there is none or it cannot be read, which offer nothing.
func terms(q *Quote) offerTerms {
	var t offerTerms
	if q == nil || domain.DecodeAnswer(q.Offer, &t) != nil {
		return offerTerms{}
	}
	return t
}
