package loans

import (
	"context"
	"encoding/json"
	"time"

	"github.com/heloc/heloc/server/domain"
)

// HistoryEntrypoint is the employment policy's history: the gaps between a
// person's employments within the window, where a new one starts, and
// whether the history is complete (rules/heloc/employment).
const HistoryEntrypoint = "heloc.employment.history"

// EmploymentDates is an employment as the employment policy reads it
// (schemas #EmploymentDates): page 4 sends the employments as typed, so
// that it asks about a gap or a previous employer before it goes on.
type EmploymentDates struct {
	StartDate string  `json:"startDate"`
	EndDate   *string `json:"endDate"`
}

// EmploymentHistory is data.heloc.employment.history for the employments
// of party ("borrower" or "coborrower"): the saved ones (the decision is
// recorded), or, when typed is not nil, the employments as the page holds
// them before they are saved (decided, not recorded: nothing is acted
// on). Each gap carries the explanation saved for it, and the policy says
// whether the history is complete with the saved explanations.
func (s *Service) EmploymentHistory(ctx context.Context, applicant *domain.Applicant, party string, typed *[]EmploymentDates) (*domain.EmploymentHistory, error) {
	loan, app, err := s.application(ctx, applicant)
	if err != nil {
		return nil, err
	}
	p := &app.User
	if party == "coborrower" {
		if !hasCoborrower(loan) {
			return nil, domain.InvalidField("party", "This application has no coborrower.")
		}
		p = &domain.Person{}
		if app.Coborrower != nil {
			p = app.Coborrower
		}
	}
	var h *domain.EmploymentHistory
	if typed != nil {
		h, err = s.history(ctx, "", *typed, p.EmploymentGaps)
	} else {
		h, err = s.history(ctx, loan.ID, p.Employments, p.EmploymentGaps)
	}
	if err != nil {
		return nil, err
	}
	for i, g := range h.Gaps {
		for _, answer := range p.EmploymentGaps {
			if answer.From == g.From && answer.To == g.To {
				h.Gaps[i].Explanation = &answer.Explanation
			}
		}
	}
	return h, nil
}

// history asks the employment policy about employments (any list the
// policy reads: the saved ones, or their dates) and the answers to the gap
// questions, as of today; recorded for the loan when loanID is given.
func (s *Service) history(ctx context.Context, loanID string, employments any, gaps []domain.EmploymentGapAnswer) (*domain.EmploymentHistory, error) {
	input := map[string]any{
		"today":          s.now().UTC().Format(time.DateOnly),
		"employments":    employments,
		"employmentGaps": orEmpty(gaps),
	}
	if v, err := json.Marshal(employments); err == nil && string(v) == "null" {
		input["employments"] = []any{}
	}
	var h domain.EmploymentHistory
	var err error
	if loanID != "" {
		err = s.recordInto(ctx, HistoryEntrypoint, loanID, input, &h)
	} else {
		err = s.decideInto(ctx, HistoryEntrypoint, input, &h)
	}
	if err != nil {
		return nil, err
	}
	h.Gaps, h.Missing = orEmpty(h.Gaps), orEmpty(h.Missing)
	return &h, nil
}

// incomplete is the refusal of a history the policy finds incomplete: each
// thing missing at its field, in the policy's words, each path under at
// and each message after prefix; nil when it is complete.
func incomplete(h *domain.EmploymentHistory, at, prefix string) error {
	if h.Complete {
		return nil
	}
	if len(h.Missing) == 0 { // the policy's default: it could not decide
		return domain.Errorf(domain.EINVALID, "We couldn’t check your employment history. Please try again.")
	}
	fields := make([]domain.FieldError, len(h.Missing))
	for i, m := range h.Missing {
		path := m.Field
		if at != "" {
			path = joinPath(at, m.Field)
		}
		fields[i] = domain.FieldError{Path: path, Message: prefix + m.Message}
	}
	return &domain.Error{Code: domain.EINVALID, Message: fields[0].Message, Fields: fields}
}

// employmentPage is page 4 (and 4/coborrower): the section merged, then
// refused when the employment policy finds the person's history
// incomplete (a previous employer missing, a gap unexplained), with what is
// missing at its field of the section.
func employmentPage(who party) page {
	p := thenCheck(section("EmploymentSection", mergeEmployment(who)), func(app *domain.Application, mc mergeContext) error {
		person, err := person(app, who, mc)
		if err != nil {
			return err
		}
		return mc.employment(person)
	})
	p.prepare = func(ctx context.Context, s *Service, _ *domain.Loan, mc *mergeContext) error {
		// Decided in the write, on what is being saved; a pure evaluation,
		// not recorded (application.employment records the saved history).
		mc.employment = func(person *domain.Person) error {
			h, err := s.history(ctx, "", person.Employments, person.EmploymentGaps)
			if err != nil {
				return err
			}
			return incomplete(h, "", "")
		}
		return nil
	}
	return p
}

// mergeEmployment sets the person's employments and the answers to the gap
// questions. Only a payroll connection verifies a job (income.go). Their
// dates are the employment policy's to judge (a start after this month, an
// end before the start), in the check employmentPage makes after it.
func mergeEmployment(who party) func(*domain.EmploymentSection, *domain.Application, mergeContext) error {
	return func(in *domain.EmploymentSection, app *domain.Application, mc mergeContext) error {
		p, err := person(app, who, mc)
		if err != nil {
			return err
		}
		keepVerified(p.Employments, in.Employments) // only a payroll connection verifies a job (income.go)
		p.Employments, p.EmploymentGaps = in.Employments, in.EmploymentGaps
		return nil
	}
}

// application is the applicant's loan and its current application (see
// current).
func (s *Service) application(ctx context.Context, applicant *domain.Applicant) (*domain.Loan, *domain.Application, error) {
	loan, err := s.LoanOf(ctx, applicant)
	if err != nil {
		return nil, nil, err
	}
	app, err := s.current(ctx, applicant, loan)
	if err != nil {
		return nil, nil, err
	}
	return loan, app, nil
}

// current is the loan's stored application, or the one it starts from.
func (s *Service) current(ctx context.Context, applicant *domain.Applicant, loan *domain.Loan) (*domain.Application, error) {
	stored, err := s.store.FindApplication(ctx, loan.ID)
	if err == nil {
		return &stored.Application, nil
	} else if domain.ErrorCode(err) != domain.ENOTFOUND {
		return nil, err
	}
	return s.fresh(ctx, applicant, loan)
}

func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
