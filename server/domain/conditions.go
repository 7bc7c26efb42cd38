package domain

import (
	"encoding/json"
	"time"
)

// Condition kinds (data.heloc.conditions.catalog): what the borrower does
// to answer a condition.
const (
	ConditionDocument   = "document"   // upload a document of DocumentType
	ConditionText       = "text"       // answer a question in words
	ConditionAddress    = "address"    // give one or more addresses
	ConditionEmployment = "employment" // give one or more employments
	ConditionEmail      = "email"      // answered by e-mail; staff clear it
)

// Condition statuses as stored. Whether an open condition has been
// answered is told by AnsweredAt (text, address, employment) or Uploads
// (document).
const (
	ConditionOpen    = "open"
	ConditionCleared = "cleared"
	ConditionWaived  = "waived"
)

// Condition is an underwriting condition a portal user set on a loan
// (spec §9): the catalogue's entry as it was when set, whose it is, and
// where it stands.
type Condition struct {
	ID     string
	LoanID string
	Code   string
	Kind   string
	Label  string
	// DocumentType and DocumentCount are what a document condition asks
	// (DocumentType "" for any other kind).
	DocumentType  string
	DocumentCount int
	// Party is "borrower" or "coborrower": whom the condition asks.
	Party string
	// Note is what the portal user added for the borrower; sealed at rest.
	Note   string
	Status string

	AddedBy StaffRef
	AddedAt time.Time
	// Answer is the borrower's answer as JSON (nil before one); sealed at rest.
	Answer     json.RawMessage
	AnsweredAt *time.Time
	// MailSentAt is when an e-mail condition's message was handed to the mailer.
	MailSentAt *time.Time
	// ResolvedBy and ResolvedAt say who cleared or waived the condition, and
	// when (nil while open).
	ResolvedBy     *StaffRef
	ResolvedAt     *time.Time
	ResolutionNote string
	// Uploads counts the documents uploaded for the condition.
	Uploads int
}

// ConditionMailLimits say how often the e-mails of e-mail conditions may
// go: the store checks them when a send is claimed, so that they hold
// across servers and concurrent requests.
type ConditionMailLimits struct {
	// Every is how long after one e-mail of a condition the next may go.
	Every time.Duration
	// PerLoan is how many e-mails of all of a loan's conditions may go
	// within Window.
	PerLoan int
	Window  time.Duration
}

// ConditionMailClaim is the outcome of claiming a condition's e-mail:
// Claimed when the caller, and no one else, is to hand it to the mailer.
type ConditionMailClaim struct {
	// Condition is the condition with the claim's time as MailSentAt, or
	// as stored when the claim was refused.
	Condition *Condition
	Claimed   bool
	// RetryAfter, when the loan's limit refused the claim, is how long
	// until one of its e-mails leaves the window (0 for any other refusal).
	RetryAfter time.Duration
	// ID names the e-mail's row, and Previous is the condition's e-mail
	// time before the claim (nil for none): what undoing the claim needs.
	ID       string
	Previous *time.Time
}
