package prequal

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/heloc/heloc/server/domain"
)

// Redecide decides eligibility, the offer and the notice again on the
// application's figures (stage "submission"), recorded like every
// decision: the bureau's data and the answers as at the preview, with the
// home (its value, type, units, usage and state) as the application states
// it and the line the borrower chose. The rules decide, and whether the
// terms chosen still stand is theirs too (heloc.submission.terms); an
// error is the change the borrower must know of, in the reasons' own
// words, before anything is submitted. It is the loan service's
// loans.Redecider, which server/app sets (loans.Service.WithRedecide).
func (s *Service) Redecide(ctx context.Context, loan *domain.Loan, app *domain.Application, chosen *domain.Offer) error {
	report, coborrower, err := s.creditReports(ctx, loan.ID)
	if err != nil {
		return err
	}
	if report == nil {
		return termsChanged("We have no credit check on file for your application. Go back to your offer to check your credit.")
	}
	facts := submissionFacts(loan.Answers, app, report, coborrower, chosen.Amount(), s.now())
	eligibility, err := s.recorder.Decide(ctx, "heloc.eligibility.decision", loan.ID, facts)
	if err != nil {
		return err
	}
	offer, err := s.recorder.Decide(ctx, "heloc.offer.preview", loan.ID, facts)
	if err != nil {
		return err
	}
	if _, err := s.adverseAction(ctx, loan.ID, facts, offer.Result); err != nil {
		return err
	}
	return s.compareTerms(ctx, loan.ID, eligibility.Result, offer.Result, chosen)
}

// TermsEntrypoint decides whether the terms chosen still stand at
// submission (rules/heloc/submission/terms.rego).
const TermsEntrypoint = "heloc.submission.terms"

// compareTerms asks the rules whether the decisions at submission still
// give the terms chosen (recorded like every decision) and tells the
// borrower the change in the rules' words: nil when nothing changed, a
// decline at the field "decision", anything else at "offer".
func (s *Service) compareTerms(ctx context.Context, loanID string, eligibility, offer any, chosen *domain.Offer) error {
	d, err := s.recorder.Decide(ctx, TermsEntrypoint, loanID, TermsFacts{
		Eligibility: eligibility,
		Offer:       offer,
		Chosen:      ChosenTerms{Line: chosen.Amount(), APR: chosen.APR},
	})
	if err != nil {
		return err
	}
	return TermsError(d.Result)
}

// reasonWords are a decision's reasons as a refusal gives them: their words.
type reasonWords []struct {
	Message string `json:"message"`
}

// termsResult is heloc.submission.terms' answer.
type termsResult struct {
	Change  string      `json:"change"`
	Message *string     `json:"message"`
	Reasons reasonWords `json:"reasons"`
}

// readResult reads entrypoint's result into out (a pointer), with an
// error naming the entrypoint for a result it cannot read.
func readResult(entrypoint string, result, out any) error {
	if err := domain.DecodeAnswer(result, out); err != nil {
		return fmt.Errorf("%s: an unreadable result: %w", entrypoint, err)
	}
	return nil
}

// TermsError is the refusal heloc.submission.terms' result calls for: nil
// for no change; an error for a result it cannot read.
func TermsError(result any) error {
	var t termsResult
	if err := readResult(TermsEntrypoint, result, &t); err != nil {
		return err
	}
	if t.Change == "" {
		return fmt.Errorf("%s: a result that names no change", TermsEntrypoint)
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
		return fmt.Errorf("%s: the change %q has no words", TermsEntrypoint, t.Change)
	}
	return termsChanged(*t.Message)
}

// declined is the refusal of a submission whose application is declined
// on its own figures: each reason's message at the field "decision", so
// that a page tells a decline (with its notice) from something to put
// right, which is at "offer".
func declined(opening string, reasons reasonWords) error {
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

// ScreenProperty decides the home as page 2 of the application states it
// (its type and units, with the application's other figures) at the
// eligibility rules' property stage, recorded like every decision, before
// the page is saved: a home the rules do not lend on is refused there, in
// the rules' words at the field "decision" as a submission's decline is,
// with its notice stored, so that the borrower learns it on the page that
// asked and not after every other page. Only the reasons the table names
// for the stage count (the home's own), a missing fact decides nothing
// (the rules' notDecided), and the whole decision is made again at
// submission (Redecide). Without a credit check on file there is nothing
// to decide on yet. It is the loan service's loans.Redecider for page 2,
// which server/app sets (loans.Service.WithPropertyScreen).
func (s *Service) ScreenProperty(ctx context.Context, loan *domain.Loan, app *domain.Application, chosen *domain.Offer) error {
	report, coborrower, err := s.creditReports(ctx, loan.ID)
	if err != nil || report == nil {
		return err
	}
	facts := submissionFacts(loan.Answers, app, report, coborrower, chosen.Amount(), s.now())
	facts.Stage = "property"
	d, err := s.recorder.Decide(ctx, "heloc.eligibility.decision", loan.ID, facts)
	if err != nil {
		return err
	}
	var decision struct {
		Outcome string      `json:"outcome"`
		Reasons reasonWords `json:"reasons"`
	}
	if err := readResult("heloc.eligibility.decision", d.Result, &decision); err != nil {
		return err
	}
	if decision.Outcome != "ineligible" {
		return nil
	}
	if _, err := s.adverseAction(ctx, loan.ID, facts, d.Result); err != nil {
		return err
	}
	return declined("", decision.Reasons)
}
