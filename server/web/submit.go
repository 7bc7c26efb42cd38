package web

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/heloc/heloc/server/disclosures"
	"github.com/heloc/heloc/server/domain"
)

// The last steps of the application: the draw's bounds for the
// loan-disbursement page, and the submission. A translation of the wire to
// the loan service (server/loans), which decides what may be submitted.

// applicationDrawTerms is application.drawTerms: the line
// of the loan's offer, its fee and the bounds of the first draw.
func (s *Server) applicationDrawTerms(c fiber.Ctx, _ []byte) (any, error) {
	a, err := s.applicant(c)
	if err != nil {
		return nil, err
	}
	return s.loans.DisbursementTerms(c.Context(), a)
}

// applicationSubmit is application.submit: the application handed to the
// lender, read-only from then on.
func (s *Server) applicationSubmit(c fiber.Ctx, _ []byte) (any, error) {
	a, err := s.applicant(c)
	if err != nil {
		return nil, err
	}
	return s.loans.Submit(c.Context(), a)
}

// redecideAtSubmission decides eligibility, the offer and the notice again
// on the application's figures (stage "submission"), recorded like every
// decision: the bureau's data and the answers as at the preview, with the
// home (its value, type, units, usage and state) as the application states
// it and the line the borrower chose. The rules decide; this only compares
// what they answer with the terms the borrower chose, and tells a change
// the borrower must know of, in the reasons' own words, before anything is
// submitted.
func (s *Server) redecideAtSubmission(ctx context.Context, loan *domain.Loan, app *domain.Application, chosen *domain.Offer) error {
	report, coborrower, err := s.loanCreditReports(ctx, loan.ID)
	if err != nil {
		return err
	}
	if report == nil {
		return termsChanged("We have no credit check on file for your application. Go back to your offer to check your credit.")
	}
	line := chosen.Amount()
	input := submissionInput(loan.Answers, app, report, coborrower, line, s.now())
	eligibility, err := s.decideFor(ctx, "heloc.eligibility.decision", loan.ID, input)
	if err != nil {
		return err
	}
	offer, err := s.decideFor(ctx, "heloc.offer.preview", loan.ID, input)
	if err != nil {
		return err
	}
	if _, err := s.adverseAction(ctx, loan.ID, input, offer.Result); err != nil {
		return err
	}
	return compareTerms(eligibility.Result, offer.Result, chosen)
}

// submissionInput is bureauInput at the submission stage with the
// application's figures of the home, and the line chosen as the line
// requested.
func submissionInput(answers domain.PrequalAnswers, app *domain.Application, r *domain.CreditReport, coborrower bool, line int64, today time.Time) map[string]any {
	input := bureauInput(answers, r, coborrower, &line, today)
	input["stage"] = "submission"
	p := app.Property
	if p.Value != nil {
		input["propertyValue"] = int64(math.Round(*p.Value)) // the form's whole dollars
	}
	if p.Type != nil {
		input["propertyType"] = *p.Type
	}
	if p.Units != nil {
		if n, err := strconv.Atoi(*p.Units); err == nil {
			input["propertyUnits"] = n
		} else {
			input["propertyUnits"] = *p.Units // "5+"
		}
	}
	if p.Usage != nil {
		input["propertyUsage"] = *p.Usage
	}
	if p.State != nil {
		input["propertyState"] = *p.State
	}
	return input
}

// compareTerms is nil when the decisions at submission still give the
// terms chosen, else the change as the borrower is told it: a fact missing
// (by its label), a refusal (its reasons' messages), a lower line or a
// higher APR.
func compareTerms(eligibility, offer any, chosen *domain.Offer) error {
	var e struct {
		Eligible bool   `json:"eligible"`
		Outcome  string `json:"outcome"`
		Reasons  []struct {
			Message string `json:"message"`
		} `json:"reasons"`
		Missing []struct {
			Label string `json:"label"`
		} `json:"missing"`
	}
	buf, err := json.Marshal(eligibility)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(buf, &e); err != nil {
		return err
	}
	if buf, err = json.Marshal(offer); err != nil {
		return err
	}
	o, err := domain.ReadOffer(buf)
	if err != nil {
		return err
	}
	var r struct {
		Reasons []struct {
			Message string `json:"message"`
		} `json:"reasons"`
	}
	_ = json.Unmarshal(buf, &r)
	switch {
	case e.Outcome == "notDecided" && len(e.Missing) > 0:
		labels := make([]string, len(e.Missing))
		for i, m := range e.Missing {
			labels[i] = m.Label
		}
		return termsChanged("Before we can decide on your application we need: " + strings.Join(labels, ", ") + ".")
	case !e.Eligible:
		return declined(e.Reasons)
	case !o.Eligible || o.Amount() <= 0:
		return declined(r.Reasons)
	case o.Amount() < chosen.Amount():
		return termsChanged(fmt.Sprintf("On your application's figures the most we can offer is %s, less than the %s you chose. Go back to your offer to choose again.",
			disclosures.Money(o.Amount()), disclosures.Money(chosen.Amount())))
	case o.APR > chosen.APR:
		return termsChanged(fmt.Sprintf("On your application's figures the APR is %s, above the %s you were shown. Go back to your offer to see the new terms.",
			disclosures.Percent(o.APR), disclosures.Percent(chosen.APR)))
	}
	return nil
}

// declined is the refusal of a submission whose application is declined
// on its own figures: each reason's message at the field "decision", so
// that a page tells a decline (with its notice) from something to put
// right, which is at "offer".
func declined(reasons []struct {
	Message string `json:"message"`
}) error {
	const opening = "On your application's figures we cannot offer you this line."
	var fields []domain.FieldError
	var words []string
	for _, r := range reasons {
		if r.Message != "" && !slices.Contains(words, r.Message) {
			words = append(words, r.Message)
			fields = append(fields, domain.FieldError{Path: "decision", Message: r.Message})
		}
	}
	if len(fields) == 0 {
		fields = []domain.FieldError{{Path: "decision", Message: opening}}
	}
	return &domain.Error{Code: domain.EINVALID, Message: strings.TrimSpace(opening + " " + strings.Join(words, " ")), Fields: fields}
}

// termsChanged is the refusal of a submission whose terms changed, at the
// field "offer".
func termsChanged(msg string) error {
	return &domain.Error{Code: domain.EINVALID, Message: msg, Fields: []domain.FieldError{{Path: "offer", Message: msg}}}
}
