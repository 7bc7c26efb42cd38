package domain

import (
	"strings"
	"time"
)

// LoanCoborrower is the coborrower of a loan as an account of their own
// (issue 23 item 4): the applicant invited to act for themselves on the
// loan, and when the invitation was last e-mailed.
type LoanCoborrower struct {
	LoanID    string
	Applicant *Applicant
	InvitedAt time.Time
}

// The acts a person on a loan does for themselves, recorded as LoanAct.
const (
	// ActCreditAuthorization: the credit check authorization, with the
	// date of birth and SSN it needs.
	ActCreditAuthorization = "creditAuthorization"
	// ActDeclarations: the URLA declarations answered.
	ActDeclarations = "declarations"
	// ActDemographics: the HMDA demographic information answered.
	ActDemographics = "demographics"
	// ActESignConsent: the consent to receive and sign electronically.
	ActESignConsent = "esignConsent"
	// ActSignature: a disclosure signed (Detail: id|version|hash).
	ActSignature = "signature"
)

// LoanAct is a consent, a signature or an answer given by a person on a
// loan in their own session: whose (party, and the applicant signed in),
// what, when, and from which address and browser.
type LoanAct struct {
	ID          string    `json:"id"`
	LoanID      string    `json:"loanId"`
	Party       string    `json:"party"`
	ApplicantID string    `json:"applicantId"`
	Act         string    `json:"act"`
	Detail      string    `json:"detail"`
	At          time.Time `json:"at"`
	IP          string    `json:"ip"`
	UserAgent   string    `json:"userAgent"`
}

// OwnEmailRefusal refuses, at field, a coborrower's e-mail that is the
// borrower's own (compared as addresses are: case and spaces aside): the
// coborrower signs in with their own e-mail and acts for themselves, so
// the borrower's would invite the borrower. nil for any other e-mail.
func OwnEmailRefusal(field, borrowerEmail, coborrowerEmail string) error {
	if borrowerEmail == "" || !strings.EqualFold(strings.TrimSpace(borrowerEmail), strings.TrimSpace(coborrowerEmail)) {
		return nil
	}
	return OwnEmailError(field)
}

// OwnEmailError is the refusal, at field, of the borrower's own e-mail as
// their coborrower's.
func OwnEmailError(field string) error {
	return InvalidField(field, "Your coborrower needs an e-mail address of their own, not yours.")
}
