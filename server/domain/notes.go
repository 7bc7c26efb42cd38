package domain

import "time"

// LoanNote is one of the loan team's working notes on a loan file (access
// action loans.update). Notes are append-only: none is edited or deleted.
type LoanNote struct {
	ID        string    `json:"id"`
	LoanID    string    `json:"loanId"`
	Author    StaffRef  `json:"author"`
	Body      string    `json:"body"`
	CreatedAt time.Time `json:"createdAt"`
}
