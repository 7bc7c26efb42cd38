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
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/mail"
)

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

// catalogEntrypoint is the condition catalogue (policy contract).
const catalogEntrypoint = "heloc.conditions.catalog"

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
}

// New makes the service. product is the product's name, which the e-mails
// sign with; now is the clock (time.Now when nil).
func New(store Store, policy Policy, mailer mail.Sender, product string, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: store, policy: policy, mailer: mailer, product: product, now: now}
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

// CatalogEntry is one condition of the catalogue, as the portal offers it.
type CatalogEntry struct {
	Code         string  `json:"code"`
	Kind         string  `json:"kind"`
	Label        string  `json:"label"`
	DocumentType *string `json:"documentType"`
	Count        int     `json:"count"`
}

// Answer is what the borrower gave for a condition: words, addresses or
// employments, as its kind asks (#ConditionAnswer).
type Answer struct {
	Text       *string           `json:"text,omitempty"`
	Address    *AddressAnswer    `json:"address,omitempty"`
	Employment *EmploymentAnswer `json:"employment,omitempty"`
}

// AddressAnswer is an address condition's answer (#ConditionAddressAnswer).
type AddressAnswer struct {
	Addresses []AddressEntry `json:"addresses"`
}

// AddressEntry is one address, with a name (an association's) and the
// dates the borrower lived there where the condition asks them.
type AddressEntry struct {
	Name    *string        `json:"name"`
	Address domain.Address `json:"address"`
	From    *string        `json:"from"`
	To      *string        `json:"to"`
}

// EmploymentAnswer is an employment condition's answer
// (#ConditionEmploymentAnswer).
type EmploymentAnswer struct {
	Employments []EmploymentEntry `json:"employments"`
}

// EmploymentEntry is one job: endDate null while current.
type EmploymentEntry struct {
	EmployerName string  `json:"employerName"`
	Position     *string `json:"position"`
	StartDate    string  `json:"startDate"`
	EndDate      *string `json:"endDate"`
	SelfEmployed bool    `json:"selfEmployed"`
}

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
	LoanID        string         `json:"loanId"`
	CanManage     bool           `json:"canManage"`
	HasCoborrower bool           `json:"hasCoborrower"`
	Conditions    []Condition    `json:"conditions"`
	Catalog       []CatalogEntry `json:"catalog"`
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
	HasCoborrower bool                `json:"hasCoborrower"`
	Conditions    []BorrowerCondition `json:"conditions"`
}

// AddInput is portal.addCondition's input (#AddConditionInput).
type AddInput struct {
	LoanID string `json:"loanId"`
	Code   string `json:"code"`
	Party  string `json:"party"`
	Note   string `json:"note"`
}

// ResolveInput is portal.clearCondition's input (#ClearConditionInput).
type ResolveInput struct {
	LoanID      string `json:"loanId"`
	ConditionID string `json:"conditionId"`
	Outcome     string `json:"outcome"`
	Note        string `json:"note"`
}

// AnswerInput is conditions.answer's input (#AnswerConditionInput): the
// condition and the one answer its kind takes.
type AnswerInput struct {
	ConditionID string            `json:"conditionId"`
	Text        *string           `json:"text"`
	Address     *AddressAnswer    `json:"address"`
	Employment  *EmploymentAnswer `json:"employment"`
}

// Catalog is the condition catalogue by code.
func (s *Service) Catalog(ctx context.Context) ([]CatalogEntry, error) {
	return s.catalog(ctx, "")
}

