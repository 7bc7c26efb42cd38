package web

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

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
	return s.compareTerms(ctx, loan.ID, eligibility.Result, offer.Result, chosen)
}

// submissionInput is bureauInput at the submission stage with the
// application's figures: the home, each person's jobs and other income,
// the debts with the ones the line pays off, and the line chosen as the
// line requested.
func submissionInput(answers domain.PrequalAnswers, app *domain.Application, r *domain.CreditReport, coborrower bool, line int64, today time.Time) map[string]any {
	input := bureauInput(answers, r, coborrower, &line, today)
	input["stage"] = "submission"
	p := app.Property
	if p.Value != nil {
		input["propertyValue"] = int64(p.Value.Dollars()) // the form's whole dollars
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
	input["incomes"] = applicationIncomes(app)
	input["debts"] = applicationDebts(app)
	return input
}

// applicationIncomes are the application's jobs and other income, each
// person's, with their amounts a month as given: the rules decide what
// counts and what the yearly income is (eligibility.annual_income).
func applicationIncomes(app *domain.Application) []map[string]any {
	incomes := []map[string]any{}
	add := func(party string, p *domain.Person) {
		if p == nil {
			return
		}
		amounts := func(m map[string]any, fields map[string]*domain.Cents) map[string]any {
			for name, v := range fields {
				if v != nil {
					m[name] = *v
				}
			}
			return m
		}
		for _, e := range p.Employments {
			incomes = append(incomes, amounts(map[string]any{"kind": "employment", "party": party, "current": e.EndDate == nil,
				"selfEmployed": e.SelfEmployedIndicator},
				map[string]*domain.Cents{"base": e.Base, "bonuses": e.Bonuses, "commissions": e.Commissions, "overtime": e.Overtime}))
		}
		for _, src := range p.IncomeSources {
			incomes = append(incomes, amounts(map[string]any{"kind": "other", "party": party, "type": src.Type},
				map[string]*domain.Cents{"base": src.Base, "bonuses": src.Bonuses, "commissions": src.Commissions, "overtime": src.Overtime,
					"otherValue": src.OtherValue}))
		}
	}
	add("borrower", &app.User)
	add("coborrower", app.Coborrower)
	return incomes
}

// applicationDebts are the application's debts other than mortgages (the
// report's, as the application lists them) with the borrower's choice to
// pay each off with the line and the lender's to leave one out: the rules
// decide which count.
func applicationDebts(app *domain.Application) []map[string]any {
	debts := []map[string]any{}
	for _, l := range app.Liabilities {
		d := map[string]any{"source": "bureau", "toBePaidOff": l.ToBePaidOff, "omitted": l.Omitted}
		if l.MonthlyPayment != nil {
			d["monthlyPayment"] = *l.MonthlyPayment
		}
		if l.Type != nil {
			d["type"] = *l.Type
		}
		debts = append(debts, d)
	}
	return debts
}

// termsEntrypoint decides whether the terms chosen still stand at
// submission (rules/heloc/submission/terms.rego).
const termsEntrypoint = "heloc.submission.terms"

// compareTerms asks the rules whether the decisions at submission still
// give the terms chosen (recorded like every decision) and tells the
// borrower the change in the rules' words: nil when nothing changed, a
// decline at the field "decision", anything else at "offer".
func (s *Server) compareTerms(ctx context.Context, loanID string, eligibility, offer any, chosen *domain.Offer) error {
	d, err := s.decideFor(ctx, termsEntrypoint, loanID, map[string]any{
		"eligibility": eligibility,
		"offer":       offer,
		"chosen":      map[string]any{"line": chosen.Amount(), "apr": chosen.APR},
	})
	if err != nil {
		return err
	}
	return termsError(d.Result)
}

// termsError is the refusal heloc.submission.terms' result calls for.
func termsError(result any) error {
	var t struct {
		Change  string  `json:"change"`
		Message *string `json:"message"`
		Reasons []struct {
			Message string `json:"message"`
		} `json:"reasons"`
	}
	buf, err := json.Marshal(result)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(buf, &t); err != nil || t.Change == "" {
		return fmt.Errorf("%s: an unreadable result %s", termsEntrypoint, buf)
	}
	switch t.Change {
	case "none":
		return nil
	case "declined":
		opening := ""
		if t.Message != nil {
			opening = *t.Message
		}
		return declined(opening, t.Reasons)
	}
	if t.Message == nil || *t.Message == "" {
		return fmt.Errorf("%s: the change %q has no words", termsEntrypoint, t.Change)
	}
	return termsChanged(*t.Message)
}

// declined is the refusal of a submission whose application is declined
// on its own figures: each reason's message at the field "decision", so
// that a page tells a decline (with its notice) from something to put
// right, which is at "offer".
func declined(opening string, reasons []struct {
	Message string `json:"message"`
}) error {
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
