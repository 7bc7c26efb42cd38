// Package providers holds the outside services prequalification calls: the
// credit bureau's soft pull and the automated valuation of the home. Each
// is a small interface; the sandbox implementations (sandbox.go) are the
// default and answer deterministically from fixtures/personas.json. A real
// bureau or valuation vendor is another implementation of the same
// interface, chosen by configuration in cmd/heloc.
package providers

import (
	"context"
	"time"

	"github.com/heloc/heloc/server/domain"
)

// CreditRequest asks for a soft pull (spec §3 report types singleCredit,
// jointCredit, singleCreditCoborrower). Borrower is always the applicant;
// Coborrower is set for the two kinds that include them. Answers are the
// loan's own, which a sandbox may echo for an unknown person.
type CreditRequest struct {
	Kind       string
	Borrower   domain.Identity
	Coborrower *domain.Identity
	Answers    domain.PrequalAnswers
	Today      time.Time
}

// Credit is a credit bureau's soft pull: it never affects the score.
type Credit interface {
	SoftPull(ctx context.Context, req CreditRequest) (*domain.CreditReport, error)
	// Sandbox reports whether the reports are made up (the UI says so).
	Sandbox() bool
}

// ValuationRequest names the home to value: the applicant (a sandbox
// picks its persona by e-mail), the ZIP and, when known, the address and
// the homeowner's own estimate.
type ValuationRequest struct {
	Email   string
	Answers domain.PrequalAnswers
	Today   time.Time
}

// Valuation is an automated valuation model: AVM first, and AVMCascade (a
// vendor cascade, slower and dearer) only when the first answer has low
// confidence. Value does both in that order.
type Valuation interface {
	AVM(ctx context.Context, req ValuationRequest) (*domain.Valuation, error)
	AVMCascade(ctx context.Context, req ValuationRequest) (*domain.Valuation, error)
	Sandbox() bool
}

// Value asks v's AVM, then its cascade when the AVM's confidence is low
// (architecture: avm, then avmCascade). Either may find no value (nil):
// the cascade's nil leaves the AVM's low-confidence answer.
func Value(ctx context.Context, v Valuation, req ValuationRequest) (*domain.Valuation, error) {
	first, err := v.AVM(ctx, req)
	if err != nil || !NeedsCascade(first) {
		return first, err
	}
	second, err := v.AVMCascade(ctx, req)
	if err != nil {
		return nil, err
	}
	return Chosen(first, second), nil
}

// NeedsCascade reports whether the AVM's answer is one the cascade is
// asked after: a value of low confidence.
func NeedsCascade(avm *domain.Valuation) bool {
	return avm != nil && avm.Confidence == domain.ConfidenceLow
}

// Chosen is the valuation Value answers from the AVM's answer and the
// cascade's (nil when it was not asked or found none): the cascade's when
// the AVM's confidence was low and the cascade found a value, else the
// AVM's. The loan service, which keeps each answer so that neither is paid
// for twice, chooses the same way.
func Chosen(avm, cascade *domain.Valuation) *domain.Valuation {
	if !NeedsCascade(avm) || cascade == nil {
		return avm
	}
	return cascade
}
