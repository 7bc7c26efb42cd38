package loans

// What a new application starts from: the borrower's earlier answers, and
// the declarations and residence those answers settle.

import (
	"context"

	"github.com/heloc/heloc/server/domain"
)

// fresh is the application a loan starts from: what the borrower has told
// us already, carried forward so that no fact is asked twice (issue 22):
// the prequalification's answers (the property's state, ZIP code, usage,
// value and address where the /prequal path asked it; the coborrower's
// name and e-mail; the confirmed mortgages with the credit report's
// details; the debts chosen to pay off), the applicant's name, e-mail and
// phone, the date of birth and SSN given at the credit check, and the
// declarations those answers settle (occupancy from the property's use; no
// foreclosure or bankruptcy in the last 7 years from a No, ever, to the
// same question before the soft pull).
func (s *Service) fresh(ctx context.Context, applicant *domain.Applicant, l *domain.Loan) (*domain.Application, error) {
	report, err := s.store.LatestCreditReport(ctx, l.ID, "borrower")
	if err != nil && domain.ErrorCode(err) != domain.ENOTFOUND {
		return nil, err
	}
	a := l.Answers
	app := &domain.Application{}
	app.User.FirstName, app.User.LastName, app.User.Email = &applicant.FirstName, &applicant.LastName, &applicant.Email
	app.User.Phone = applicant.Phone
	if report != nil {
		dob, ssn, err := s.store.LatestCreditIdentity(ctx, l.ID, "borrower")
		if err != nil {
			return nil, err
		}
		app.User.DateOfBirth, app.User.SSN = nonEmpty(dob), nonEmpty(ssn)
	}
	if app.User.Declarations, err = s.carriedDeclarations(ctx, l.ID, a, false); err != nil {
		return nil, err
	}
	app.Property.State, app.Property.Zip, app.Property.Usage, app.Property.Address = a.PropertyState, a.Zip, a.PropertyUsage, a.Address
	if a.Address != nil {
		// Whether the address of "your home" (the /prequal path's first
		// question) is where the borrower lives, and how they hold it, is
		// the rules' (heloc.declarations.residence): page 1 starts from
		// it, to change if it is wrong.
		r, err := s.carriedResidence(ctx, l.ID, a, false)
		if err != nil {
			return nil, err
		}
		if r.LivesInHome {
			home := *a.Address
			app.User.CurrentAddress, app.User.Housing = &home, r.Housing
		}
	}
	if a.PropertyValue != nil {
		v := domain.CentsOf(*a.PropertyValue)
		app.Property.Value = &v
	}
	if hasCoborrower(l) && a.Coborrower != nil {
		co := a.Coborrower
		app.Coborrower = &domain.Person{FirstName: &co.FirstName, LastName: &co.LastName, Email: &co.Email}
	}
	reported := map[string]domain.ReportedMortgage{}
	var debts []domain.ReportedDebt
	if report != nil {
		for _, m := range report.Mortgages {
			reported[m.ID] = m
		}
		debts = report.Liabilities
	}
	for _, m := range a.Mortgages {
		if !m.Confirmed {
			continue
		}
		lien := domain.Liability{ID: &m.ID, Balance: m.Balance, Creditor: &m.Creditor, Confirmed: ptr(true), AddedByUser: m.AddedByUser}
		if r, ok := reported[m.ID]; ok {
			lien.MonthlyPayment = ptr(domain.CentsOf(r.MonthlyPayment))
			lien.DateOpened = nonEmpty(r.DateOpened)
			lien.LatePaymentDays = ptr(int64(r.LatePaymentDays))
			lien.LatePaymentDate = r.LatePaymentDate
		}
		app.Mortgages = append(app.Mortgages, lien)
	}
	for _, d := range debts {
		app.Liabilities = append(app.Liabilities, domain.Liability{ID: &d.ID, Creditor: &d.Creditor, Type: &d.Type, Balance: d.Balance,
			MonthlyPayment: ptr(domain.CentsOf(d.MonthlyPayment)), ToBePaidOff: contains(a.DebtsToPayOff, d.ID)})
	}
	app.Normalize()
	return app, nil
}

// DeclarationsEntrypoint decides which declarations of a new application
// the prequalification's answers settle (rules/heloc/declarations).
const DeclarationsEntrypoint = "heloc.declarations.carried"

// declarationFacts are what heloc.declarations.carried reads: the
// property's use and the has-fbm page's answers.
type declarationFacts struct {
	PropertyUsage *string            `json:"propertyUsage,omitempty"`
	FBM           *domain.FBMAnswers `json:"fbm,omitempty"`
}

// carriedDeclarations are the declarations the rules say the
// prequalification's answers settle, nil when none: the rules hold which
// answer proves which declaration, and over how many years each looks
// back. With record, the decision is stored with the loan: Save records it
// once the first save has stored the application that starts from it (the
// save's transaction holds the database while fresh decides).
func (s *Service) carriedDeclarations(ctx context.Context, loanID string, a domain.PrequalAnswers, record bool) (*domain.Declarations, error) {
	var out struct {
		Declarations map[string]bool `json:"declarations"`
	}
	facts := declarationFacts{PropertyUsage: a.PropertyUsage, FBM: a.FBM}
	if err := s.carriedInto(ctx, DeclarationsEntrypoint, loanID, facts, record, &out); err != nil {
		return nil, err
	}
	if len(out.Declarations) == 0 {
		return nil, nil
	}
	var d domain.Declarations
	if err := domain.DecodeAnswer(out.Declarations, &d); err != nil {
		return nil, err
	}
	return &d, nil
}

// ResidenceEntrypoint decides whether the home the prequalification gave
// the address of is where the borrower lives (rules/heloc/declarations).
const ResidenceEntrypoint = "heloc.declarations.residence"

// residence is heloc.declarations.residence's result.
type residence struct {
	LivesInHome bool    `json:"livesInHome"`
	Housing     *string `json:"housing"`
}

// carriedResidence is whether a new application's current address is the
// home's, by the rules, from the property's use (none when not asked);
// with record, stored with the loan as carriedDeclarations does.
func (s *Service) carriedResidence(ctx context.Context, loanID string, a domain.PrequalAnswers, record bool) (residence, error) {
	var out residence
	err := s.carriedInto(ctx, ResidenceEntrypoint, loanID, declarationFacts{PropertyUsage: a.PropertyUsage}, record, &out)
	return out, err
}

// carriedInto decides what a new application starts from (entrypoint, on
// the prequalification's facts) into out: with record, stored with the
// loan (recordInto), once the first save has stored the application;
// without, decided only, while it is made (the save's transaction holds
// the database then).
func (s *Service) carriedInto(ctx context.Context, entrypoint, loanID string, facts declarationFacts, record bool, out any) error {
	if record {
		return s.recordInto(ctx, entrypoint, loanID, facts, out)
	}
	return s.decideInto(ctx, entrypoint, facts, out)
}
