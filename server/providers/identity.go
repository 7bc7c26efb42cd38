package providers

import (
	"context"
	"time"
)

// Identity verification results (schemas #Person identityVerificationStatus).
// A provider answers passed, failed or review; documentUpload is the
// lender's own (an ID document asked for by hand) and never a provider's.
const (
	IdentityPassed = "passed"
	IdentityFailed = "failed"
	IdentityReview = "review"
)

// IdentityRequest asks an identity provider to check one person's
// government-issued photo ID against what the application says of them.
type IdentityRequest struct {
	// Applicant is the e-mail of the loan's applicant (a sandbox picks its
	// persona by it); Party is "borrower" or "coborrower".
	Applicant string
	Party     string
	// The person as the application names them: the ID must match.
	FirstName   string
	LastName    string
	DateOfBirth string // yyyy-mm-dd
	Email       string // the person's own e-mail, when known
	// IDType is a subtype of the documents table's idDocument
	// (driver_license, passport, ...); Sides are the sides uploaded for it
	// ("front", "back"), each at least once.
	IDType string
	Sides  []string
	Today  time.Time
}

// IdentityResult is a provider's answer: Status is IdentityPassed,
// IdentityFailed or IdentityReview; Reason says, in words for the person,
// why it did not pass ("" when it passed); Reference is the provider's own
// id of the check, for the lender's records.
type IdentityResult struct {
	Status    string
	Reason    string
	Reference string
	CheckedAt time.Time
}

// Identity verifies a person's government-issued photo ID (the Customer
// Identification Program's documentary check, 31 CFR 1020.220).
type Identity interface {
	VerifyID(ctx context.Context, req IdentityRequest) (*IdentityResult, error)
	// Sandbox reports whether the results are made up (the UI says so).
	Sandbox() bool
}
