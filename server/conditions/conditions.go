// Package conditions is the underwriting conditions service (spec §9
// "Underwriting condition codes"): a portal user sets a condition on a loan
// by its code in data.heloc.conditions.catalog, and it becomes what its kind
// says — a document request the borrower's upload page lists and counts (the
// documents policy reads the open ones), a question the borrower answers in
// words, an address or an employment the borrower gives, or an e-mail sent
// through the mailer that waits for the user to clear it. Users clear or
// waive conditions, with who and when kept; the borrower sees their own and
// answers them, after submission too. Who may do what on which loan is the
// caller's to check (server/web asks the access policy); this service keeps
// the rules of conditions themselves.
package conditions

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/letters"
	"github.com/heloc/heloc/server/mail"
)

// This file holds the service, what it needs, and a condition as the portal
// and the borrower are shown it; staff.go is what portal users do (the
// catalogue, adding, clearing and waiving), email.go the e-mail conditions'
// messages and their limits, borrower.go the borrower's answers.

// Store is what the service needs of the database (server/store).
type Store interface {
	FindLoan(ctx context.Context, id string) (*domain.Loan, error)
	FindLoanByApplicant(ctx context.Context, applicantID string) (*domain.Loan, error)
	FindApplicantByID(ctx context.Context, id string) (*domain.Applicant, error)
	FindApplication(ctx context.Context, loanID string) (*domain.StoredApplication, error)
	ListDocuments(ctx context.Context, loanID string) ([]*domain.Document, error)

	AddCondition(ctx context.Context, c *domain.Condition) error
	ListConditions(ctx context.Context, loanID string) ([]*domain.Condition, error)
	AnswerCondition(ctx context.Context, loanID, id string, answer json.RawMessage, check func(c *domain.Condition) error) (*domain.Condition, error)
	FindCondition(ctx context.Context, id string) (*domain.Condition, error)
	AddEmailCondition(ctx context.Context, c *domain.Condition, limits domain.ConditionMailLimits) (*domain.ConditionMailClaim, error)
	ClaimConditionMail(ctx context.Context, loanID, id string, limits domain.ConditionMailLimits) (*domain.ConditionMailClaim, error)
	ReleaseConditionMail(ctx context.Context, claim *domain.ConditionMailClaim) error
	ResolveCondition(ctx context.Context, loanID, id, status, by, note string, check func(c *domain.Condition) error) (*domain.Condition, error)
}

// Policy is what the service needs of the policy engine.
type Policy interface {
	Decide(ctx context.Context, entrypoint string, input any) (any, error)
}

// Recorder decides an entrypoint and stores the decision with its input,
// result and revision for a loan (server/web's decision log, as
// loans.Recorder).
type Recorder interface {
	Record(ctx context.Context, entrypoint, loanID string, input any) (any, error)
}

// Service is the conditions service.
type Service struct {
	store  Store
	policy Policy
	// recorder records the catalogue a condition is set from (WithRecorder);
	// nil: unrecorded.
	recorder Recorder
	mailer   mail.Sender
	product  string
	now      func() time.Time
	// letters e-mails the request of a condition (WithLetters); nil: none.
	letters *letters.Post
	// address checks an address answered, as the application's pages
	// check theirs (WithAddressCheck); nil: unchecked.
	address AddressCheck
	// closedCheck says whether the loan's credit decision closed the
	// application (WithClosedCheck); nil: never closed.
	closedCheck domain.ClosedCheck
}

// AddressCheck refuses an address whose state is not its ZIP code's (or
// whose ZIP code has no state) at its field under at, in the licensing
// policy's words: the application's check (loans.Service.CheckAddress).
type AddressCheck func(ctx context.Context, a *domain.Address, at string) error

// New makes the service. product is the product's name, which the e-mails
// sign with; now is the clock (time.Now when nil).
func New(store Store, policy Policy, mailer mail.Sender, product string, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: store, policy: policy, mailer: mailer, product: product, now: now}
}

