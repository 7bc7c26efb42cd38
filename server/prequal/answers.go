package prequal

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/loans"
)

// Answers is what prequal.answers and prequal.save answer: the loan's
// answers and status.
type Answers struct {
	Answers           domain.PrequalAnswers `json:"answers"`
	ApplicationStatus *string               `json:"applicationStatus"`
}

func answersOf(l *domain.Loan) *Answers {
	return &Answers{Answers: l.Answers, ApplicationStatus: &l.ApplicationStatus}
}

// Answers is the applicant's loan's answers, so that a refresh, a closed
// tab or another device loses nothing.
func (s *Service) Answers(ctx context.Context, applicant *domain.Applicant) (*Answers, error) {
	loan, err := s.applicantLoan(ctx, applicant)
	if err != nil {
		return nil, err
	}
	return answersOf(loan), nil
}

// SaveInput is #SaveAnswersInput: a page's path and its answers.
type SaveInput struct {
	Path    string                `json:"path"`
	Answers domain.PrequalAnswers `json:"answers"`
}

// SaveAnswers merges the page's answers (validated against
// #SaveAnswersInput before) into the loan's, refuses a coborrower's e-mail
// that is the borrower's own, fills in the property's state
// from the ZIP code (a ZIP code of no state is refused at its field: a
// slip, not a state the lender does not lend in), and moves the loan's
// status on to the page's step when that step comes later
// (data.heloc.funnel.order); never back (the loan service's ReachedStatus
// and loans.Advance: the preview offer, whose Continue leads into the
// application, reaches the application's step).
func (s *Service) SaveAnswers(ctx context.Context, applicant *domain.Applicant, in SaveInput) (*Answers, error) {
	loan, err := s.applicantLoan(ctx, applicant)
	if err != nil {
		return nil, err
	}
	if co := in.Answers.Coborrower; co != nil {
		if err := domain.OwnEmailRefusal("answers.coborrower.email", applicant.Email, co.Email); err != nil {
			return nil, err
		}
	}
	if in.Answers.Zip != nil {
		if in.Answers.PropertyState, err = s.zipState(ctx, loan.ID, *in.Answers.Zip); err != nil {
			return nil, err
		}
		if in.Answers.PropertyState == nil {
			return nil, domain.InvalidField("answers.zip", "We don’t know the ZIP code "+*in.Answers.Zip+". Check the ZIP code of your home.")
		}
	}
	if err := s.checkAddressState(ctx, loan.ID, in.Answers.Address); err != nil {
		return nil, err
	}
	step, err := s.loans.ReachedStatus(ctx, in.Path, loan)
	if err != nil {
		return nil, err
	}
	order, err := s.loans.FunnelOrder(ctx)
	if err != nil {
		return nil, err
	}
	saved, err := s.store.UpdateLoanAnswers(ctx, loan.ID, func(l *domain.Loan) error {
		l.Answers = l.Answers.Merge(in.Answers)
		loans.Advance(l, step, order)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return answersOf(saved), nil
}

// place is heloc.licensing.lookup's answer.
type place struct {
	State     *string `json:"state"`
	StateName *string `json:"stateName"`
	Licensed  bool    `json:"licensed"`
	OpensOn   *string `json:"opensOn"`
}

// lookup decides a ZIP code's place by the licensing table
// (data.heloc.licensing.lookup), recorded for the loan ("" for none): it
// is acted on (a loan's state, a visitor put on the waitlist).
func (s *Service) lookup(ctx context.Context, loanID, zip string) (*place, error) {
	d, err := s.recorder.Decide(ctx, "heloc.licensing.lookup", loanID, zipFacts{Zip: zip})
	if err != nil {
		return nil, err
	}
	var p place
	if err := remarshal(d.Result, &p); err != nil {
		return nil, err
	}
	return &p, nil
}

// checkAddressState refuses an address whose state is not its ZIP code's
// (the licensing table's, as the lookup decides it): the licence and the
// rules follow the ZIP code, and the application must say the same. A ZIP
// code of no state is refused at its own field.
func (s *Service) checkAddressState(ctx context.Context, loanID string, a *domain.Address) error {
	if a == nil || a.Zip == "" {
		return nil
	}
	p, err := s.lookup(ctx, loanID, a.Zip)
	if err != nil {
		return err
	}
	if p.State == nil {
		return domain.InvalidField("answers.address.zip", "We don’t know the ZIP code "+a.Zip+". Check the ZIP code of your home.")
	}
	if !strings.EqualFold(strings.TrimSpace(a.State), *p.State) {
		name := *p.State
		if p.StateName != nil {
			name = *p.StateName
		}
		return domain.InvalidField("answers.address.state", "ZIP code "+a.Zip+" is in "+name+": enter "+*p.State+", or check the ZIP code.")
	}
	return nil
}

// zipState is the state of a ZIP code, or nil for a ZIP of no state.
func (s *Service) zipState(ctx context.Context, loanID, zip string) (*string, error) {
	p, err := s.lookup(ctx, loanID, zip)
	if err != nil {
		return nil, err
	}
	return p.State, nil
}

// WaitlistInput is #JoinWaitlistInput.
type WaitlistInput struct {
	FirstName string  `json:"firstName"`
	LastName  string  `json:"lastName"`
	Email     string  `json:"email"`
	Zip       string  `json:"zip"`
	Phone     *string `json:"phone"`
}

// Waitlisted is what prequal.joinWaitlist answers: the state and when it
// opens, when that is known.
type Waitlisted struct {
	OpensOn   *string `json:"opensOn"`
	State     string  `json:"state"`
	StateName string  `json:"stateName"`
}

// JoinWaitlist keeps a visitor's contact, sealed, until their state opens,
// and says when that is when it is known. Only a ZIP code of a state the
// lender has no licence in joins (the lookup is recorded: it decides
// whether the visitor is put on the list); the contact is never logged.
func (s *Service) JoinWaitlist(ctx context.Context, in WaitlistInput) (*Waitlisted, error) {
	p, err := s.lookup(ctx, "", in.Zip)
	if err != nil {
		return nil, err
	}
	switch {
	case p.State == nil:
		return nil, zipError("We could not find the state of this ZIP code. Check it and try again.")
	case p.Licensed:
		return nil, zipError("We already lend in " + *p.StateName + ": go on with your application.")
	}
	contact, err := json.Marshal(map[string]any{
		"firstName": strings.TrimSpace(in.FirstName), "lastName": strings.TrimSpace(in.LastName),
		"email": strings.ToLower(strings.TrimSpace(in.Email)), "phone": in.Phone,
	})
	if err != nil {
		return nil, err
	}
	seal := func(id string) (string, error) { return s.sealer.Seal(contact, []byte("waitlist|"+id)) }
	if _, err := s.store.AddToWaitlist(ctx, *p.State, in.Zip[:5], seal); err != nil {
		return nil, err
	}
	return &Waitlisted{State: *p.State, StateName: *p.StateName, OpensOn: p.OpensOn}, nil
}

func zipError(msg string) error {
	return &domain.Error{Code: domain.EINVALID, Message: msg, Fields: []domain.FieldError{{Path: "zip", Message: msg}}}
}
