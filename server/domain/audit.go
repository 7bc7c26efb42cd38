package domain

import "time"

// AuditEntry is one row of the audit log: a staff view of personal data or
// a change, by whom, on which loan or user, and from where. Detail never
// holds a personal value, only the names of fields (Reg B keeps the log 25
// months, and it is read by more people than the loan file).
type AuditEntry struct {
	ID         string    `json:"id"`
	At         time.Time `json:"at"`
	ActorID    string    `json:"actorId"`
	ActorEmail string    `json:"actorEmail"`
	ActorRole  string    `json:"actorRole"`
	Action     string    `json:"action"`
	LoanID     string    `json:"loanId"`
	Subject    string    `json:"subject"`
	Detail     string    `json:"detail"`
	IP         string    `json:"ip"`
}

// AuditRetentionMonths is how long the audit log is kept: 25 months, the 25
// months Reg B (12 CFR 1002.12(b)) has a creditor keep an application's
// records. Only rows older than this may be deleted.
const AuditRetentionMonths = 25

// AuditFilter selects audit entries; empty fields select everything. The
// page is keyset-paged, newest first: After is the cursor of the last
// entry of the page before (AuditPage.Next).
type AuditFilter struct {
	ActorEmail string
	LoanID     string
	Action     string
	From       time.Time // inclusive; zero: no lower bound
	To         time.Time // exclusive; zero: no upper bound
	After      string
	Limit      int
}

// AuditPage is one page of the audit log, newest first, and the cursor of
// the next page ("" on the last).
type AuditPage struct {
	Items []*AuditEntry `json:"items"`
	Next  string        `json:"next"`
}
