package prequal

import (
	"context"
	"fmt"
	"strings"

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

// CreditCheck is a soft pull of the borrower's file under the credit-check
// authorization they agreed to, which must be the wording in force. The
// coborrower's file is pulled only under their own authorization, in their
// own sign-in (CoborrowerCreditCheck): the borrower's session is refused it
// (issue 23: each person on a loan consents for themselves). The report is stored sealed with the SSN and date of
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
	if in.Party == "coborrower" {
		name := "Your coborrower"
		if co := loan.Answers.Coborrower; co != nil {
			name = strings.TrimSpace(co.FirstName + " " + co.LastName)
		}
		return nil, domain.Errorf(domain.EFORBIDDEN, "%s authorizes their own credit check, signed in with their own e-mail: we e-mail them an invitation to do it.", name)
	}
	a := applicant
	person := domain.Identity{FirstName: a.FirstName, LastName: a.LastName, Email: a.Email, DateOfBirth: in.DateOfBirth, SSN: in.SSN}
	kind, err := s.pullKind(ctx, loan, "borrower")
	if err != nil {
		return nil, err
	}
	req := providers.CreditRequest{Kind: kind, Borrower: person, Answers: loan.Answers, Today: s.now()}
	if err := s.pull(ctx, loan, req, domain.CreditPull{Party: in.Party, SSN: in.SSN, DateOfBirth: in.DateOfBirth,
		AuthorizationVersion: in.AuthorizationVersion, ClientAddress: client.Address, UserAgent: client.UserAgent}, spend); err != nil {
		return nil, err
	}
	r, _, err := s.creditReports(ctx, loan.ID)
	return r, err
}

// PullEntrypoint decides the kind of a person's soft pull
// (rules/heloc/credit): the borrower's own file; a coborrower's joint or
// separate by their relationship to the borrower.
const PullEntrypoint = "heloc.credit.pull"

// pullFacts are what heloc.credit.pull reads.
type pullFacts struct {
	Party        string `json:"party"`
	Relationship string `json:"relationship,omitempty"`
}

// pullKind is the kind of party's soft pull on the loan, as the rules
// decide it (recorded with the loan, as the pull is made under it).
func (s *Service) pullKind(ctx context.Context, loan *domain.Loan, party string) (string, error) {
	facts := pullFacts{Party: party}
	if c := loan.Answers.Coborrower; c != nil && party == "coborrower" {
		facts.Relationship = c.Relationship
	}
	d, err := s.recorder.Decide(ctx, PullEntrypoint, loan.ID, facts)
	if err != nil {
		return "", err
	}
	var out struct {
		Kind *string `json:"kind"`
	}
	if err := domain.DecodeAnswer(d.Result, &out); err != nil {
		return "", err
	}
	if out.Kind == nil {
		return "", fmt.Errorf("prequal: %s names no kind of pull for the %s", PullEntrypoint, party)
	}
	return *out.Kind, nil
}

// pull asks the bureau for req's file once spend allows it and stores the
// report as pull says (its party, identity and authorization), sealed.
func (s *Service) pull(ctx context.Context, loan *domain.Loan, req providers.CreditRequest, pull domain.CreditPull, spend loans.Spend) error {
	if spend != nil {
		if err := spend(); err != nil {
			return err
		}
	}
	report, err := s.credit.SoftPull(ctx, req)
	if err != nil {
		return err
	}
	pull.LoanID, pull.Report = loan.ID, report
	_, err = s.store.SaveCreditReport(ctx, pull)
	return err
}

// CoborrowerCreditCheck is the coborrower's own credit-check
// authorization, in their own sign-in: loans.CoborrowerAuthorize records
// it (with their date of birth and SSN, who, when, from which address and
// browser), then their file is pulled under it, joint with a spouse or
// partner, separate otherwise, and stored as the coborrower's report. The
// loan's eligibility and offer are decided again on both reports at once
// (the lower of the two scores is the one used), at the line the borrower
// chose. spend is called just before the bureau is asked.
func (s *Service) CoborrowerCreditCheck(ctx context.Context, co *domain.Applicant, in loans.CoborrowerAuthorization, meta loans.SignMeta, spend loans.Spend) (*loans.CoborrowerView, error) {
	view, err := s.loans.CoborrowerAuthorize(ctx, co, in, meta)
	if err != nil {
		return nil, err
	}
	loan, app, err := s.loans.CoborrowerLoan(ctx, co)
	if err != nil {
		return nil, err
	}
	version, err := s.currentAuthorizationVersion(ctx)
	if err != nil {
		return nil, err
	}
	p := app.Coborrower
	if p == nil || p.SSN == nil || p.DateOfBirth == nil {
		return nil, domain.InvalidField("ssn", "Enter your Social Security number.")
	}
	person := domain.Identity{FirstName: co.FirstName, LastName: co.LastName, Email: co.Email, DateOfBirth: *p.DateOfBirth, SSN: *p.SSN}
	kind, err := s.pullKind(ctx, loan, "coborrower")
	if err != nil {
		return nil, err
	}
	req := providers.CreditRequest{Kind: kind, Coborrower: &person, Answers: loan.Answers, Today: s.now()}
	req.Borrower = domain.Identity{FirstName: deref(app.User.FirstName), LastName: deref(app.User.LastName), Email: deref(app.User.Email)}
	// The terms the borrower was shown, on the reports before this one.
	before, err := s.decideQuote(ctx, loan, nil)
	if err != nil {
		return nil, err
	}
	if err := s.pull(ctx, loan, req, domain.CreditPull{Party: "coborrower", SSN: person.SSN, DateOfBirth: person.DateOfBirth,
		AuthorizationVersion: version, ClientAddress: meta.IP, UserAgent: meta.UserAgent}, spend); err != nil {
		return nil, err
	}
	// The terms on both reports, at once: the disclosures either person
	// signs next and the submission read them; the borrower is told when
	// they are worse than those they were shown.
	after, err := s.decideQuote(ctx, loan, nil)
	if err != nil {
		return nil, err
	}
	s.tellTermsChanged(ctx, loan, app, co, before, after)
	return view, nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// currentAuthorizationVersion is the credit-check authorization's wording
// in force (data.heloc.consents.current), the one the coborrower's page
// shows them.
func (s *Service) currentAuthorizationVersion(ctx context.Context) (string, error) {
	var current struct {
		Consents []struct{ Kind, Version string }
	}
	if err := s.decideInto(ctx, "heloc.consents.current", nil, &current); err != nil {
		return "", err
	}
	for _, c := range current.Consents {
		if c.Kind == "creditAuthorization" {
			return c.Version, nil
		}
	}
	return "", domain.Errorf(domain.EINTERNAL, "No credit-check authorization is in force.")
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
