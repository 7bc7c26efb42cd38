package providers

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"strings"
	"time"

	"github.com/heloc/heloc/server/domain"
)

// SandboxBureau is the bureau the sandbox's reports name. It is no real
// agency: the notices of a sandbox server say so.
var SandboxBureau = domain.Bureau{
	Name:    "Sandbox Credit Bureau (test data, not a real consumer reporting agency)",
	Address: "P.O. Box 0000, Test City, CA 94000",
	Phone:   "8005550199",
	Website: "https://bureau.example.com",
}

// The standard file: what the sandbox answers for anyone who is not a
// persona (contract: score 720, the self-reported mortgage estimate as one
// mortgage, the self-reported value as the valuation).
const (
	standardScore      = 720
	standardCoborrower = 720
	standardCreditor   = "Sandbox Mortgage Servicer"
	standardOpened     = "2019-01-01"
)

// The score model every report uses (FICO Score 8 runs 300-850).
const scoreModel = "FICO Score 8"

var scoreRange = domain.ScoreRange{Min: 300, Max: 850}

// persona is the part of a fixtures/personas.json entry the sandbox reads:
// the bureau's file and the valuation.
type persona struct {
	Email   string `json:"email"`
	Profile struct {
		CreditScore     *int                      `json:"creditScore"`
		CoborrowerScore *int                      `json:"coborrowerScore"`
		Mortgages       []domain.ReportedMortgage `json:"mortgages"`
		Liabilities     []domain.ReportedDebt     `json:"liabilities"`
		KeyFactors      []string                  `json:"keyFactors"`
		Valuation       struct {
			AVM        *valued `json:"avm"`
			AVMCascade *valued `json:"avmCascade"`
		} `json:"valuation"`
	} `json:"profile"`
}

type valued struct {
	Value      int64  `json:"value"`
	Confidence string `json:"confidence"`
}

// Sandbox is the deterministic credit bureau and valuation model. It picks
// a persona by the e-mail's local part before any "+", so
// prime+e2e-42@example.com gets prime's file; anyone else gets the
// standard file.
type Sandbox struct {
	personas map[string]*persona
}

// NewSandbox reads personas.json from fsys (the fixtures package's FS).
func NewSandbox(fsys fs.FS) (*Sandbox, error) {
	buf, err := fs.ReadFile(fsys, "personas.json")
	if err != nil {
		return nil, fmt.Errorf("sandbox providers: %w", err)
	}
	var list []*persona
	if err := json.Unmarshal(buf, &list); err != nil {
		return nil, fmt.Errorf("sandbox providers: personas.json: %w", err)
	}
	s := &Sandbox{personas: map[string]*persona{}}
	for _, p := range list {
		s.personas[localPart(p.Email)] = p
	}
	return s, nil
}

// Sandbox reports that the reports and values are made up.
func (*Sandbox) Sandbox() bool { return true }

// localPart is the persona name of an e-mail: prime+x@example.com is prime.
func localPart(email string) string {
	local, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(email)), "@")
	local, _, _ = strings.Cut(local, "+")
	return local
}

func (s *Sandbox) persona(email string) *persona { return s.personas[localPart(email)] }

// SoftPull answers a soft pull from the borrower's persona (and, for the
// kinds with a coborrower, the coborrower's score: their own persona's, else
// the one the borrower's persona gives its coborrower, else the standard).
func (s *Sandbox) SoftPull(_ context.Context, req CreditRequest) (*domain.CreditReport, error) {
	r := &domain.CreditReport{
		PulledAt: req.Today.UTC().Truncate(time.Millisecond), Kind: req.Kind, ScoreModel: scoreModel, ScoreRange: scoreRange,
		Bureau: SandboxBureau, Mortgages: []domain.ReportedMortgage{}, Liabilities: []domain.ReportedDebt{}, KeyFactors: []string{},
	}
	switch req.Kind {
	case domain.SingleCredit, domain.JointCredit:
		s.fillFile(r, req.Borrower.Email, req.Answers)
		if req.Kind == domain.JointCredit {
			if req.Coborrower == nil {
				return nil, domain.Errorf(domain.EINVALID, "A joint credit check needs the coborrower.")
			}
			r.CoborrowerScore = s.coborrowerScore(req)
		}
	case domain.SingleCreditCoborrower:
		if req.Coborrower == nil {
			return nil, domain.Errorf(domain.EINVALID, "A coborrower's credit check needs the coborrower.")
		}
		if p := s.persona(req.Coborrower.Email); p != nil {
			s.fillFile(r, req.Coborrower.Email, domain.PrequalAnswers{})
		} else {
			r.Score = s.coborrowerScore(req)
		}
	default:
		return nil, fmt.Errorf("sandbox credit: unknown report kind %q", req.Kind)
	}
	return r, nil
}