// WithAddressCheck sets the check of each address a borrower answers an
// address condition with.
func (s *Service) WithAddressCheck(check AddressCheck) *Service {
	s.address = check
	return s
}

// WithClosedCheck sets how a closed application is known.
func (s *Service) WithClosedCheck(check domain.ClosedCheck) *Service {
	s.closedCheck = check
	return s
}

// WithRecorder sets where the catalogue a condition is set from is recorded.
func (s *Service) WithRecorder(r Recorder) *Service {
	s.recorder = r
	return s
}

// Shown statuses. A stored open condition is shown as answered once the
// borrower has answered it (or uploaded its documents), and an e-mail
// condition as sent: both wait for a portal user.
const (
	StatusOpen     = "open"
	StatusAnswered = "answered"
	StatusSent     = "sent"
	StatusCleared  = domain.ConditionCleared
	StatusWaived   = domain.ConditionWaived
)

// Condition is a condition as the portal shows it (#PortalCondition).
type Condition struct {
	ID             string              `json:"id"`
	Code           string              `json:"code"`
	Kind           string              `json:"kind"`
	Label          string              `json:"label"`
	DocumentType   *string             `json:"documentType"`
	DocumentCount  int                 `json:"documentCount"`
	Party          string              `json:"party"`
	Note           string              `json:"note"`
	Status         string              `json:"status"`
	AddedBy        domain.StaffRef     `json:"addedBy"`
	AddedAt        time.Time           `json:"addedAt"`
	Answer         *Answer             `json:"answer"`
	AnsweredAt     *time.Time          `json:"answeredAt"`
	MailSentAt     *time.Time          `json:"mailSentAt"`
	ResolvedBy     *domain.StaffRef    `json:"resolvedBy"`
	ResolvedAt     *time.Time          `json:"resolvedAt"`
	ResolutionNote string              `json:"resolutionNote"`
	Documents      []ConditionDocument `json:"documents"`
}

// ConditionDocument is a document uploaded for a condition.
type ConditionDocument struct {
	ID          string    `json:"id"`
	FileName    string    `json:"fileName"`
	ContentType string    `json:"contentType"`
	Size        int64     `json:"size"`
	UploadedAt  time.Time `json:"uploadedAt"`
}

// LoanConditions is what portal.conditions answers (#PortalConditionsView):
// the loan's conditions, the catalogue to add from, whether the loan has a
// coborrower to ask, and whether the user may change them (the caller says).
type LoanConditions struct {
	LoanID        string `json:"loanId"`
	CanManage     bool   `json:"canManage"`
	HasCoborrower bool   `json:"hasCoborrower"`
	// Closed says the loan's credit decision closed the application (the
	// underwriting table's closes: a decline, a withdrawal): no condition
	// is added to it.
	Closed     bool           `json:"closed"`
	Conditions []Condition    `json:"conditions"`
	Catalog    []CatalogEntry `json:"catalog"`
}

// BorrowerCondition is a condition as its borrower sees it
// (#BorrowerCondition): no user's names, no resolution note.
type BorrowerCondition struct {
	ID            string     `json:"id"`
	Code          string     `json:"code"`
	Kind          string     `json:"kind"`
	Label         string     `json:"label"`
	DocumentType  *string    `json:"documentType"`
	DocumentCount int        `json:"documentCount"`
	Party         string     `json:"party"`
	Note          string     `json:"note"`
	Status        string     `json:"status"`
	AddedAt       time.Time  `json:"addedAt"`
	Answer        *Answer    `json:"answer"`
	AnsweredAt    *time.Time `json:"answeredAt"`
	Uploads       int        `json:"uploads"`
}

// BorrowerConditions is what conditions.list and conditions.answer answer
// (#BorrowerConditionsView).
type BorrowerConditions struct {
	HasCoborrower bool `json:"hasCoborrower"`
	// Closed says a credit decision closed the application: the
	// conditions are listed, and no answer is taken.
	Closed     bool                `json:"closed"`
	Conditions []BorrowerCondition `json:"conditions"`
}

