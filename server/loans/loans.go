// Package loans is the loan service: who may read and change a loan's
// application (only its applicant, and nothing after submission), the
// validation of each page's section against its CUE definition, merging a
// section into the stored application, and moving the loan's status forward
// along the funnel. server/web translates the wire and calls it; cmd/heloc
// wires it.
package loans

import (
	"context"
	"encoding/json"
	"sync"
	"sync/atomic"
	"time"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/letters"
	"github.com/heloc/heloc/server/providers"
)

// Store is what the service needs of the database (server/store).
type Store interface {
	FindLoanByApplicant(ctx context.Context, applicantID string) (*domain.Loan, error)
	LatestCreditReport(ctx context.Context, loanID, party string) (*domain.CreditReport, error)
	LatestCreditIdentity(ctx context.Context, loanID, party string) (dateOfBirth, ssn string, err error)
	FindApplication(ctx context.Context, loanID string) (*domain.StoredApplication, error)
	UpdateApplication(ctx context.Context, loanID, draftPath string, update func(l *domain.Loan, app *domain.Application, stored bool) error) (*domain.Loan, *domain.Application, error)
	SaveApplicationDraft(ctx context.Context, loanID, path string, draft json.RawMessage) (*domain.ApplicationDraft, error)
	FindApplicationDraft(ctx context.Context, loanID, path string) (*domain.ApplicationDraft, error)
	LatestDecision(ctx context.Context, loanID, entrypoint string) (*domain.Decision, error)
	// The paid vendors' answers kept per loan (vendors.go).
	FindVendorAnswer(ctx context.Context, loanID, kind, subject string) (json.RawMessage, error)
	SaveVendorAnswer(ctx context.Context, loanID, kind, subject string, answer json.RawMessage) error
}

// Policy is what the service needs of the policy engine.
type Policy interface {
	Decide(ctx context.Context, entrypoint string, input any) (any, error)
	DecideAt(ctx context.Context, entrypoint string, input any) (any, string, error)
	Revision() string
}

// Schemas validates a JSON document against a CUE definition and decodes
// it (server/schema.Set).
type Schemas interface {
	Decode(name string, raw []byte, out any) error
}

// Service is the loan service.
type Service struct {
	// redecide decides eligibility and the offer again on the
	// application's figures before a submission (WithRedecide); nil: not.
	redecide Redecider
	// screenProperty decides the home as page 2 states it before the page
	// is saved (WithPropertyScreen); nil: not (the submission decides).
	screenProperty Redecider
	// recorder decides and stores the decisions the service acts on
	// (WithRecorder); nil: they are decided unrecorded (a test's service).
	recorder Recorder
	store    Store
	policy   Policy
	schemas  Schemas
	variant  string
	now      func() time.Time
	// income is the payroll network (WithIncome); nil: none is connected.
	income providers.Income
	// identity is the identity provider (WithIdentity); nil: none, and an
	// ID cannot be verified.
	identity providers.Identity
	// documents is where uploaded documents go (WithDocuments); nil: none,
	// and an upload is refused.
	documents *DocumentStorage
	// letters e-mails the people on a loan (WithLetters); nil: nobody is.
	letters *letters.Post
	// coborrowers keeps the loans' coborrowers and the acts of the people
	// on a loan (WithCoborrowers, coborrower.go); nil: none is invited.
	coborrowers CoborrowerStore
	// closed says whether a credit decision closed the loan's application
	// (WithClosedCheck); nil: none ever does.
	closed domain.ClosedCheck

	// What a save would otherwise ask on every call with the same answer:
	// the funnel's order per policy revision, and which steps are
	// application statuses.
	order    atomic.Pointer[revisionOrder]
	statuses sync.Map
}

// New makes the service. variant is the funnel's variant (FUNNEL_VARIANT,
// "standard" when empty); now is the clock (time.Now when nil).
func New(store Store, policy Policy, schemas Schemas, variant string, now func() time.Time) *Service {
	if variant == "" {
		variant = "standard"
	}
	if now == nil {
		now = time.Now
	}
	return &Service{store: store, policy: policy, schemas: schemas, variant: variant, now: now}
}

