package domain

import "time"

// Realm says which of the two separate sign-in worlds a session belongs to.
// An applicant session is worthless on portal calls and the reverse.
type Realm string

// The two realms of spec §6.
const (
	RealmApplicant Realm = "applicant"
	RealmPortal    Realm = "portal"
)

// Insight is a post of the public insights blog (/insights, /insight-blog).
type Insight struct {
	Slug        string    `json:"slug" db:"slug"`
	Title       string    `json:"title" db:"title"`
	Summary     string    `json:"summary" db:"summary"`
	Body        string    `json:"body,omitempty" db:"body"`
	Author      string    `json:"author" db:"author"`
	PublishedAt time.Time `json:"publishedAt" db:"published_at"`
}

// Applicant is a borrower's account (spec §3 "Applicant").
type Applicant struct {
	ID        string  `json:"id" db:"id"`
	Email     string  `json:"email" db:"email"`
	FirstName string  `json:"firstName" db:"first_name"`
	LastName  string  `json:"lastName" db:"last_name"`
	Phone     *string `json:"phone" db:"phone"`
	// TCPAConsent, when set, is the applicant's agreement to calls and texts
	// at Phone: the version of the wording they agreed to and when.
	TCPAConsent *Consent  `json:"tcpaConsent,omitempty" db:"-"`
	CreatedAt   time.Time `json:"createdAt" db:"created_at"`
}

// Consent records an agreement: which wording, and when.
type Consent struct {
	Version string    `json:"version"`
	At      time.Time `json:"at"`
}

// Loan is an applicant's HELOC application; ApplicationStatus is the step
// of spec §4 the applicant has reached.
type Loan struct {
	ID                string         `json:"id" db:"id"`
	ApplicantID       string         `json:"applicantId" db:"applicant_id"`
	ApplicationStatus string         `json:"applicationStatus" db:"application_status"`
	Answers           PrequalAnswers `json:"answers" db:"-"`
	CreatedAt         time.Time      `json:"createdAt" db:"created_at"`
	UpdatedAt         time.Time      `json:"updatedAt" db:"updated_at"`
}

// PrequalAnswers are the loan's answers to the prequalification questions
// that decide which pages it sees (the funnel policy's `when`). Nothing
// sensitive belongs here: no SSN, date of birth or income.
type PrequalAnswers struct {
	HasCoborrower  bool `json:"hasCoborrower"`
	IsSelfEmployed bool `json:"isSelfEmployed"`
}

// Session is a server-side sign-in session. The cookie carries a random
// token; only its SHA-256 is stored, so a database leak yields no live
// session.
type Session struct {
	Realm      Realm     `json:"realm" db:"realm"`
	SubjectID  string    `json:"subjectId" db:"subject_id"`
	CreatedAt  time.Time `json:"createdAt" db:"created_at"`
	LastSeenAt time.Time `json:"lastSeenAt" db:"last_seen_at"`
	ExpiresAt  time.Time `json:"expiresAt" db:"expires_at"`
}

// StaffUser is a portal user: lender staff or a partner (spec §6). Role is
// one of the roles of the access policy (data.heloc.access.roles), which the
// server checks when a user is created or their role changed.
type StaffUser struct {
	ID        string    `json:"id"`
	Email     string    `json:"email"`
	FirstName string    `json:"firstName"`
	LastName  string    `json:"lastName"`
	Role      string    `json:"role"`
	Active    bool      `json:"active"`
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// RoleAdministrator is the one portal role the Go code names: the role
// `heloc admin create` gives the first portal user unless told otherwise.
// Which roles exist, and what each may do, is the access policy's to say
// (rules/heloc/access/tables/data.yaml, data.heloc.access.roles); the web
// package's tests check that the policy defines this one.
const RoleAdministrator = "administrator"
