package web

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/loans"
	"github.com/heloc/heloc/server/providers"
)

// estimateInput is #EstimateInput. A value or balance not given yet is
// nil, and reaches the rules as null: a missing fact, which they name
// (outcome notDecided), never a zero.
type estimateInput struct {
	PropertyValue   *int64  `json:"propertyValue"`
	MortgageBalance *int64  `json:"mortgageBalance"`
	CreditScore     *int64  `json:"creditScore"`
	CreditRange     *string `json:"creditRange,omitempty"`
	PropertyUsage   string  `json:"propertyUsage"`
	PropertyState   *string `json:"propertyState,omitempty"`
	PropertyType    string  `json:"propertyType"`
	HasFbm          bool    `json:"hasFbm"`
}

// policyInput is the eligibility and offer input of the policy contract,
// made from the homeowner's answers and today's date: self-reported facts
// at the estimate stage, which the rules never decline on (at worst "this
// may not qualify") and never make a notice of. mortgageBalance is the
// liens' sum as the homeowner gave it; null (like the value) when not
// given yet.
func (in estimateInput) policyInput(today time.Time) map[string]any {
	m := map[string]any{
		"today":           today.UTC().Format(time.DateOnly),
		"propertyValue":   in.PropertyValue,
		"mortgageBalance": in.MortgageBalance,
		"creditScore":     in.CreditScore,
		"propertyUsage":   in.PropertyUsage,
		"propertyType":    in.PropertyType,
		"hasFbm":          in.HasFbm,
		"mortgages":       []any{},
		"creditSource":    "selfReported",
		"stage":           "estimate",
	}
	if in.PropertyState != nil {
		m["propertyState"] = *in.PropertyState
	}
	return m
}

// estimate decides eligibility and the preview offer from self-reported
// answers. Both decisions are stored, together, so each can be replayed and
// explained.
// A credit range stands for a score by the rules' table.
func (s *Server) estimate(c fiber.Ctx, in estimateInput) (any, error) {
	if in.CreditScore == nil && in.CreditRange != nil {
		score, err := s.rangeScore(c.Context(), *in.CreditRange)
		if err != nil {
			return nil, err
		}
		in.CreditScore = &score
	}
	input := in.policyInput(s.now())
	loanID, err := s.currentLoanID(c)
	if err != nil {
		return nil, err
	}
	// Both decisions are stored in one transaction (decisions.Recorder):
	// an estimate is recorded whole or not at all.
	both, err := s.recorder.DecideTogether(c.Context(), loanID, input, "heloc.eligibility.decision", "heloc.offer.preview")
	if err != nil {
		return nil, err
	}
	return map[string]any{
		"eligibility": withID(decision(both[0])),
		"offer":       withID(decision(both[1])),
		"creditScore": in.CreditScore,
	}, nil
}

// rangeScore is the score an estimate assumes for a credit range
// (data.heloc.eligibility.credit_ranges).
func (s *Server) rangeScore(ctx context.Context, creditRange string) (int64, error) {
	var ranges []struct {
		Range    string `json:"range"`
		Estimate int64  `json:"estimate"`
	}
	if err := s.decideInto(ctx, "heloc.eligibility.credit_ranges", nil, &ranges); err != nil {
		return 0, err
	}
	for _, r := range ranges {
		if r.Range == creditRange {
			return r.Estimate, nil
		}
	}
	return 0, &domain.Error{Code: domain.EINVALID, Message: "Choose the range your credit score is in.",
		Fields: []domain.FieldError{{Path: "creditRange", Message: "Choose the range your credit score is in."}}}
}

// decideInto evaluates an entrypoint that is not a stored decision (a
// table, the step order) into out.
func (s *Server) decideInto(ctx context.Context, entrypoint string, input, out any) error {
	v, err := s.policy.Decide(ctx, entrypoint, input)
	if err != nil {
		return err
	}
	buf, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return json.Unmarshal(buf, out)
}

