package loans

import (
	"context"
	"encoding/json"
	"slices"

	"github.com/heloc/heloc/server/domain"
)

// ServerStatuses are reached only through what the server itself decides
// (a submission, a state the lender does not serve), never by saving a page.
var ServerStatuses = map[string]bool{"applicationSubmitted": true, "joinWaitlist": true}

// Submitted is the status after which the application is the lender's:
// the borrower reads it but changes nothing.
const Submitted = "applicationSubmitted"

// PageStatus is the step of the page at path when it is an application
// status (#ApplicationStatus) the page itself may set, else "": a page the
// server's funnel variant leaves out (FUNNEL_VARIANT) sets nothing, nor do
// the statuses only the lender decides (ServerStatuses).
func (s *Service) PageStatus(ctx context.Context, path string, loan *domain.Loan) (string, error) {
	f, err := s.flowAt(ctx, path, loan)
	if err != nil {
		return "", err
	}
	own, _ := s.steps(f, path)
	return own, nil
}

// ReachedStatus is the status a valid save of the page at path moves the
// loan on to: the step of the page the borrower goes to next
// (data.heloc.funnel.pages' next), because a loan's applicationStatus is
// the step it has reached (the policy counts the pages before it as done,
// and the resume rule brings the borrower back to it). That holds in the
// initial setup as in the application: a borrower who saved the estimate
// and left on the credit check comes back to the credit check, not to the
// last page they saved (issue 22, "Welcome back"). A next page whose step
// is no status (the estimate's), or one only the lender may set (the
// submitted page, the waitlist), or none, gives the page's own step
// (PageStatus). The preview offer leads on to the application, so
// continuing from it reaches the application's first page.
//
// A loan whose refusal the credit report settled (SettledRefusal) reaches
// nothing by a save of a funnel page: "" (its status stays at the credit
// check), so that it never resumes at a question past the refusal.
func (s *Service) ReachedStatus(ctx context.Context, path string, loan *domain.Loan) (string, error) {
	f, err := s.flowAt(ctx, path, loan)
	if err != nil {
		return "", err
	}
	return s.reachedFrom(ctx, f, path, loan)
}

// reachedFrom is ReachedStatus on the loan's flow already decided at path.
func (s *Service) reachedFrom(ctx context.Context, f *flow, path string, loan *domain.Loan) (string, error) {
	own, next := s.steps(f, path)
	if next == nil && own == "" {
		return own, nil
	}
	if refusal, err := s.SettledRefusal(ctx, loan); err != nil || refusal != "" {
		return "", err
	}
	if next != nil && next.status() != "" && !ServerStatuses[next.status()] && s.isApplicationStatus(next.status()) {
		return next.status(), nil
	}
	return own, nil
}

// ResumeFacts is what data.heloc.routing.resume reads of a loan: its
// status, its yes/no answers (a loan that answered the /prequal path's own
// question resumes on that path's pages) and, when the credit report
// settled a refusal, the name of its ineligible page.
func ResumeFacts(loan *domain.Loan, settledRefusal string) map[string]any {
	facts := map[string]any{"applicationStatus": loan.ApplicationStatus, "answers": loan.Answers.Flags()}
	if settledRefusal != "" {
		facts["settledRefusal"] = settledRefusal
	}
	return facts
}

// eligibilityEntrypoint is the decision whose refusal the credit report may
// settle (its `settled`: heloc.eligibility's settled_after_pull).
const eligibilityEntrypoint = "heloc.eligibility.decision"

// SettledRefusal is the name of the ineligible page ("boost",
// "late-payment": /app/ineligible/<name>) of the refusal the loan's credit
// report settled, or "" when there is none. The credit check's page reads
// the same decision to go to that page at once (issue 20); this is the
// server's record of it, so that a borrower who comes back is shown the
// refusal rather than the funnel's next question (issue 22), and no save of
// a funnel page moves the loan past it (ReachedStatus).
//
// It is the loan's latest eligibility decision when that refused, settled,
// named a page and was made on the latest credit report (a later pull is
// decided afresh). A loan whose status is already in the application was
// never refused so (the refusal stops the funnel before it): no decision
// is read for it, so the application's saves cost no more.
func (s *Service) SettledRefusal(ctx context.Context, loan *domain.Loan) (string, error) {
	if loan == nil || s.store == nil {
		return "", nil
	}
	order, err := s.FunnelOrder(ctx)
	if err != nil {
		return "", err
	}
	if at, known := order[loan.ApplicationStatus]; known {
		if application, ok := order[applicationStart]; ok && at >= application {
			return "", nil
		}
	}
	d, err := s.store.LatestDecision(ctx, loan.ID, eligibilityEntrypoint)
	if domain.ErrorCode(err) == domain.ENOTFOUND || d == nil {
		return "", nil
	} else if err != nil {
		return "", err
	}
	var decided struct {
		Outcome        string  `json:"outcome"`
		Settled        bool    `json:"settled"`
		IneligiblePage *string `json:"ineligiblePage"`
	}
	if err := json.Unmarshal(d.Result, &decided); err != nil {
		return "", err
	}
	if decided.Outcome != "ineligible" || !decided.Settled || decided.IneligiblePage == nil || *decided.IneligiblePage == "" {
		return "", nil
	}
	report, err := s.store.LatestCreditReport(ctx, loan.ID, "borrower")
	if err != nil && domain.ErrorCode(err) != domain.ENOTFOUND {
		return "", err
	}
	if report != nil && report.PulledAt.After(d.CreatedAt) {
		return "", nil
	}
	return *decided.IneligiblePage, nil
}