// find is the loan's condition id; another loan's is not found.
func (s *Service) find(ctx context.Context, loanID, id string) (*domain.Condition, error) {
	c, err := s.store.FindCondition(ctx, id)
	if err != nil {
		return nil, err
	}
	if c.LoanID != loanID {
		return nil, domain.Errorf(domain.ENOTFOUND, "Condition not found.")
	}
	return c, nil
}

// shownStatus is where a condition stands as the pages say it.
func shownStatus(c *domain.Condition) string {
	if c.Status != domain.ConditionOpen {
		return c.Status
	}
	switch {
	case c.Kind == domain.ConditionEmail && c.MailSentAt != nil:
		return StatusSent
	case c.Kind == domain.ConditionDocument && c.Uploads >= max(c.DocumentCount, 1):
		return StatusAnswered
	case c.Kind != domain.ConditionDocument && c.AnsweredAt != nil:
		return StatusAnswered
	}
	return StatusOpen
}

func decodeAnswer(c *domain.Condition) (*Answer, error) {
	if len(c.Answer) == 0 {
		return nil, nil
	}
	var a Answer
	if err := json.Unmarshal(c.Answer, &a); err != nil {
		return nil, fmt.Errorf("conditions: the answer of %s: %w", c.ID, err)
	}
	return &a, nil
}

func documentType(c *domain.Condition) *string {
	if c.DocumentType == "" {
		return nil
	}
	t := c.DocumentType
	return &t
}

// portalView is c as the portal shows it, with the documents of docs
// uploaded for it.
func portalView(c *domain.Condition, docs []*domain.Document) (*Condition, error) {
	answer, err := decodeAnswer(c)
	if err != nil {
		return nil, err
	}
	v := &Condition{ID: c.ID, Code: c.Code, Kind: c.Kind, Label: c.Label, DocumentType: documentType(c), DocumentCount: c.DocumentCount,
		Party: c.Party, Note: c.Note, Status: shownStatus(c), AddedBy: c.AddedBy, AddedAt: c.AddedAt, Answer: answer, AnsweredAt: c.AnsweredAt,
		MailSentAt: c.MailSentAt, ResolvedBy: c.ResolvedBy, ResolvedAt: c.ResolvedAt, ResolutionNote: c.ResolutionNote, Documents: []ConditionDocument{}}
	for _, d := range docs {
		if d.ConditionID == c.ID {
			v.Documents = append(v.Documents, ConditionDocument{ID: d.ID, FileName: d.FileName, ContentType: d.ContentType, Size: d.Size, UploadedAt: d.UploadedAt})
		}
	}
	return v, nil
}

func borrowerView(c *domain.Condition) (*BorrowerCondition, error) {
	answer, err := decodeAnswer(c)
	if err != nil {
		return nil, err
	}
	return &BorrowerCondition{ID: c.ID, Code: c.Code, Kind: c.Kind, Label: c.Label, DocumentType: documentType(c), DocumentCount: c.DocumentCount,
		Party: c.Party, Note: c.Note, Status: shownStatus(c), AddedAt: c.AddedAt, Answer: answer, AnsweredAt: c.AnsweredAt, Uploads: c.Uploads}, nil
}

func (s *Service) loanOf(ctx context.Context, applicant *domain.Applicant) (*domain.Loan, error) {
	if applicant == nil {
		return nil, domain.Errorf(domain.EUNAUTHORIZED, "Sign in to continue.")
	}
	loan, err := s.store.FindLoanByApplicant(ctx, applicant.ID)
	if domain.ErrorCode(err) == domain.ENOTFOUND {
		return nil, domain.Errorf(domain.EUNAUTHORIZED, "Start your application to continue.")
	}
	return loan, err
}

func hasCoborrower(l *domain.Loan) bool {
	return l.Answers.HasCoborrower != nil && *l.Answers.HasCoborrower
}