// withID adds the stored decision's id to its result.
func withID(d decision) map[string]any {
	out := map[string]any{"decisionId": d.ID}
	if m, ok := d.Result.(map[string]any); ok {
		for k, v := range m {
			out[k] = v
		}
	}
	return out
}

// applicantLoan is the signed-in applicant and their loan; without either
// the call is UNAUTHORIZED.
func (s *Server) applicantLoan(c fiber.Ctx) (*domain.Applicant, *domain.Loan, error) {
	a, err := s.applicant(c)
	if err != nil {
		return nil, nil, err
	}
	loan, err := s.loans.LoanOf(c.Context(), a)
	return a, loan, err
}

type answersResult struct {
	Answers           domain.PrequalAnswers `json:"answers"`
	ApplicationStatus *string               `json:"applicationStatus"`
}

func answersOf(l *domain.Loan) answersResult {
	return answersResult{Answers: l.Answers, ApplicationStatus: &l.ApplicationStatus}
}

// prequalAnswers is prequal.answers: the loan's answers, so a refresh, a
// closed tab or another device loses nothing.
func (s *Server) prequalAnswers(c fiber.Ctx, _ []byte) (any, error) {
	_, loan, err := s.applicantLoan(c)
	if err != nil {
		return nil, err
	}
	return answersOf(loan), nil
}

type saveAnswersInput struct {
	Path    string                `json:"path"`
	Answers domain.PrequalAnswers `json:"answers"`
}

