package domain

import (
	"encoding/json"
	"time"
)

// StaffCredentials are what a new portal user signs in with. SealTOTP seals
// the authenticator secret under the user's id, which the store assigns, so
// a sealed secret copied to another row does not open.
type StaffCredentials struct {
	PasswordHash       string
	SealTOTP           func(userID string) (string, error)
	RecoveryCodeHashes []string
}

// StaffSecrets are a portal user's stored sign-in secrets.
type StaffSecrets struct {
	PasswordHash string
	TOTPSecret   string // sealed
	TOTPLastStep int64
}

// ApplicantPatch changes an applicant's name or phone; nil leaves a field alone.
type ApplicantPatch struct {
	FirstName *string
	LastName  *string
	Phone     *string
}

// Decision is a stored policy decision: the entrypoint asked, its input and
// result as JSON, the policy revision that gave it and the loan it was made
// for, so it can be replayed and explained.
type Decision struct {
	ID         string          `json:"id"`
	Entrypoint string          `json:"entrypoint"`
	Input      json.RawMessage `json:"input"`
	Result     json.RawMessage `json:"result"`
	Revision   string          `json:"revision"`
	LoanID     string          `json:"loanId,omitempty"`
	CreatedAt  time.Time       `json:"createdAt"`
}

// StoredDecision is what of a loan's latest stored decision the decision
// log compares a new decision with (decisions.Recorder.DecideAfter): its
// id, revision, input and result, as the database gave them. The input and
// result are JSON text, kept as strings so that the read copies them once.
type StoredDecision struct {
	ID       string
	Revision string
	Input    string
	Result   string
}
