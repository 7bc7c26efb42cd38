// Package portal is what staff and partners read and change of the loans in
// the portal: the pipeline, a loan's summary and team, the borrower's data
// with its sensitive fields masked, and the loan's documents.
//
// Who may call what is decided before the service is called (the web
// layer's authorizeLoan, asking heloc.access.decision); the service owns
// the rules about the loans themselves: how the pipeline pages, who may
// hold a place on a loan team, what is masked and how.
package portal

import (
	"cmp"
	"context"
	"encoding/base64"
	"encoding/json"
	"slices"
	"strings"
	"time"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/letters"
	"github.com/heloc/heloc/server/loans"
	"github.com/heloc/heloc/server/store"
)

// Store is what the portal needs of the database (server/store).
type Store interface {
	ListPipeline(ctx context.Context, q domain.PipelineQuery) (*domain.PipelinePage, error)
	FindPipelineRow(ctx context.Context, loanID string) (*domain.PipelineRow, error)
	FindLoanTeam(ctx context.Context, loanID string) (*domain.LoanTeam, error)
	UpdateLoanTeam(ctx context.Context, loanID string, patch domain.LoanTeamPatch) (*domain.LoanTeam, error)
	ListStaffUsers(ctx context.Context) ([]*domain.StaffUser, error)
	FindLoan(ctx context.Context, id string) (*domain.Loan, error)
	FindApplicantByID(ctx context.Context, id string) (*domain.Applicant, error)
	AddLoanNote(ctx context.Context, n *domain.LoanNote) error
	ListLoanNotes(ctx context.Context, loanID string) ([]*domain.LoanNote, error)
	LatestDecision(ctx context.Context, loanID, entrypoint string) (*domain.Decision, error)
	FindDecision(ctx context.Context, id string) (*domain.Decision, error)
	RecordCreditDecision(ctx context.Context, r store.CreditDecisionRecord) error
	LatestCreditDecision(ctx context.Context, loanID string) (*domain.CreditDecision, error)
	LatestCreditAction(ctx context.Context, loanID string) (string, error)
	LatestCreditReport(ctx context.Context, loanID, party string) (*domain.CreditReport, error)
}

// Loans is what the portal needs of the loan service (server/loans): the
// application and documents as the borrower's pages have them.
type Loans interface {
	FunnelOrder(ctx context.Context) (map[string]float64, error)
	StaffApplication(ctx context.Context, applicant *domain.Applicant, loan *domain.Loan) (*domain.Application, bool, error)
	EmploymentHistory(ctx context.Context, applicant *domain.Applicant, party string, typed *[]loans.EmploymentDates) (*domain.EmploymentHistory, error)
	StaffDocuments(ctx context.Context, applicant *domain.Applicant, loan *domain.Loan) (*loans.DocumentsView, error)
	StaffDocument(ctx context.Context, id string) (*domain.Document, error)
	StaffDownload(ctx context.Context, id string) (*loans.Download, error)
	ReviewDocument(ctx context.Context, loanID string, in loans.ReviewInput, by string) (*domain.Document, error)
}

// Policy evaluates a policy entrypoint (server/policy); DecideAt also
// names the revision that decided, for a decision the portal stores.
type Policy interface {
	Decide(ctx context.Context, entrypoint string, input any) (any, error)
	DecideAt(ctx context.Context, entrypoint string, input any) (any, string, error)
}

// Service is the portal's loan service.
type Service struct {
	store  Store
	loans  Loans
	policy Policy
	now    func() time.Time
	// letters e-mails the people on a loan (WithLetters); nil: nobody is.
	letters *letters.Post
}

// New makes the service; now is the clock (time.Now when nil).
func New(store Store, loans Loans, policy Policy, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: store, loans: loans, policy: policy, now: now}
}

// PageSize is the pipeline's page unless the caller asks for another
// (at most MaxPageSize).
const (
	PageSize    = 25
	MaxPageSize = 100
)

