package domain

import "time"

// LoanEmail is one e-mail sent to a person on a loan about it (a letter of
// server/letters): which letter, the version of its wording, to whom, when,
// and whether the mailer took it (EmailSent or EmailFailed).
type LoanEmail struct {
	ID      string
	LoanID  string
	Letter  string
	Version string
	To      string
	SentAt  time.Time
	Outcome string
}

// The outcomes of a LoanEmail.
const (
	EmailSent   = "sent"
	EmailFailed = "failed"
)