// Redecider decides eligibility and the offer again on the application's
// figures, recorded like every decision, with the offer the borrower chose
// (the loan's latest preview offer); an error is what the borrower is told
// when the terms they chose no longer stand.
type Redecider func(ctx context.Context, loan *domain.Loan, app *domain.Application, chosen *domain.Offer) error

// WithClosedCheck sets how a closed application is known: its documents
// are listed, and no file is taken for it.
func (s *Service) WithClosedCheck(check domain.ClosedCheck) *Service {
	s.closed = check
	return s
}

// isClosed says whether a credit decision closed the loan's application;
// only a submitted application is decided.
func (s *Service) isClosed(ctx context.Context, loan *domain.Loan) (bool, error) {
	if s.closed == nil || loan.ApplicationStatus != Submitted {
		return false, nil
	}
	return s.closed(ctx, loan.ID)
}

// WithRedecide sets how a submission is decided again.
func (s *Service) WithRedecide(fn Redecider) *Service {
	s.redecide = fn
	return s
}

// WithPropertyScreen sets how the home page 2 states is decided before the
// page is saved (a home the rules do not lend on is refused there).
func (s *Service) WithPropertyScreen(fn Redecider) *Service {
	s.screenProperty = fn
	return s
}

// Recorder decides an entrypoint and stores the decision with its input,
// result and policy revision, for the loan when there is one (the decision
// log, decisions.Recorder, which server/app hands the service). A decision
// that cannot be stored is not acted on.
type Recorder interface {
	Record(ctx context.Context, entrypoint, loanID string, input any) (any, error)
}

// WithRecorder sets where the decisions the service acts on are recorded.
func (s *Service) WithRecorder(r Recorder) *Service {
	s.recorder = r
	return s
}

// recordInto decides entrypoint for the loan into out, recorded with its
// input, result and revision.
func (s *Service) recordInto(ctx context.Context, entrypoint, loanID string, input, out any) error {
	if s.recorder == nil {
		return s.decideInto(ctx, entrypoint, input, out)
	}
	v, err := s.recorder.Record(ctx, entrypoint, loanID, input)
	if err != nil {
		return err
	}
	return domain.DecodeAnswer(v, out)
}

// View is what application.get and application.save answer
// (schemas #ApplicationView): the application with its SSNs masked.
type View struct {
	Application       domain.Application `json:"application"`
	ApplicationStatus string             `json:"applicationStatus"`
	ReadOnly          bool               `json:"readOnly"`
	HasCoborrower     bool               `json:"hasCoborrower"`
}

// Get is the applicant's application: the stored one, or before the first
// save the one a save would start from.
func (s *Service) Get(ctx context.Context, applicant *domain.Applicant) (*View, error) {
	loan, app, err := s.application(ctx, applicant)
	if err != nil {
		return nil, err
	}
	return view(loan, app), nil
}

