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