// catalog is Catalog, recorded for the loan when loanID is set (a
// condition is being set on it from the catalogue).
func (s *Service) catalog(ctx context.Context, loanID string) ([]CatalogEntry, error) {
	var out any
	var err error
	if loanID != "" && s.recorder != nil {
		out, err = s.recorder.Record(ctx, catalogEntrypoint, loanID, nil)
	} else {
		out, err = s.policy.Decide(ctx, catalogEntrypoint, nil)
	}
	if err != nil {
		return nil, err
	}
	raw, err := json.Marshal(out)
	if err != nil {
		return nil, err
	}
	var byCode map[string]struct {
		Kind         string `json:"kind"`
		Label        string `json:"label"`
		DocumentType string `json:"documentType"`
		Count        int    `json:"count"`
	}
	if err := json.Unmarshal(raw, &byCode); err != nil {
		return nil, fmt.Errorf("conditions: the catalogue: %w", err)
	}
	list := make([]CatalogEntry, 0, len(byCode))
	for code, row := range byCode {
		e := CatalogEntry{Code: code, Kind: row.Kind, Label: row.Label}
		if row.Kind == domain.ConditionDocument {
			t := row.DocumentType
			e.DocumentType, e.Count = &t, max(row.Count, 1)
		}
		list = append(list, e)
	}
	sort.Slice(list, func(i, j int) bool { return list[i].Code < list[j].Code })
	return list, nil
}

// ForLoan is the loan's conditions with the catalogue, for a portal user the
// caller has let read the loan; canManage is what the caller found the user
// may do.
func (s *Service) ForLoan(ctx context.Context, loanID string, canManage bool) (*LoanConditions, error) {
	loan, err := s.store.FindLoan(ctx, loanID)
	if err != nil {
		return nil, err
	}
	conds, err := s.store.ListConditions(ctx, loan.ID)
	if err != nil {
		return nil, err
	}
	docs, err := s.store.ListDocuments(ctx, loan.ID)
	if err != nil {
		return nil, err
	}
	catalog, err := s.Catalog(ctx)
	if err != nil {
		return nil, err
	}
	out := &LoanConditions{LoanID: loan.ID, CanManage: canManage, HasCoborrower: hasCoborrower(loan), Conditions: make([]Condition, 0, len(conds)), Catalog: catalog}
	for _, c := range conds {
		v, err := portalView(c, docs)
		if err != nil {
			return nil, err
		}
		out.Conditions = append(out.Conditions, *v)
	}
	return out, nil
}

// Add sets a condition of the catalogue on the loan on behalf of by. An
// e-mail condition's message goes to the person it asks at once; when the
// loan's people were sent mailsPerLoanPerHour condition e-mails within the
// hour, an e-mail condition is not set (ETOOMANY, with when to try again).
// Field errors name code or party.
func (s *Service) Add(ctx context.Context, by *domain.StaffUser, in AddInput) (*Condition, error) {
	loan, err := s.store.FindLoan(ctx, in.LoanID)
	if err != nil {
		return nil, err
	}
	catalog, err := s.catalog(ctx, loan.ID)
	if err != nil {
		return nil, err
	}
	i := sort.Search(len(catalog), func(i int) bool { return catalog[i].Code >= in.Code })
	if i == len(catalog) || catalog[i].Code != in.Code {
		return nil, fieldError("code", "Choose a condition from the list.")
	}
	entry := catalog[i]
	party := in.Party
	if party == "" {
		party = "borrower"
	}
	if party == "coborrower" && !hasCoborrower(loan) {
		return nil, fieldError("party", "This application has no coborrower.")
	}
	c := &domain.Condition{LoanID: loan.ID, Code: entry.Code, Kind: entry.Kind, Label: entry.Label, Party: party,
		Note: strings.TrimSpace(in.Note), AddedBy: domain.StaffRef{ID: by.ID}}
	if entry.DocumentType != nil {
		c.DocumentType, c.DocumentCount = *entry.DocumentType, entry.Count
	}
	if entry.Kind != domain.ConditionEmail {
		if err := s.store.AddCondition(ctx, c); err != nil {
			return nil, err
		}
		stored, err := s.find(ctx, loan.ID, c.ID)
		if err != nil {
			return nil, err
		}
		return portalView(stored, nil)
	}
	// The address is checked before anything is stored: a condition whose
	// e-mail cannot go is not set.
	to, err := s.recipient(ctx, loan, party)
	if err != nil {
		return nil, err
	}
	// The condition is stored with its first e-mail claimed, or not at
	// all. Beyond the loan's hourly limit the add is refused (ETOOMANY,
	// with when to try again) rather than storing the condition with its
	// e-mail held back: an e-mail condition asks the borrower only through
	// its e-mail, and one stored unsent would read "Waiting for the
	// borrower" on the loan page and on the borrower's list while the
	// borrower was never asked, until someone thought to send it. The add
	// form shows the refusal and keeps what the user chose and wrote.
	claim, err := s.store.AddEmailCondition(ctx, c, mailLimits)
	if err != nil {
		return nil, err
	}
	if !claim.Claimed {
		return nil, tooManyMails(claim.RetryAfter, "Add this condition again")
	}
	stored, err := s.deliver(ctx, to, claim)
	if err != nil {
		return nil, err
	}
	return portalView(stored, nil)
}

