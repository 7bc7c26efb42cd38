package domain

import (
	"reflect"
	"strings"
	"time"
)

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
// (schemas/prequal.cue #PrequalAnswers). Every field is optional: a page
// saves its own, and a key not given keeps what is stored. They hold income
// figures, so the store keeps them sealed; SSN and date of birth are never
// among them (they travel only with a credit check).
type PrequalAnswers struct {
	PropertyValue     *int64           `json:"propertyValue,omitempty"`
	ValuationAccepted *bool            `json:"valuationAccepted,omitempty"`
	HasMortgage       *bool            `json:"hasMortgage,omitempty"`
	MortgageEstimate  *int64           `json:"mortgageEstimate,omitempty"`
	FBM               *FBMAnswers      `json:"fbm,omitempty"`
	IsSelfEmployed    *bool            `json:"isSelfEmployed,omitempty"`
	CreditRange       *string          `json:"creditRange,omitempty"`
	Zip               *string          `json:"zip,omitempty"`
	PropertyState     *string          `json:"propertyState,omitempty"`
	PropertyUsage     *string          `json:"propertyUsage,omitempty"`
	HasCoborrower     *bool            `json:"hasCoborrower,omitempty"`
	Coborrower        *CoborrowerInfo  `json:"coborrower,omitempty"`
	AnnualIncome      *int64           `json:"annualIncome,omitempty"`
	MonthlyDebts      *int64           `json:"monthlyDebts,omitempty"`
	DesiredAmount     *int64           `json:"desiredAmount,omitempty"`
	LoanReason        *string          `json:"loanReason,omitempty"`
	Address           *Address         `json:"address,omitempty"`
	ListedForSale     *bool            `json:"listedForSale,omitempty"`
	SubjectToMortgage *bool            `json:"subjectToMortgage,omitempty"`
	Mortgages         []MortgageAnswer `json:"mortgages,omitempty"`
	DebtsToPayOff     []string         `json:"debtsToPayOff,omitempty"`
}

// FBMAnswers are the has-fbm page's three questions (the last 4 years).
type FBMAnswers struct {
	Foreclosure  bool `json:"foreclosure"`
	Bankruptcy   bool `json:"bankruptcy"`
	Modification bool `json:"modification"`
}

// Any reports whether any of the three was answered yes.
func (f *FBMAnswers) Any() bool {
	return f != nil && (f.Foreclosure || f.Bankruptcy || f.Modification)
}

// CoborrowerInfo is who applies with the borrower (the coborrower page).
type CoborrowerInfo struct {
	FirstName    string `json:"firstName"`
	LastName     string `json:"lastName"`
	Email        string `json:"email"`
	Relationship string `json:"relationship"`
}

// Address is a US postal address (schemas #Address).
type Address struct {
	Line1  string  `json:"line1"`
	Line2  *string `json:"line2"`
	City   string  `json:"city"`
	State  string  `json:"state"`
	Zip    string  `json:"zip"`
	County *string `json:"county"`
}

// MortgageAnswer is the homeowner's word on a mortgage: one of the credit
// report's (by its id), confirmed as a lien on this home or not, with the
// balance corrected; or one the report missed (AddedByUser).
type MortgageAnswer struct {
	ID          string `json:"id"`
	Confirmed   bool   `json:"confirmed"`
	Balance     int64  `json:"balance"`
	Creditor    string `json:"creditor"`
	AddedByUser bool   `json:"addedByUser"`
}

// Merge returns a with every answer that b gives replacing a's.
func (a PrequalAnswers) Merge(b PrequalAnswers) PrequalAnswers {
	out := a
	ov, bv := reflect.ValueOf(&out).Elem(), reflect.ValueOf(b)
	for i := range bv.NumField() {
		if f := bv.Field(i); !f.IsZero() {
			ov.Field(i).Set(f)
		}
	}
	return out
}

// Flags are the yes/no answers, by their JSON names: what the page table's
// `when` reads (funnel.pages). Nothing else of the answers goes into that
// decision, whose input is stored in plain text.
func (a PrequalAnswers) Flags() map[string]bool {
	out := map[string]bool{}
	v := reflect.ValueOf(&a).Elem()
	for _, f := range flagFields {
		if p := v.Field(f.index).Interface().(*bool); p != nil {
			out[f.name] = *p
		}
	}
	return out
}

// flagFields are PrequalAnswers' *bool fields with their JSON names, found
// once: the type does not change while the program runs.
var flagFields = func() []flagField {
	var out []flagField
	t := reflect.TypeFor[PrequalAnswers]()
	for i := range t.NumField() {
		if t.Field(i).Type == reflect.TypeFor[*bool]() {
			out = append(out, flagField{index: i, name: strings.Split(t.Field(i).Tag.Get("json"), ",")[0]})
		}
	}
	return out
}()

type flagField struct {
	index int
	name  string
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
	ID        string `json:"id"`
	Email     string `json:"email"`
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
	Role      string `json:"role"`
	Active    bool   `json:"active"`
	// LoanOfficerTag, when not empty, makes every loan carrying the same
	// tag one of the user's loans (a partner's referrals).
	LoanOfficerTag string `json:"loanOfficerTag"`
	// Enrolment says whether the user can sign in: EnrolmentComplete, or
	// waiting for them to accept their invitation or to enrol a new
	// authenticator after a reset.
	Enrolment string    `json:"enrolment"`
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// RoleAdministrator is the one portal role the Go code names: the role
// `heloc admin create` gives the first portal user unless told otherwise.
// Which roles exist, and what each may do, is the access policy's to say
// (rules/heloc/access/tables/data.yaml, data.heloc.access.roles); the web
// package's tests check that the policy defines this one.
const RoleAdministrator = "administrator"
