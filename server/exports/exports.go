// Package exports sends a submitted application to a loan-origination
// system: the application as MISMO 3.4 XML (server/mismo), checked for the
// fields the chosen target needs, handed to that target's system
// (server/los), and recorded with who sent it, when, the receipt and the
// file's SHA-256 (the file itself kept sealed for staff to download).
// server/web translates the wire and calls it; cmd/heloc wires it.
package exports

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/los"
	"github.com/heloc/heloc/server/mismo"
)

// Store is what the service needs of the database (server/store).
type Store interface {
	FindLoan(ctx context.Context, id string) (*domain.Loan, error)
	FindApplicantByID(ctx context.Context, id string) (*domain.Applicant, error)
	FindApplication(ctx context.Context, loanID string) (*domain.StoredApplication, error)
	LatestDecision(ctx context.Context, loanID, entrypoint string) (*domain.Decision, error)
	CreateExport(ctx context.Context, e *domain.Export, xml []byte) error
	FinishExport(ctx context.Context, e *domain.Export, receipt string, sendErr error) error
	ListExports(ctx context.Context, loanID string) ([]*domain.Export, error)
	FindExportFile(ctx context.Context, loanID, id string) (*domain.Export, []byte, error)
}

// Service is the export service.
type Service struct {
	store   Store
	systems los.Systems
	now     func() time.Time
}

// New makes the service; now is the clock (time.Now when nil).
func New(store Store, systems los.Systems, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: store, systems: systems, now: now}
}

// submitted is the status application.submit sets.
const submitted = "applicationSubmitted"

// View is what the portal's export panel shows of a loan.
type View struct {
	// Submitted says whether the application may be exported.
	Submitted bool               `json:"submitted"`
	Targets   []mismo.TargetInfo `json:"targets"`
	// Exports are the loan's exports, newest first.
	Exports []*domain.Export `json:"exports"`
}

// View is the loan's export panel.
func (s *Service) View(ctx context.Context, loanID string) (*View, error) {
	loan, err := s.store.FindLoan(ctx, loanID)
	if err != nil {
		return nil, err
	}
	list, err := s.store.ListExports(ctx, loanID)
	if err != nil {
		return nil, err
	}
	return &View{Submitted: loan.ApplicationStatus == submitted, Targets: mismo.Targets, Exports: list}, nil
}

// Export makes the loan's MISMO file, checks it for what target needs,
// records it, calls audit with the record (an error stops the export
// before anything is sent), and sends it to the target's system. A file
// the system refused or never got is recorded as failed and returned as
// such. Refused with CONFLICT before submission, and with the fields
// target needs (each a field error, borrower.ssn, property.value, ...) when
// the application lacks them.
func (s *Service) Export(ctx context.Context, actor *domain.StaffUser, loanID, target string, audit func(*domain.Export) error) (*domain.Export, error) {
	loan, err := s.store.FindLoan(ctx, loanID)
	if err != nil {
		return nil, err
	}
	if loan.ApplicationStatus != submitted {
		return nil, domain.Errorf(domain.ECONFLICT, "Only a submitted application can be exported; this one has not been submitted yet.")
	}
	sys, err := s.systems.For(target)
	if err != nil {
		return nil, domain.InvalidField("target", "Choose Encompass, Byte or LendingPad.")
	}
	in, err := s.input(ctx, loan)
	if err != nil {
		return nil, err
	}
	msg := mismo.Build(in)
	if missing := mismo.Check(mismo.Target(target), msg); len(missing) > 0 {
		e := &domain.Error{Code: domain.EINVALID, Message: fmt.Sprintf("%s needs more of the application before it can be sent.", mismo.Target(target).Name())}
		for _, m := range missing {
			e.Fields = append(e.Fields, domain.FieldError{Path: m.Field, Message: m.Message})
		}
		return nil, e
	}
	xml, err := mismo.Encode(msg)
	if err != nil {
		return nil, err
	}
	e := &domain.Export{LoanID: loanID, Target: target, System: sys.Name(), ActorID: actor.ID, ActorEmail: actor.Email}
	if err := s.store.CreateExport(ctx, e, xml); err != nil {
		return nil, err
	}
	if err := audit(e); err != nil {
		// Not sent: the record says why.
		return nil, errors.Join(err, s.store.FinishExport(context.WithoutCancel(ctx), e, "", errors.New("not sent: the export could not be audited")))
	}
	receipt, sendErr := sys.Send(ctx, loanID, xml)
	if err := s.store.FinishExport(context.WithoutCancel(ctx), e, receipt.ID, sendErr); err != nil {
		return nil, err
	}
	return e, nil
}

// File is one of the loan's exports with its file as sent.
func (s *Service) File(ctx context.Context, loanID, id string) (*domain.Export, []byte, error) {
	return s.store.FindExportFile(ctx, loanID, id)
}

// input gathers what the file is made of: the application, the account's
// e-mail and phone, the prequalification's value of the home, and the line
// of the loan's latest preview offer.
func (s *Service) input(ctx context.Context, loan *domain.Loan) (mismo.Input, error) {
	stored, err := s.store.FindApplication(ctx, loan.ID)
	if err != nil {
		return mismo.Input{}, err
	}
	in := mismo.Input{LoanID: loan.ID, Application: stored.Application, CreatedAt: s.now().UTC()}
	if a, err := s.store.FindApplicantByID(ctx, loan.ApplicantID); err == nil {
		in.AccountEmail = a.Email
		if a.Phone != nil {
			in.AccountPhone = *a.Phone
		}
	} else if domain.ErrorCode(err) != domain.ENOTFOUND {
		return mismo.Input{}, err
	}
	if v := loan.Answers.PropertyValue; v != nil {
		c := domain.CentsOf(*v)
		in.PropertyValue = &c
	}
	offer, err := s.store.LatestDecision(ctx, loan.ID, "heloc.offer.preview")
	switch {
	case err == nil:
		r, err := domain.ReadOffer(offer.Result)
		if err != nil {
			return mismo.Input{}, fmt.Errorf("exports: %w", err)
		}
		if r.Eligible {
			in.Terms = &mismo.Terms{Line: r.Amount(), APR: r.APR, Margin: r.Margin, IndexRate: r.PrimeRate, RateCap: r.RateCap, RepaymentPeriodYears: r.RepaymentPeriodYears}
		}
	case domain.ErrorCode(err) != domain.ENOTFOUND:
		return mismo.Input{}, err
	}
	return in, nil
}