// fillFile copies a persona's file into r, or the standard file made from
// the homeowner's own answers.
func (s *Sandbox) fillFile(r *domain.CreditReport, email string, answers domain.PrequalAnswers) {
	p := s.persona(email)
	if p == nil {
		score := standardScore
		r.Score = &score
		r.KeyFactors = append(r.KeyFactors, "Length of time accounts have been established")
		if answers.MortgageEstimate != nil && *answers.MortgageEstimate > 0 && (answers.HasMortgage == nil || *answers.HasMortgage) {
			bal := *answers.MortgageEstimate
			r.Mortgages = append(r.Mortgages, domain.ReportedMortgage{
				ID: "standard-m1", Creditor: standardCreditor, Balance: bal,
				// About what a 30-year loan at 6.5% costs a month per dollar owed.
				MonthlyPayment: bal * 65 / 10000, DateOpened: standardOpened,
			})
		}
		return
	}
	if p.Profile.CreditScore != nil {
		score := *p.Profile.CreditScore
		r.Score = &score
	}
	r.KeyFactors = append(r.KeyFactors, p.Profile.KeyFactors...)
	r.Mortgages = append(r.Mortgages, p.Profile.Mortgages...)
	r.Liabilities = append(r.Liabilities, p.Profile.Liabilities...)
}

func (s *Sandbox) coborrowerScore(req CreditRequest) *int {
	score := standardCoborrower
	if p := s.persona(req.Coborrower.Email); p != nil {
		if p.Profile.CreditScore == nil {
			return nil
		}
		score = *p.Profile.CreditScore
	} else if p := s.persona(req.Borrower.Email); p != nil && p.Profile.CoborrowerScore != nil {
		score = *p.Profile.CoborrowerScore
	}
	return &score
}

// AVM values the home: the persona's first valuation, else the homeowner's
// own estimate with medium confidence; nil when there is neither.
func (s *Sandbox) AVM(_ context.Context, req ValuationRequest) (*domain.Valuation, error) {
	if p := s.persona(req.Email); p != nil && p.Profile.Valuation.AVM != nil {
		return valuation(*p.Profile.Valuation.AVM, domain.SourceAVM, req.Today), nil
	}
	if v := req.Answers.PropertyValue; v != nil && *v > 0 {
		return valuation(valued{Value: *v, Confidence: domain.ConfidenceMedium}, domain.SourceAVM, req.Today), nil
	}
	return nil, nil
}

// AVMCascade is the second opinion: the persona's cascade value, else the
// same as AVM's answer with medium confidence.
func (s *Sandbox) AVMCascade(ctx context.Context, req ValuationRequest) (*domain.Valuation, error) {
	if p := s.persona(req.Email); p != nil && p.Profile.Valuation.AVMCascade != nil {
		return valuation(*p.Profile.Valuation.AVMCascade, domain.SourceAVMCascade, req.Today), nil
	}
	v, err := s.AVM(ctx, req)
	if v != nil {
		v.Source, v.Confidence = domain.SourceAVMCascade, domain.ConfidenceMedium
	}
	return v, err
}

func valuation(v valued, source string, today time.Time) *domain.Valuation {
	return &domain.Valuation{Value: v.Value, Confidence: v.Confidence, Source: source, AsOf: today.UTC().Format(time.DateOnly)}
}
