// Package prequal is the prequalification service: a visitor's estimate,
// the homeowner's answers and the loan's status along the funnel's first
// steps, the waitlist of a state the lender is not licensed in, the soft
// credit pull, the preview offer with its adverse-action notice, and the
// same decisions made again on the application's figures when it is
// submitted (Redecide, the loan service's hook). It builds the policies'
// inputs, decides through the decision log, and stores what it decided;
// server/web translates the wire and calls it; server/app wires it.
package prequal

import (
	"context"
	"time"

	"github.com/heloc/heloc/server/decisions"
	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/letters"
	"github.com/heloc/heloc/server/loans"
	"github.com/heloc/heloc/server/providers"
)

// Store is what the service needs of the database (server/store).
type Store interface {
	FindLoanByApplicant(ctx context.Context, applicantID string) (*domain.Loan, error)
	UpdateLoanAnswers(ctx context.Context, loanID string, update func(*domain.Loan) error) (*domain.Loan, error)
	SaveCreditReport(ctx context.Context, p domain.CreditPull) (string, error)
	LatestCreditReport(ctx context.Context, loanID, party string) (*domain.CreditReport, error)
	SaveAdverseActionNotice(ctx context.Context, loanID string, n *domain.AdverseActionNotice) (*domain.AdverseActionNotice, error)
	LatestAdverseActionNotice(ctx context.Context, loanID string) (*domain.AdverseActionNotice, error)
	AddToWaitlist(ctx context.Context, state, zip string, seal func(id string) (string, error)) (*domain.WaitlistEntry, error)
}

// Policy evaluates the entrypoints that are tables or wording rather than
// decisions (server/policy): the credit ranges, the consents in force.
type Policy interface {
	Decide(ctx context.Context, entrypoint string, input any) (any, error)
}

// Recorder decides and records the decisions the service acts on (the
// decision log, decisions.Recorder).
type Recorder interface {
	Decide(ctx context.Context, entrypoint, loanID string, input any) (decisions.Recorded, error)
	DecideTogether(ctx context.Context, loanID string, input any, entrypoints ...string) ([]decisions.Recorded, error)
}

// Loans is what the service needs of the loan service (server/loans): the
// applicant's loan, the funnel's order and the step a page reaches, the
// date-of-birth rule and the kept valuations.
type Loans interface {
	LoanOf(ctx context.Context, applicant *domain.Applicant) (*domain.Loan, error)
	ReachedStatus(ctx context.Context, path string, loan *domain.Loan) (string, error)
	FunnelOrder(ctx context.Context) (map[string]float64, error)
	CheckBirthDate(ctx context.Context, loan *domain.Loan, path, date string) error
	Valuation(ctx context.Context, applicant *domain.Applicant, model providers.Valuation, spend loans.Spend) (*domain.Valuation, error)
	CoborrowerAuthorize(ctx context.Context, co *domain.Applicant, in loans.CoborrowerAuthorization, meta loans.SignMeta) (*loans.CoborrowerView, error)
	CoborrowerLoan(ctx context.Context, co *domain.Applicant) (*domain.Loan, *domain.Application, error)
}

// Sealer seals what the waitlist keeps of a visitor's contact
// (crypt.Keyring).
type Sealer interface {
	Seal(plaintext, aad []byte) (string, error)
}

// Config is what the service is given besides its store and engines.
type Config struct {
	// Credit is the bureau's soft pull; Valuation the automated valuation
	// model (server/providers). Both are required.
	Credit    providers.Credit
	Valuation providers.Valuation
	// Sealer seals the waitlist's contacts. Required.
	Sealer Sealer
	// Letters e-mails the borrower when the coborrower's own credit check
	// leaves them worse terms than they were shown (server/letters), each
	// message recorded with the loan. Nil: nobody is e-mailed (a test's
	// service).
	Letters *letters.Post
	// Now is the clock (time.Now when nil); the policies never read one.
	Now func() time.Time
}

// Service is the prequalification service.
type Service struct {
	store     Store
	loans     Loans
	policy    Policy
	recorder  Recorder
	credit    providers.Credit
	valuation providers.Valuation
	sealer    Sealer
	letters   *letters.Post
	now       func() time.Time
}

// New makes the service.
func New(store Store, loanService Loans, policy Policy, recorder Recorder, cfg Config) *Service {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Service{store: store, loans: loanService, policy: policy, recorder: recorder,
		credit: cfg.Credit, valuation: cfg.Valuation, sealer: cfg.Sealer, letters: cfg.Letters, now: cfg.Now}
}

// Sandbox says whether the bureau or the valuation model is the sandbox's
// (the webapp says so).
func (s *Service) Sandbox() bool {
	return s.credit.Sandbox() || s.valuation.Sandbox()
}

// decideInto evaluates an entrypoint that is not a stored decision (a
// table, the wording in force) into out.
func (s *Service) decideInto(ctx context.Context, entrypoint string, input, out any) error {
	v, err := s.policy.Decide(ctx, entrypoint, input)
	if err != nil {
		return err
	}
	return domain.DecodeAnswer(v, out)
}

// Decided is a recorded decision's result with the record's id
// (schemas: a result's decisionId), as the preview and the estimate
// answer it.
type Decided map[string]any

// withID adds the stored decision's id to its result.
func withID(d decisions.Recorded) Decided {
	out := Decided{"decisionId": d.ID}
	if m, ok := d.Result.(map[string]any); ok {
		for k, v := range m {
			out[k] = v
		}
	}
	return out
}

// applicantLoan is the applicant's loan (UNAUTHORIZED without an applicant
// or a loan: loans.LoanOf).
func (s *Service) applicantLoan(ctx context.Context, applicant *domain.Applicant) (*domain.Loan, error) {
	return s.loans.LoanOf(ctx, applicant)
}