// saveAnswers is prequal.save: the page's answers (validated against
// #SaveAnswersInput before this runs) merged into the loan's, the property's
// state filled in from the ZIP, and the loan's status moved on to the page's
// step when that step comes later (data.heloc.funnel.order); never back
// (the loan service's ReachedStatus and Advance: the preview offer, whose
// Continue leads into the application, reaches the application's step).
func (s *Server) saveAnswers(c fiber.Ctx, in saveAnswersInput) (any, error) {
	_, loan, err := s.applicantLoan(c)
	if err != nil {
		return nil, err
	}
	if in.Answers.Zip != nil {
		if in.Answers.PropertyState, err = s.zipState(c.Context(), loan.ID, *in.Answers.Zip); err != nil {
			return nil, err
		}
		// A ZIP code of no state is a slip, not a state we do not lend in.
		if in.Answers.PropertyState == nil {
			return nil, domain.InvalidField("answers.zip", "We don’t know the ZIP code "+*in.Answers.Zip+". Check the ZIP code of your home.")
		}
	}
	step, err := s.loans.ReachedStatus(c.Context(), in.Path, loan)
	if err != nil {
		return nil, err
	}
	order, err := s.loans.FunnelOrder(c.Context())
	if err != nil {
		return nil, err
	}
	saved, err := s.store.UpdateLoanAnswers(c.Context(), loan.ID, func(l *domain.Loan) error {
		l.Answers = l.Answers.Merge(in.Answers)
		loans.Advance(l, step, order)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return answersOf(saved), nil
}

// zipState is the state of a ZIP code by the licensing table
// (data.heloc.licensing.lookup), or nil for a ZIP of no state: kept on the
// loan, so recorded for it.
func (s *Server) zipState(ctx context.Context, loanID, zip string) (*string, error) {
	var found struct {
		State *string `json:"state"`
	}
	d, err := s.decideFor(ctx, "heloc.licensing.lookup", loanID, map[string]any{"zip": zip})
	if err != nil {
		return nil, err
	}
	if err := remarshal(d.Result, &found); err != nil {
		return nil, err
	}
	return found.State, nil
}

// valuationsPerAccount bounds the requests to the valuation model one
// applicant's valuations may make in a window: the AVM and, after a
// low-confidence answer, the cascade each count, as each is paid for. A
// valuation the loan has already is answered again without one.
const valuationsPerAccount = 10

// prequalValuation is prequal.valuation: the automated valuation of the
// home (avm, then avmCascade when its confidence is low), or null. It is a
// GET, which the property-value page sends on every visit and which no bot
// check guards: the loan service asks the model only for a home the loan
// has no answer for, and each request it makes is spent from the
// applicant's limit first.
func (s *Server) prequalValuation(c fiber.Ctx, _ []byte) (any, error) {
	a, err := s.applicant(c)
	if err != nil {
		return nil, err
	}
	v, err := s.loans.Valuation(c.Context(), a, s.cfg.Valuation, func() error {
		return s.limit("valuation|account|"+a.ID, valuationsPerAccount)
	})
	if v == nil || err != nil {
		return nil, err
	}
	return v, nil
}

type creditCheckInput struct {
	Party                string `json:"party"`
	DateOfBirth          string `json:"dateOfBirth"`
	SSN                  string `json:"ssn"`
	AuthorizationVersion string `json:"authorizationVersion"`
}

// creditPullsPerAccount bounds the soft pulls one applicant may ask for in
// a window: each is a bureau request.
const creditPullsPerAccount = 10

// creditCheck is prequal.creditCheck: a soft pull of the borrower's file,
// or of the coborrower's (joint with a spouse or partner, separate
// otherwise), under the credit-check authorization the person agreed to.
// The report is stored sealed with the SSN and date of birth, which are
// never answered back.
func (s *Server) creditCheck(c fiber.Ctx, in creditCheckInput) (any, error) {
	a, loan, err := s.applicantLoan(c)
	if err != nil {
		return nil, err
	}
	if err := s.currentAuthorization(c.Context(), in.AuthorizationVersion); err != nil {
		return nil, err
	}
	// No bureau is asked about a person who cannot be born yet or be
	// applying: a slip of the year is told at its field.
	if err := s.loans.CheckBirthDate(c.Context(), loan, "dateOfBirth", in.DateOfBirth); err != nil {
		return nil, err
	}
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
	// Spent only now, after every refusal of our own, so that the limit
	// counts the pulls the bureau is asked for.
	if err := s.limit("credit|account|"+a.ID, creditPullsPerAccount); err != nil {
		return nil, err
	}
	report, err := s.cfg.Credit.SoftPull(c.Context(), req)
	if err != nil {
		return nil, err
	}
	if _, err := s.store.SaveCreditReport(c.Context(), domain.CreditPull{LoanID: loan.ID, Party: in.Party, Report: report,
		SSN: in.SSN, DateOfBirth: in.DateOfBirth, AuthorizationVersion: in.AuthorizationVersion,
		ClientAddress: c.IP(), UserAgent: truncate(c.Get(fiber.HeaderUserAgent), 500)}); err != nil {
		return nil, err
	}
	return s.loanCreditReport(c.Context(), loan.ID)
}

// currentAuthorization refuses a credit-check authorization other than the
// wording in force (data.heloc.consents.current), which the page showed.
func (s *Server) currentAuthorization(ctx context.Context, version string) error {
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

func truncate(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n])
	}
	return strings.ToValidUTF8(s, "")
}

// prequalCreditReport is prequal.creditReport: the loan's report, or null
// before a pull.
func (s *Server) prequalCreditReport(c fiber.Ctx, _ []byte) (any, error) {
	_, loan, err := s.applicantLoan(c)
	if err != nil {
		return nil, err
	}
	r, err := s.loanCreditReport(c.Context(), loan.ID)
	if r == nil || err != nil {
		return nil, err
	}
	return r, nil
}

// loanCreditReport is the loan's credit report as the borrower sees it:
// a joint report when the last coborrower pull was joint (it holds both),
// else the borrower's with the coborrower's score beside it; nil before
// any pull.
func (s *Server) loanCreditReport(ctx context.Context, loanID string) (*domain.CreditReport, error) {
	r, _, err := s.loanCreditReports(ctx, loanID)
	return r, err
}

// loanCreditReports is loanCreditReport and whether a coborrower's file
// was pulled (so that a coborrower the bureau gave no score is told from
// no coborrower at all).
func (s *Server) loanCreditReports(ctx context.Context, loanID string) (*domain.CreditReport, bool, error) {
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
