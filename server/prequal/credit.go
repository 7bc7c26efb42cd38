package prequal

import (
	"context"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/loans"
	"github.com/heloc/heloc/server/providers"
)

// Valuation is the automated valuation of the applicant's home (avm, then
// avmCascade when its confidence is low), or nil: the loan service asks
// the model only for a home the loan has no answer for, and spends each
// request it makes first (spend: the applicant's limit).
func (s *Service) Valuation(ctx context.Context, applicant *domain.Applicant, spend loans.Spend) (*domain.Valuation, error) {
	return s.loans.Valuation(ctx, applicant, s.valuation, spend)
}

// CreditCheckInput is #CreditCheckInput.
type CreditCheckInput struct {
	Party                string `json:"party"`
	DateOfBirth          string `json:"dateOfBirth"`
	SSN                  string `json:"ssn"`
	AuthorizationVersion string `json:"authorizationVersion"`
}

// Client is who asked for a credit check, kept with the pull as the
// record of the authorization: the client's address and user agent.
type Client struct {
	Address   string
	UserAgent string
}

// CreditCheck is a soft pull of the borrower's file, or of the
// coborrower's (joint with a spouse or partner, separate otherwise), under
// the credit-check authorization the person agreed to, which must be the
// wording in force. The report is stored sealed with the SSN and date of
// birth, which are never answered back; the answer is the loan's report
// as the borrower sees it (CreditReport). spend is called once every
// refusal of the service's own has passed, just before the bureau is
// asked, so that a limit counts the pulls the bureau is asked for.
func (s *Service) CreditCheck(ctx context.Context, applicant *domain.Applicant, in CreditCheckInput, client Client, spend loans.Spend) (*domain.CreditReport, error) {
	loan, err := s.applicantLoan(ctx, applicant)
	if err != nil {
		return nil, err
	}
	if err := s.currentAuthorization(ctx, in.AuthorizationVersion); err != nil {
		return nil, err
	}
	// No bureau is asked about a person who cannot be born yet or be
	// applying: a slip of the year is told at its field.
	if err := s.loans.CheckBirthDate(ctx, loan, "dateOfBirth", in.DateOfBirth); err != nil {
		return nil, err
	}
	a := applicant
	person := domain.Identity{FirstName: a.FirstName, LastName: a.LastName, Email: a.Email, DateOfBirth: in.DateOfBirth, SSN: in.SSN}
	req := providers.CreditRequest{Kind: domain.SingleCredit, Borrower: person, Answers: loan.Answers, Today: s.now()}
	if in.Party == "coborrower" {
		co := loan.Answers.Coborrower
		if co == nil {
			return nil, domain.InvalidField("party", "Tell us who your coborrower is before checking their credit.")
		}
		req.Borrower = domain.Identity{FirstName: a.FirstName, LastName: a.LastName, Email: a.Email}
		req.Coborrower = &person
		person.FirstName, person.LastName, person.Email = co.FirstName, co.LastName, co.Email
		req.Kind = domain.SingleCreditCoborrower
		if co.Relationship == "spouse" || co.Relationship == "partner" {
			req.Kind = domain.JointCredit
		}
	}
	if spend != nil {
		if err := spend(); err != nil {
			return nil, err
		}
	}
	report, err := s.credit.SoftPull(ctx, req)
	if err != nil {
		return nil, err
	}
	if _, err := s.store.SaveCreditReport(ctx, domain.CreditPull{LoanID: loan.ID, Party: in.Party, Report: report,
		SSN: in.SSN, DateOfBirth: in.DateOfBirth, AuthorizationVersion: in.AuthorizationVersion,
		ClientAddress: client.Address, UserAgent: client.UserAgent}); err != nil {
		return nil, err
	}
	r, _, err := s.creditReports(ctx, loan.ID)
	return r, err
}

// currentAuthorization refuses a credit-check authorization other than the
// wording in force (data.heloc.consents.current), which the page showed.
func (s *Service) currentAuthorization(ctx context.Context, version string) error {
	var current struct {
		Consents []struct{ Kind, Version string }
	}
	if err := s.decideInto(ctx, "heloc.consents.current", nil, &current); err != nil {
		return err
	}
	for _, c := range current.Consents {
		if c.Kind == "creditAuthorization" && c.Version == version {
			return nil
		}
	}
	return domain.InvalidField("authorizationVersion", "The credit-check authorization has changed: read it again and agree to continue.")
}

// CreditReport is the applicant's loan's credit report as the borrower
// sees it (nil before any pull): a joint report when the last coborrower
// pull was joint (it holds both), else the borrower's with the
// coborrower's score beside it.
func (s *Service) CreditReport(ctx context.Context, applicant *domain.Applicant) (*domain.CreditReport, error) {
	loan, err := s.applicantLoan(ctx, applicant)
	if err != nil {
		return nil, err
	}
	r, _, err := s.creditReports(ctx, loan.ID)
	return r, err
}

// creditReports is the loan's report as CreditReport gives it, and
// whether a coborrower's file was pulled (so that a coborrower the bureau
// gave no score is told from no coborrower at all).
func (s *Service) creditReports(ctx context.Context, loanID string) (*domain.CreditReport, bool, error) {
	borrower, err := s.store.LatestCreditReport(ctx, loanID, "borrower")
	if err != nil && domain.ErrorCode(err) != domain.ENOTFOUND {
		return nil, false, err
	}
	co, err := s.store.LatestCreditReport(ctx, loanID, "coborrower")
	if err != nil && domain.ErrorCode(err) != domain.ENOTFOUND {
		return nil, false, err
	}
	switch {
	case co != nil && (co.Kind == domain.JointCredit || borrower == nil):
		return co, true, nil
	case borrower != nil && co != nil:
		borrower.CoborrowerScore = co.Score
	}
	return borrower, co != nil || (borrower != nil && borrower.CoborrowerScore != nil), nil
}