// applicationStart is the application's first step: a status at or after
// it in the funnel's order is past the prequalification.
const applicationStart = "application"

// flowPage is a page of data.heloc.funnel.pages.
type flowPage struct {
	Path string `json:"path"`
	Step string `json:"step"`
	// Status is the status a loan has reached on a page whose step is
	// none (the /prequal path's), as the page table states it.
	Status *string `json:"status"`
	Area   string  `json:"area"`
	Open   bool    `json:"open"`
}

// status is the application status the page stands for: the table's, else
// its step (which isApplicationStatus may still refuse).
func (p *flowPage) status() string {
	if p.Status != nil {
		return *p.Status
	}
	return p.Step
}

// flow is data.heloc.funnel.pages for a loan on a page: its pages and the
// page after it. A request that both checks a page is open and moves the
// loan on asks the policy once (Save, Change, VerifyIdentity).
type flow struct {
	Pages []flowPage `json:"pages"`
	Next  *flowPage  `json:"next"`
}

// flowAt is the loan's flow seen from the page at path.
func (s *Service) flowAt(ctx context.Context, path string, loan *domain.Loan) (*flow, error) {
	var f flow
	if err := s.decideInto(ctx, "heloc.funnel.pages", s.pagesInput(path, loan), &f); err != nil {
		return nil, err
	}
	return &f, nil
}

// openFlow is flowAt for a request that changes the page at path, which
// it refuses when the loan has not reached the page: the application is
// filled in order (data.heloc.funnel.pages' open), so every section before
// the loan's status has been saved and the stepper never shows one done
// that is not.
func (s *Service) openFlow(ctx context.Context, path string, loan *domain.Loan) (*flow, error) {
	f, err := s.flowAt(ctx, path, loan)
	if err != nil {
		return nil, err
	}
	i := slices.IndexFunc(f.Pages, func(p flowPage) bool { return p.Path == path })
	if i >= 0 && !f.Pages[i].Open {
		return nil, domain.Errorf(domain.EFORBIDDEN, "Finish the earlier pages of your application first: they open one after another.")
	}
	return f, nil
}

func (s *Service) pagesInput(path string, loan *domain.Loan) map[string]any {
	return map[string]any{"path": path, "applicationStatus": loan.ApplicationStatus, "answers": loan.Answers.Flags(), "variant": s.variant}
}

// steps is the step the page at path may set (see PageStatus) and the page
// after it in the loan's flow f.
func (s *Service) steps(f *flow, path string) (string, *flowPage) {
	i := slices.IndexFunc(f.Pages, func(p flowPage) bool { return p.Path == path })
	if i < 0 || ServerStatuses[f.Pages[i].status()] {
		return "", nil
	}
	// A page that stands for no status (the estimate's, the /prequal
	// path's first questions) still leads on.
	if own := f.Pages[i].status(); s.isApplicationStatus(own) {
		return own, f.Next
	}
	return "", f.Next
}

// Advance moves l's status on to step when step comes later in the funnel's
// order (data.heloc.funnel.order), or when l's status is none the order
// knows; never back, and never for step "".
func Advance(l *domain.Loan, step string, order map[string]float64) {
	to, ok := order[step]
	if step == "" || !ok {
		return
	}
	if from, known := order[l.ApplicationStatus]; !known || from < to {
		l.ApplicationStatus = step
	}
}

// isApplicationStatus says whether step is one of #ApplicationStatus. The
// schemas are compiled into the binary, so each step's answer is kept
// rather than asked of CUE again on every save.
func (s *Service) isApplicationStatus(step string) bool {
	if known, ok := s.statuses.Load(step); ok {
		return known.(bool)
	}
	var status string
	known := s.schemas.Decode("ApplicationStatus", []byte(`"`+step+`"`), &status) == nil
	s.statuses.Store(step, known)
	return known
}

// revisionOrder is data.heloc.funnel.order as one policy revision decided it.
type revisionOrder struct {
	revision string
	order    map[string]float64
}

// FunnelOrder is data.heloc.funnel.order, the page table's order of steps:
// the same for every loan, so it is decided once per policy revision
// instead of on every save.
func (s *Service) FunnelOrder(ctx context.Context) (map[string]float64, error) {
	if cached := s.order.Load(); cached != nil && cached.revision == s.policy.Revision() {
		return cached.order, nil
	}
	v, revision, err := s.policy.DecideAt(ctx, "heloc.funnel.order", nil)
	if err != nil {
		return nil, err
	}
	var order map[string]float64
	if err := domain.DecodeAnswer(v, &order); err != nil {
		return nil, err
	}
	s.order.Store(&revisionOrder{revision: revision, order: order})
	return order, nil
}

// decideInto evaluates an entrypoint into out.
func (s *Service) decideInto(ctx context.Context, entrypoint string, input, out any) error {
	v, err := s.policy.Decide(ctx, entrypoint, input)
	if err != nil {
		return err
	}
	return domain.DecodeAnswer(v, out)
}