// PipelineInput is a request for one page of the pipeline (schemas
// #PipelineInput). Cursor is a page's Next or Prev, given back with the
// same search, filters and sort.
type PipelineInput struct {
	Search        string   `json:"search"`
	Statuses      []string `json:"statuses"`
	State         string   `json:"state"`
	LoanOfficerID string   `json:"loanOfficerId"`
	Sort          string   `json:"sort"`
	Direction     string   `json:"direction"`
	Cursor        string   `json:"cursor"`
	Limit         int      `json:"limit"`
}

// PipelineView is one page of the pipeline (schemas #PipelineView): Next
// and Prev are the cursors of the pages after and before it, null at
// either end.
type PipelineView struct {
	Items []*domain.PipelineRow `json:"items"`
	Next  *string               `json:"next"`
	Prev  *string               `json:"prev"`
	// LoanOfficers are whom the loan-officer filter offers (TeamMembers);
	// empty for a user who sees only their own loans.
	LoanOfficers []domain.StaffRef `json:"loanOfficers"`
	// Statuses are the application statuses the status filter offers: the
	// funnel's steps a loan reaches (data.heloc.funnel.order, order above
	// 0), in funnel order, each with its words.
	Statuses []StatusOption `json:"statuses"`
}

// StatusOption is one application status (a funnel step) and its words
// (schemas #StatusOption).
type StatusOption struct {
	Step  string `json:"step"`
	Label string `json:"label"`
}

// cursor is where a page starts, as Next and Prev carry it (base64 of its
// JSON): the key of the row it follows (or, Before, precedes) and the order
// it was read in, which must be the order asked again.
type cursor struct {
	Sort   string             `json:"o"`
	Desc   bool               `json:"d"`
	Before bool               `json:"b,omitempty"`
	Key    domain.PipelineKey `json:"k"`
}

func (c cursor) encode() *string {
	b, _ := json.Marshal(c)
	s := base64.RawURLEncoding.EncodeToString(b)
	return &s
}

func decodeCursor(s string) (*cursor, error) {
	b, err := base64.RawURLEncoding.DecodeString(s)
	var c cursor
	if err == nil {
		err = json.Unmarshal(b, &c)
	}
	if err != nil || c.Key.ID == "" {
		return nil, domain.InvalidField("cursor", "This page of the pipeline is no longer valid: start from the first page.")
	}
	return &c, nil
}

// Pipeline is one page of the loans matching in. assignedOnly keeps the
// loans assigned to u (their role's grant reaches only those).
func (s *Service) Pipeline(ctx context.Context, u *domain.StaffUser, assignedOnly bool, in PipelineInput) (*PipelineView, error) {
	q := domain.PipelineQuery{Search: in.Search, Statuses: in.Statuses, State: in.State, LoanOfficerID: in.LoanOfficerID,
		Sort: in.Sort, Descending: in.Direction == "desc", Limit: in.Limit}
	if q.Sort == "" {
		q.Sort, q.Descending = domain.SortActivity, in.Direction != "asc"
	}
	if !slices.Contains(domain.PipelineSorts, q.Sort) {
		return nil, domain.InvalidField("sort", "Sort the pipeline by one of its columns.")
	}
	if q.Limit <= 0 {
		q.Limit = PageSize
	}
	q.Limit = min(q.Limit, MaxPageSize)
	if assignedOnly {
		q.AssignedTo = u
	}
	var from *cursor
	if in.Cursor != "" {
		c, err := decodeCursor(in.Cursor)
		if err != nil {
			return nil, err
		}
		if c.Sort != q.Sort || c.Desc != q.Descending {
			return nil, domain.InvalidField("cursor", "The sort changed: start from the first page.")
		}
		from = c
		if c.Before {
			q.Before = &c.Key
		} else {
			q.After = &c.Key
		}
	}
	page, err := s.store.ListPipeline(ctx, q)
	if err != nil {
		return nil, err
	}
	v := &PipelineView{Items: page.Rows, LoanOfficers: []domain.StaffRef{}}
	if v.Items == nil {
		v.Items = []*domain.PipelineRow{}
	}
	if !assignedOnly {
		if v.LoanOfficers, err = s.TeamMembers(ctx); err != nil {
			return nil, err
		}
	}
	labels, err := s.statusLabels(ctx)
	if err != nil {
		return nil, err
	}
	if v.Statuses, err = s.statuses(ctx, labels); err != nil {
		return nil, err
	}
	if v.Statuses, err = s.withCreditStatuses(ctx, v.Statuses); err != nil {
		return nil, err
	}
	credit, err := s.creditLabels(ctx)
	if err != nil {
		return nil, err
	}
	now := s.now()
	for _, r := range v.Items {
		r.DaysSinceActivity = daysSince(now, r.LastActivityAt)
		r.StatusLabel = status(r, labels, credit)
	}
	if err := s.deadlines(ctx, v.Items); err != nil {
		return nil, err
	}
	if len(v.Items) == 0 {
		return v, nil
	}
	first, last := v.Items[0].Key, v.Items[len(v.Items)-1].Key
	more := page.More
	// A page read forwards has rows before it when it started from a
	// cursor; read backwards, it has rows after it.
	hasNext, hasPrev := more, from != nil
	if from != nil && from.Before {
		hasNext, hasPrev = true, more
	}
	if hasNext {
		v.Next = cursor{Sort: q.Sort, Desc: q.Descending, Key: last}.encode()
	}
	if hasPrev {
		v.Prev = cursor{Sort: q.Sort, Desc: q.Descending, Before: true, Key: first}.encode()
	}
	return v, nil
}