// Save validates the section of the page at path against the page's
// definition, merges it into the application and moves the loan's status
// on to the step it reaches (ReachedStatus: the next page's) when that comes
// later; the page's draft is deleted.
// Errors name fields as section.<path>. Nothing is saved after submission.
func (s *Service) Save(ctx context.Context, applicant *domain.Applicant, path string, section json.RawMessage) (*View, error) {
	page, ok := pages[path]
	if !ok {
		return nil, domain.InvalidField("path", "Not a page of the application that saves answers.")
	}
	loan, err := s.LoanOf(ctx, applicant)
	if err != nil {
		return nil, err
	}
	if err := writable(loan); err != nil {
		return nil, err
	}
	// One decision of the loan's flow says whether the page is open and
	// where the save moves the loan.
	f, err := s.openFlow(ctx, path, loan)
	if err != nil {
		return nil, err
	}
	merge, err := page.decode(s.schemas, section)
	if err != nil {
		return nil, underSection(err)
	}
	// What the page's merge needs read before the write; every page's
	// addresses are checked the same way (checkAddress).
	prepared := mergeContext{address: s.checkAddress(ctx)}
	if page.prepare != nil {
		if err := page.prepare(ctx, s, loan, &prepared); err != nil {
			return nil, err
		}
	}
	if page.screened {
		if err := s.screen(ctx, applicant, loan, merge, prepared); err != nil {
			return nil, err
		}
	}
	step, err := s.reachedFrom(ctx, f, path, loan)
	if err != nil {
		return nil, err
	}
	order, err := s.FunnelOrder(ctx)
	if err != nil {
		return nil, err
	}
	started := false
	saved, app, err := s.store.UpdateApplication(ctx, loan.ID, path, func(l *domain.Loan, app *domain.Application, stored bool) error {
		if err := writable(l); err != nil {
			return err
		}
		if !stored { // the first save starts from the prequalification
			fresh, err := s.fresh(ctx, applicant, l)
			if err != nil {
				return err
			}
			*app, started = *fresh, true
		}
		if err := merge(app, s.mergeContext(prepared, l, applicant)); err != nil {
			return underSection(err)
		}
		Advance(l, step, order)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if started { // the declarations and the residence it started from, recorded once it is stored
		if _, err := s.carriedDeclarations(ctx, loan.ID, loan.Answers, true); err != nil {
			return nil, err
		}
		if loan.Answers.Address != nil {
			if _, err := s.carriedResidence(ctx, loan.ID, loan.Answers, true); err != nil {
				return nil, err
			}
		}
	}
	return view(saved, app), nil
}

// mergeContext is what a page's merge reads: what its prepare read, and the
// loan's and the applicant's facts of the moment.
func (s *Service) mergeContext(prepared mergeContext, l *domain.Loan, applicant *domain.Applicant) mergeContext {
	mc := prepared
	mc.hasCoborrower, mc.today, mc.ownEmail = hasCoborrower(l), s.now().UTC(), applicant.Email
	return mc
}

// screen decides, before a screened page is saved, the application as the
// page's section makes it (merged into the stored application, or the one
// it starts from): the rules' refusal is the save's (WithPropertyScreen).
// Without an offer on file there is nothing chosen to decide on yet.
func (s *Service) screen(ctx context.Context, applicant *domain.Applicant, loan *domain.Loan, merge merger, prepared mergeContext) error {
	if s.screenProperty == nil {
		return nil
	}
	chosen, err := s.latestOffer(ctx, loan)
	if domain.ErrorCode(err) == domain.EINVALID { // no offer on file: nothing chosen yet
		return nil
	} else if err != nil {
		return err
	}
	app, err := s.current(ctx, applicant, loan)
	if err != nil {
		return err
	}
	if err := merge(app, s.mergeContext(prepared, loan, applicant)); err != nil {
		return underSection(err)
	}
	return s.screenProperty(ctx, loan, app, chosen)
}

// Change applies fn to the applicant's stored application and loan in one
// write, for the pages that do more than save a section (identity,
// documents, signing, submission), and moves the loan's status on to the
// step the page at path reaches (ReachedStatus, as Save does). The application must have been
// started (page 1 saved) and not submitted. fn's field errors are kept as
// they are.
func (s *Service) Change(ctx context.Context, applicant *domain.Applicant, path string, fn func(l *domain.Loan, app *domain.Application) error) (*View, error) {
	loan, err := s.LoanOf(ctx, applicant)
	if err != nil {
		return nil, err
	}
	if err := writable(loan); err != nil {
		return nil, err
	}
	f, err := s.openFlow(ctx, path, loan)
	if err != nil {
		return nil, err
	}
	saved, app, err := s.changeLoan(ctx, loan, f, path, func(l *domain.Loan, app *domain.Application) (bool, error) {
		return true, fn(l, app)
	})
	if err != nil {
		return nil, err
	}
	return view(saved, app), nil
}

// changeLoan is Change's write, for a loan already found to be the
// applicant's, open at path (in its flow f) and not submitted: fn changes
// the stored application and says whether the status moves on (identity
// verification moves it once every person has a result).
func (s *Service) changeLoan(ctx context.Context, loan *domain.Loan, f *flow, path string, fn func(l *domain.Loan, app *domain.Application) (advance bool, err error)) (*domain.Loan, *domain.Application, error) {
	step, err := s.reachedFrom(ctx, f, path, loan)
	if err != nil {
		return nil, nil, err
	}
	order, err := s.FunnelOrder(ctx)
	if err != nil {
		return nil, nil, err
	}
	return s.store.UpdateApplication(ctx, loan.ID, "", func(l *domain.Loan, app *domain.Application, stored bool) error {
		if err := writable(l); err != nil {
			return err
		}
		if !stored {
			return domain.Errorf(domain.EINVALID, "Fill in your personal information first.")
		}
		advance, err := fn(l, app)
		if err != nil {
			return err
		}
		if advance {
			Advance(l, step, order)
		}
		return nil
	})
}

// Stored is the applicant's loan and stored application (nil before the
// first save), for reads beyond Get.
func (s *Service) Stored(ctx context.Context, applicant *domain.Applicant) (*domain.Loan, *domain.Application, error) {
	loan, err := s.LoanOf(ctx, applicant)
	if err != nil {
		return nil, nil, err
	}
	rec, err := s.store.FindApplication(ctx, loan.ID)
	if domain.ErrorCode(err) == domain.ENOTFOUND {
		return loan, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	return loan, &rec.Application, nil
}

// LoanOf is the applicant's loan; an applicant reaches no other.
func (s *Service) LoanOf(ctx context.Context, applicant *domain.Applicant) (*domain.Loan, error) {
	if applicant == nil {
		return nil, domain.Errorf(domain.EUNAUTHORIZED, "Sign in to continue.")
	}
	loan, err := s.store.FindLoanByApplicant(ctx, applicant.ID)
	if domain.ErrorCode(err) == domain.ENOTFOUND {
		return nil, domain.Errorf(domain.EUNAUTHORIZED, "Start your application to continue.")
	}
	return loan, err
}

// writable refuses any change once the application is submitted.
func writable(l *domain.Loan) error {
	if l.ApplicationStatus == Submitted {
		return domain.Errorf(domain.EFORBIDDEN, "Your application has been submitted and can no longer be changed.")
	}
	return nil
}

func hasCoborrower(l *domain.Loan) bool {
	return l.Answers.HasCoborrower != nil && *l.Answers.HasCoborrower
}

// view is the application as the borrower is shown it: the SSNs and the
// bank account's numbers masked.
func view(l *domain.Loan, app *domain.Application) *View {
	shown := *app
	shown.User.SSN = maskSSN(app.User.SSN)
	if app.Coborrower != nil {
		co := *app.Coborrower
		co.SSN = maskSSN(co.SSN)
		shown.Coborrower = &co
	}
	shown.Disbursement = maskDisbursement(app.Disbursement)
	shown.Normalize()
	return &View{Application: shown, ApplicationStatus: l.ApplicationStatus, ReadOnly: l.ApplicationStatus == Submitted, HasCoborrower: hasCoborrower(l)}
}

// maskSSN shows the last four digits only: ***-**-1234.
func maskSSN(ssn *string) *string {
	if ssn == nil || len(*ssn) < 4 {
		return nil
	}
	masked := "***-**-" + (*ssn)[len(*ssn)-4:]
	return &masked
}

func ptr[T any](v T) *T { return &v }

func nonEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// underSection names an invalid section's fields as the procedure's input
// does: section.<path>.
func underSection(err error) error {
	e, ok := err.(*domain.Error)
	if !ok || e.Code != domain.EINVALID {
		return err
	}
	out := *e
	out.Fields = make([]domain.FieldError, len(e.Fields))
	for i, f := range e.Fields {
		out.Fields[i] = domain.FieldError{Path: joinPath("section", f.Path), Message: f.Message}
	}
	if len(out.Fields) == 0 {
		out.Fields = []domain.FieldError{{Path: "section", Message: e.Message}}
	}
	return &out
}

func joinPath(a, b string) string {
	if b == "" {
		return a
	}
	return a + "." + b
}
