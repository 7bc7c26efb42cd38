package domain

import "time"

// LoanTeam is who works a loan in the portal: its loan officer and
// processor (portal user ids, "" for nobody) and the partner tag it carries
// ("" for none). The access policy counts a loan as a user's when the user
// is on its team or carries its tag.
type LoanTeam struct {
	LoanID         string `json:"loanId"`
	LoanOfficerID  string `json:"loanOfficerId"`
	ProcessorID    string `json:"processorId"`
	LoanOfficerTag string `json:"loanOfficerTag"`
}

// AssignedTo reports whether the loan is u's: u is its loan officer or
// processor, or u has a tag and the loan carries the same one.
func (t *LoanTeam) AssignedTo(u *StaffUser) bool {
	if t == nil || u == nil || u.ID == "" {
		return false
	}
	return t.LoanOfficerID == u.ID || t.ProcessorID == u.ID ||
		(u.LoanOfficerTag != "" && u.LoanOfficerTag == t.LoanOfficerTag)
}

// PipelineRow is one loan as the portal's pipeline lists it.
type PipelineRow struct {
	LoanID            string `json:"loanId"`
	BorrowerName      string `json:"borrowerName"`
	BorrowerEmail     string `json:"borrowerEmail"`
	PropertyState     string `json:"propertyState"`
	LineAmount        *int64 `json:"lineAmount"`
	ApplicationStatus string `json:"applicationStatus"`
	// StatusLabel is the status in words, the funnel policy's
	// (heloc.funnel.step_labels); the service fills it.
	StatusLabel    string    `json:"statusLabel"`
	LastActivityAt time.Time `json:"lastActivityAt"`
	// DaysSinceActivity is whole days from LastActivityAt to now (the
	// service fills it from its clock).
	DaysSinceActivity int       `json:"daysSinceActivity"`
	CreatedAt         time.Time `json:"createdAt"`
	LoanOfficer       *StaffRef `json:"loanOfficer"`
	Processor         *StaffRef `json:"processor"`
	LoanOfficerTag    string    `json:"loanOfficerTag"`
	// CreditStatus is the action of the loan's latest credit decision
	// (CreditApprove...), nil before one: once set, the loan's status in
	// the pipeline. NeededBy is a suspension's day the information is
	// needed by.
	CreditStatus *string `json:"creditStatus"`
	NeededBy     *string `json:"neededBy"`
	// DecideBy is the day a submitted, undecided application must be
	// decided by (Reg B's 30 days), set only once the pipeline flags it
	// (heloc.underwriting.deadlines); the service fills it.
	DecideBy *string `json:"decideBy"`
	// SubmittedAt is when the application was submitted, nil before.
	SubmittedAt *time.Time `json:"-"`
	// Key is the row's place in the order it was read in (the next or
	// previous page starts from it).
	Key PipelineKey `json:"-"`
}

// StaffRef names a portal user where a loan shows its team.
type StaffRef struct {
	ID        string `json:"id"`
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
	Email     string `json:"email"`
	Role      string `json:"role"`
}

// The pipeline's sort keys (PipelineQuery.Sort).
const (
	SortActivity = "activity" // last activity (default)
	SortCreated  = "created"
	SortName     = "name" // last name, then first name
	SortAmount   = "amount"
	SortState    = "state"
	SortStatus   = "status"
)

// PipelineSorts is every sort key the pipeline accepts.
var PipelineSorts = []string{SortActivity, SortCreated, SortName, SortAmount, SortState, SortStatus}

// NoLoanOfficer, as PipelineQuery.LoanOfficerID, lists loans without one.
const NoLoanOfficer = "none"

// PipelineQuery is one page of the pipeline: what to match, in which order,
// and where the page starts (keyset paging: after or before a row's key).
type PipelineQuery struct {
	// Search is the start of the borrower's name ("first last" or "last
	// first") or e-mail, in any case; "" matches every loan.
	Search        string
	Statuses      []string
	State         string
	LoanOfficerID string
	Sort          string
	Descending    bool
	// After or Before (at most one) is the key of the row the page follows
	// or precedes in the order asked.
	After, Before *PipelineKey
	Limit         int
	// AssignedTo, when set, keeps only the loans assigned to this user (a
	// grant scoped to assigned loans).
	AssignedTo *StaffUser
}

// PipelineKey is a row's place in one order: its sort value (Int for the
// numeric keys, Str for the others) and its id, which breaks ties.
type PipelineKey struct {
	Int int64  `json:"i,omitempty"`
	Str string `json:"s,omitempty"`
	ID  string `json:"id"`
}

// PipelinePage is the rows of a pipeline query and whether more rows lie
// beyond the last one in the direction the page was read.
type PipelinePage struct {
	Rows []*PipelineRow
	More bool
}

// LoanTeamPatch changes a loan's team; a nil field keeps what is stored and
// "" clears it.
type LoanTeamPatch struct {
	LoanOfficerID  *string
	ProcessorID    *string
	LoanOfficerTag *string
}