// Resolve clears or waives the loan's condition on behalf of by; a
// condition cleared or waived already is a conflict.
func (s *Service) Resolve(ctx context.Context, by *domain.StaffUser, in ResolveInput) (*Condition, error) {
	status := map[string]string{"cleared": domain.ConditionCleared, "waived": domain.ConditionWaived}[in.Outcome]
	if status == "" {
		return nil, fieldError("outcome", "Choose whether the condition is cleared or waived.")
	}
	c, err := s.store.ResolveCondition(ctx, in.LoanID, in.ConditionID, status, by.ID, strings.TrimSpace(in.Note), func(c *domain.Condition) error {
		if c.Status != domain.ConditionOpen {
			return domain.Errorf(domain.ECONFLICT, "This condition was %s already.", c.Status)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	docs, err := s.store.ListDocuments(ctx, in.LoanID)
	if err != nil {
		return nil, err
	}
	return portalView(c, docs)
}

// ResendInput is portal.resendCondition's input (#ConditionRefInput): one
// of the loan's conditions.
type ResendInput struct {
	LoanID      string `json:"loanId"`
	ConditionID string `json:"conditionId"`
}

// resendAfter is how long after an e-mail a condition's message may be
// sent again: a double click sends one.
const resendAfter = time.Minute

// mailsPerLoanPerHour is how many condition e-mails (the first of each
// e-mail condition and every resend, to the borrower and the coborrower
// alike) a loan's people may be sent within an hour. The catalogue's four
// e-mail conditions for both people, with a reminder or two, fit; twenty
// conditions added in a second do not all go.
const mailsPerLoanPerHour = 10

// mailLimits are the limits the store checks when it claims an e-mail, so
// that they hold across servers.
var mailLimits = domain.ConditionMailLimits{Every: resendAfter, PerLoan: mailsPerLoanPerHour, Window: time.Hour}

// Resend e-mails an open e-mail condition's message again (a reminder, or
// a first message that did not go) and records when it went. Any other
// condition, one cleared or waived, or one e-mailed within the last minute
// is a conflict; a loan sent mailsPerLoanPerHour condition e-mails within
// the hour is answered ETOOMANY with when to try again, and nothing goes.
func (s *Service) Resend(ctx context.Context, in ResendInput) (*Condition, error) {
	loan, err := s.store.FindLoan(ctx, in.LoanID)
	if err != nil {
		return nil, err
	}
	c, err := s.find(ctx, loan.ID, in.ConditionID)
	if err != nil {
		return nil, err
	}
	// Checked before the address is looked up, which only an e-mail
	// condition has; the claim checks again.
	if err := notResendable(c); err != nil {
		return nil, err
	}
	to, err := s.recipient(ctx, loan, c.Party)
	if err != nil {
		return nil, err
	}
	// The store claims the send in one conditional write: of ten clicks at
	// once, one owns the e-mail and the others are told it went.
	claim, err := s.store.ClaimConditionMail(ctx, loan.ID, c.ID, mailLimits)
	if err != nil {
		return nil, err
	}
	if !claim.Claimed {
		if claim.RetryAfter > 0 {
			return nil, tooManyMails(claim.RetryAfter, "Try again")
		}
		if err := notResendable(claim.Condition); err != nil {
			return nil, err
		}
		return nil, domain.Errorf(domain.ECONFLICT, "This request was e-mailed less than a minute ago. Try again in a minute.")
	}
	sent, err := s.deliver(ctx, to, claim)
	if err != nil {
		return nil, err
	}
	return portalView(sent, nil)
}

// notResendable is why c has no e-mail to send again (another kind, or
// resolved), or nil.
func notResendable(c *domain.Condition) error {
	switch {
	case c.Kind != domain.ConditionEmail:
		return domain.Errorf(domain.ECONFLICT, "Only a request answered by e-mail can be sent again.")
	case c.Status != domain.ConditionOpen:
		return domain.Errorf(domain.ECONFLICT, "This condition was %s already.", c.Status)
	}
	return nil
}

// tooManyMails refuses an e-mail beyond the loan's hourly limit, saying
// how to go on (what) and when.
func tooManyMails(retryAfter time.Duration, what string) error {
	minutes := max(1, int((retryAfter+time.Minute-1)/time.Minute))
	wait := fmt.Sprintf("%d minutes", minutes)
	if minutes == 1 {
		wait = "a minute"
	}
	return &domain.Error{Code: domain.ETOOMANY, RetryAfter: retryAfter,
		Message: fmt.Sprintf("This loan's borrowers were sent %d e-mails about conditions in the last hour, the most we send. %s in %s.", mailsPerLoanPerHour, what, wait)}
}

// Mine is the applicant's conditions: their loan's only.
func (s *Service) Mine(ctx context.Context, applicant *domain.Applicant) (*BorrowerConditions, error) {
	loan, err := s.loanOf(ctx, applicant)
	if err != nil {
		return nil, err
	}
	conds, err := s.store.ListConditions(ctx, loan.ID)
	if err != nil {
		return nil, err
	}
	out := &BorrowerConditions{HasCoborrower: hasCoborrower(loan), Conditions: make([]BorrowerCondition, 0, len(conds))}
	for _, c := range conds {
		v, err := borrowerView(c)
		if err != nil {
			return nil, err
		}
		out.Conditions = append(out.Conditions, *v)
	}
	return out, nil
}

// Answer stores the applicant's answer to one of their open text, address
// or employment conditions, replacing an earlier one; it is taken after
// submission too. A condition of another loan is not found. Field errors
// name text, address, employment or their fields.
func (s *Service) Answer(ctx context.Context, applicant *domain.Applicant, in AnswerInput) (*BorrowerConditions, error) {
	loan, err := s.loanOf(ctx, applicant)
	if err != nil {
		return nil, err
	}
	c, err := s.find(ctx, loan.ID, in.ConditionID)
	if err != nil {
		return nil, err
	}
	answer, err := s.checkAnswer(c.Kind, in)
	if err != nil {
		return nil, err
	}
	raw, err := json.Marshal(answer)
	if err != nil {
		return nil, err
	}
	_, err = s.store.AnswerCondition(ctx, loan.ID, c.ID, raw, func(c *domain.Condition) error {
		if c.Status != domain.ConditionOpen {
			return domain.Errorf(domain.ECONFLICT, "Your loan team has closed this request already.")
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s.Mine(ctx, applicant)
}

// checkAnswer is the answer in as the condition's kind takes it: exactly
// its one field, with dates in order and none in the future.
func (s *Service) checkAnswer(kind string, in AnswerInput) (*Answer, error) {
	today := s.now().UTC().Format(time.DateOnly)
	given := map[string]bool{"text": in.Text != nil, "address": in.Address != nil, "employment": in.Employment != nil}
	switch kind {
	case domain.ConditionDocument:
		return nil, fieldError("conditionId", "Upload this document on your document upload page.")
	case domain.ConditionEmail:
		return nil, fieldError("conditionId", "This request is answered by e-mail: follow the e-mail we sent you.")
	}
	for field, ok := range given {
		if ok && field != kind {
			return nil, fieldError(field, "This request asks for something else.")
		}
	}
	switch kind {
	case domain.ConditionText:
		if in.Text == nil || strings.TrimSpace(*in.Text) == "" {
			return nil, fieldError("text", "Write your answer.")
		}
		text := strings.TrimSpace(*in.Text)
		return &Answer{Text: &text}, nil
	case domain.ConditionAddress:
		if in.Address == nil || len(in.Address.Addresses) == 0 {
			return nil, fieldError("address.addresses", "Add an address.")
		}
		for i, a := range in.Address.Addresses {
			at := fmt.Sprintf("address.addresses.%d", i)
			if a.From != nil && *a.From > today {
				return nil, fieldError(at+".from", "Enter a date that is not in the future.")
			}
			if a.From != nil && a.To != nil && *a.To < *a.From {
				return nil, fieldError(at+".to", "Enter a date after the date you moved in.")
			}
		}
		return &Answer{Address: in.Address}, nil
	case domain.ConditionEmployment:
		if in.Employment == nil || len(in.Employment.Employments) == 0 {
			return nil, fieldError("employment.employments", "Add an employer.")
		}
		for i, e := range in.Employment.Employments {
			at := fmt.Sprintf("employment.employments.%d", i)
			if e.StartDate > today {
				return nil, fieldError(at+".startDate", "Enter a start date that is not in the future.")
			}
			if e.EndDate != nil && *e.EndDate < e.StartDate {
				return nil, fieldError(at+".endDate", "Enter an end date after the start date.")
			}
		}
		return &Answer{Employment: in.Employment}, nil
	}
	return nil, fmt.Errorf("conditions: no answer for a condition of kind %q", kind)
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

// recipient is the e-mail of the person a condition asks: the applicant's
// for the borrower, the application's (or the prequalification's) for the
// coborrower.
func (s *Service) recipient(ctx context.Context, loan *domain.Loan, party string) (string, error) {
	if party == "borrower" {
		a, err := s.store.FindApplicantByID(ctx, loan.ApplicantID)
		if err != nil {
			return "", err
		}
		return a.Email, nil
	}
	rec, err := s.store.FindApplication(ctx, loan.ID)
	if err != nil && domain.ErrorCode(err) != domain.ENOTFOUND {
		return "", err
	}
	if rec != nil && rec.Application.Coborrower != nil && rec.Application.Coborrower.Email != nil && *rec.Application.Coborrower.Email != "" {
		return *rec.Application.Coborrower.Email, nil
	}
	if co := loan.Answers.Coborrower; co != nil && co.Email != "" {
		return co.Email, nil
	}
	return "", fieldError("party", "The application has no e-mail address for the coborrower.")
}

// deliver hands the message of the claimed e-mail condition to the mailer
// at to, and returns the condition as the claim left it. The message names
// the condition and the user's note, and no personal data beyond the
// address it goes to.
//
// When the mailer refuses it, no e-mail went: the claim is given back, so
// the e-mail stops counting against the loan's limit, the condition shows
// the e-mail time it had before (none for a new one), and staff may send it
// again at once instead of waiting out the minute for a message that never
// left. A relay that took the message and still answered with an error
// would then let a retry send it twice; a borrower asked twice is the
// lesser harm than a portal that says they were asked when they were not.
// A server that stops between the claim and the mailer leaves the claim
// standing: the condition shows an e-mail sent, and staff may send it
// again after the minute.
func (s *Service) deliver(ctx context.Context, to string, claim *domain.ConditionMailClaim) (*domain.Condition, error) {
	c := claim.Condition
	var body strings.Builder
	body.WriteString("Hello,\n\nTo finish reviewing your home equity line of credit application, your loan team asks:\n\n")
	fmt.Fprintf(&body, "  %s (condition %s)\n\n", c.Label, c.Code)
	if c.Note != "" {
		fmt.Fprintf(&body, "Your loan team adds: %s\n\n", c.Note)
	}
	body.WriteString("Reply to this e-mail to answer. Your loan team will mark the request done once they have what they need.\n\n")
	fmt.Fprintf(&body, "%s\n", s.product)
	msg := mail.Message{To: to, Subject: s.product + ": your loan team needs something from you", Text: body.String()}
	if err := s.mailer.Send(ctx, msg); err != nil {
		// The request may have been cancelled (the user left); the claim
		// is given back all the same.
		release := s.store.ReleaseConditionMail(context.WithoutCancel(ctx), claim)
		return nil, errors.Join(fmt.Errorf("conditions: the e-mail of condition %s: %w", c.ID, err), release)
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

func fieldError(path, message string) error {
	return &domain.Error{Code: domain.EINVALID, Message: message, Fields: []domain.FieldError{{Path: path, Message: message}}}
}
