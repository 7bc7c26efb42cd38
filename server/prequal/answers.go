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
// that is the borrower's own and an address whose state is not its ZIP
// code's (heloc.licensing.lookup says so), fills in the property's state
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
	// The home's address, where the page gives one, is looked up with its
	// state (the policy says when the state is not its ZIP code's); the
	// home's ZIP code is then that lookup's when it is the same.
	var home *place
	if a := in.Answers.Address; a != nil && a.Zip != "" {
		if home, err = s.lookup(ctx, loan.ID, zipFacts{Zip: a.Zip, State: a.State}); err != nil {
			return nil, err
		}
		if home.State == nil {
			return nil, unknownZip("answers.address.zip", a.Zip)
		}
		if home.StateMismatch != nil {
			return nil, domain.InvalidField("answers.address.state", *home.StateMismatch)
		}
	}
	if zip := in.Answers.Zip; zip != nil {
		p := home
		if p == nil || in.Answers.Address.Zip != *zip {
			if p, err = s.lookup(ctx, loan.ID, zipFacts{Zip: *zip}); err != nil {
				return nil, err
			}
		}
		if p.State == nil {
			return nil, unknownZip("answers.zip", *zip)
		}
		in.Answers.PropertyState = p.State
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
	// StateMismatch: the policy's words when the state looked up with the
	// ZIP code is not the ZIP code's.
	StateMismatch *string `json:"stateMismatch"`
}

// unknownZip refuses, at field, a ZIP code of no state: a slip, not a
// state the lender does not lend in.
func unknownZip(field, zip string) error {
	return domain.InvalidField(field, "We don’t know the ZIP code "+zip+". Check the ZIP code of your home.")
}

// lookup decides a ZIP code's place by the licensing table
// (data.heloc.licensing.lookup), recorded for the loan ("" for none): it
// is acted on (a loan's state, a visitor put on the waitlist).
func (s *Service) lookup(ctx context.Context, loanID string, facts zipFacts) (*place, error) {
	d, err := s.recorder.Decide(ctx, "heloc.licensing.lookup", loanID, facts)
	if err != nil {
		return nil, err
	}
	var p place
	if err := domain.DecodeAnswer(d.Result, &p); err != nil {
		return nil, err
	}
	return &p, nil
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
	p, err := s.lookup(ctx, "", zipFacts{Zip: in.Zip})
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
