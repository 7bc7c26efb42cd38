package domain

import "time"

// Export statuses: an export is recorded before it is handed to the loan
// system (sending), then marked with the system's answer.
const (
	ExportSending = "sending"
	ExportSent    = "sent"
	ExportFailed  = "failed"
)

// Export is one hand-off of a submitted application to a loan-origination
// system as MISMO 3.4 XML: who sent it, when, to which target and system,
// the system's receipt, and the SHA-256 of the exact XML sent. The XML
// itself holds SSNs and birth dates, so the store keeps it sealed.
type Export struct {
	ID     string `json:"id"`
	LoanID string `json:"loanId"`
	// Target is the loan system the file was checked for: encompass,
	// byte or lendingpad.
	Target string `json:"target"`
	// System names what received it: the file drop or the vendor's API.
	System     string     `json:"system"`
	ActorID    string     `json:"actorId"`
	ActorEmail string     `json:"actorEmail"`
	SHA256     string     `json:"sha256"`
	Size       int64      `json:"size"`
	Status     string     `json:"status"`
	Receipt    string     `json:"receipt"`
	Error      string     `json:"error"`
	CreatedAt  time.Time  `json:"createdAt"`
	FinishedAt *time.Time `json:"finishedAt"`
}
