package domain

import "time"

// A portal user's enrolment: whether they have what signing in takes.
const (
	// EnrolmentComplete: a password and an authenticator.
	EnrolmentComplete = "complete"
	// EnrolmentInvited: invited, the invitation not accepted yet; no
	// password, no authenticator.
	EnrolmentInvited = "invited"
	// EnrolmentSecondFactorReset: an administrator reset the authenticator;
	// the user enrols a new one through the link they were e-mailed.
	EnrolmentSecondFactorReset = "secondFactorReset"
)

// Invite purposes: what the e-mailed link lets its holder do.
const (
	// InvitePurposeInvite: set a password and enrol an authenticator.
	InvitePurposeInvite = "invite"
	// InvitePurposeReenrol: prove the password and enrol a new authenticator.
	InvitePurposeReenrol = "reenrol"
)

// Invite is an e-mailed link to /portal/invite: only the SHA-256 of its
// token is stored. It works once, until ExpiresAt, for a few wrong tries.
type Invite struct {
	TokenHash string
	UserID    string
	Purpose   string
	CreatedBy string
	CreatedAt time.Time
	ExpiresAt time.Time
	Attempts  int
	// TOTPPending is the authenticator secret offered on the page, sealed
	// under the user's id; "" until one is offered.
	TOTPPending string
}

// InviteCompletion is what accepting an invite stores: the new password
// hash ("" keeps the current one, for a re-enrolment), the authenticator
// secret sealed under the user's id, the time step of the code that proved
// it (so it is not accepted again), and the new recovery codes' hashes.
type InviteCompletion struct {
	PasswordHash       string
	TOTPSecret         string
	TOTPStep           int64
	RecoveryCodeHashes []string
}

// InviteTTL is how long an e-mailed link works; MaxInviteAttempts is how
// many wrong passwords or codes it takes before it stops working.
const (
	InviteTTL         = 7 * 24 * time.Hour
	MaxInviteAttempts = 10
)