// statuses are the funnel's steps a loan reaches, in funnel order (ties
// by name), each in words (a step the policy has no words for is left out).
func (s *Service) statuses(ctx context.Context, labels stepLabels) ([]StatusOption, error) {
	order, err := s.loans.FunnelOrder(ctx)
	if err != nil {
		return nil, err
	}
	// A step without words (application2: no page is at it, so no loan
	// stands there) is not offered.
	steps := []string{}
	for step, n := range order {
		if _, ok := labels[step]; n > 0 && ok {
			steps = append(steps, step)
		}
	}
	slices.SortFunc(steps, func(a, b string) int {
		if c := cmp.Compare(order[a], order[b]); c != 0 {
			return c
		}
		return strings.Compare(a, b)
	})
	out := make([]StatusOption, len(steps))
	for i, step := range steps {
		out[i] = StatusOption{Step: step, Label: labels.of(step)}
	}
	return out, nil
}

// status is the row's status in words: its credit decision's
// (heloc.underwriting.labels) once decided, else its funnel step's.
func status(r *domain.PipelineRow, steps, credit stepLabels) string {
	if r.CreditStatus != nil {
		return credit.of(*r.CreditStatus)
	}
	return steps.of(r.ApplicationStatus)
}

// withCreditStatuses adds the credit decisions' statuses, in the
// underwriting table's order, after the funnel's steps.
func (s *Service) withCreditStatuses(ctx context.Context, steps []StatusOption) ([]StatusOption, error) {
	var actions []CreditAction
	if err := s.decideInto(ctx, underwritingActions, nil, &actions); err != nil {
		return nil, err
	}
	for _, a := range actions {
		steps = append(steps, StatusOption{Step: a.Code, Label: a.Label})
	}
	return steps, nil
}

// stepLabels are the funnel's steps in words (heloc.funnel.step_labels).
type stepLabels map[string]string

// of is step in words; a step the policy has no words for reads as itself.
func (l stepLabels) of(step string) string {
	if label, ok := l[step]; ok {
		return label
	}
	return step
}

// statusLabels are the funnel policy's words for each status.
func (s *Service) statusLabels(ctx context.Context) (stepLabels, error) {
	out, err := s.policy.Decide(ctx, "heloc.funnel.step_labels", nil)
	if err != nil {
		return nil, err
	}
	var labels stepLabels
	if err := domain.DecodeAnswer(out, &labels); err != nil {
		return nil, err
	}
	return labels, nil
}

// daysSince is the whole days from t to now (0 for a time ahead of now).
func daysSince(now, t time.Time) int {
	return max(0, int(now.Sub(t)/(24*time.Hour)))
}
