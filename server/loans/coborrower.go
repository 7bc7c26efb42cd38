package loans

import (
	"context"
	"net/url"
	"strings"
	"time"

	"github.com/heloc/heloc/server/disclosures"
	"github.com/heloc/heloc/server/domain"
)

// The coborrower acts for themselves (issue 23 item 4). The coborrower
// named in prequalification is invited by e-mail to an account of their
// own (an applicant, signing in with an e-mailed code like any other),
// bound to the borrower's loan as its coborrower. In their own session
// they give their credit check authorization with their date of birth and
// SSN, answer their declarations and demographic questions, accept the
// E-SIGN consent and sign the disclosures. The borrower's session is
// refused each of these for them (sections.go, sign.go), and the
// submission waits for them (data.heloc.submission.readiness). Each
// consent and signature, and each answer, is recorded as a domain.LoanAct:
// who, what, when, from which address and browser.

// CoborrowerStore is what the coborrower's part needs of the database
// (server/store, migration 0022).
type CoborrowerStore interface {
	BindCoborrower(ctx context.Context, loanID string, who *domain.Applicant) (*domain.LoanCoborrower, error)
	FindLoanCoborrower(ctx context.Context, loanID string) (*domain.LoanCoborrower, error)
	FindCoborrowerLoan(ctx context.Context, applicantID string) (*domain.Loan, error)
	RecordLoanActs(ctx context.Context, acts []*domain.LoanAct) error
	ListLoanActs(ctx context.Context, loanID string) ([]*domain.LoanAct, error)
}

// WithCoborrowers sets where coborrowers and the acts of the people on a
// loan are kept. Without it no coborrower can be invited, and the
// submission of a loan with one waits for ever.
func (s *Service) WithCoborrowers(cs CoborrowerStore) *Service {
	s.coborrowers = cs
	return s
}

// CoborrowerInvitedLetter is the invitation e-mailed to a coborrower
// (server/letters/texts/coborrower-invited.txt).
const CoborrowerInvitedLetter = "coborrower-invited"

// CoborrowerPath is the coborrower's own page.
const CoborrowerPath = "/app/coborrower"

// CoborrowerInvitedFacts fill in the invitation.
type CoborrowerInvitedFacts struct {
	Product      string
	FirstName    string
	BorrowerName string
	Link         string
}

// CoborrowerDone says which of their own parts the coborrower has given.
type CoborrowerDone struct {
	CreditAuthorization bool `json:"creditAuthorization"`
	Declarations        bool `json:"declarations"`
	Demographics        bool `json:"demographics"`
	Signed              bool `json:"signed"`
}

// all: every part given.
func (d CoborrowerDone) all() bool {
	return d.CreditAuthorization && d.Declarations && d.Demographics && d.Signed
}

// CoborrowerStatus is what the borrower's pages show of the coborrower
// (schemas #CoborrowerStatus): who they are, whether and when they were
// invited, and what they have done.
type CoborrowerStatus struct {
	HasCoborrower bool           `json:"hasCoborrower"`
	Name          string         `json:"name"`
	Email         string         `json:"email"`
	InvitedAt     *time.Time     `json:"invitedAt"`
	Done          CoborrowerDone `json:"done"`
	// Waiting: the coborrower has something left to do.
	Waiting bool `json:"waiting"`
}

// CoborrowerView is what the coborrower's own page reads (schemas
// #CoborrowerView).
type CoborrowerView struct {
	BorrowerName string               `json:"borrowerName"`
	Name         string               `json:"name"`
	Done         CoborrowerDone       `json:"done"`
	DateOfBirth  *string              `json:"dateOfBirth"`
	SSN          *string              `json:"ssn"`
	Declarations *domain.Declarations `json:"declarations"`
	Demographics *domain.Demographics `json:"demographics"`
	// CanSign: the loan has an offer with a line to sign for, so
	// coborrower.disclosures answers.
	CanSign  bool `json:"canSign"`
	ReadOnly bool `json:"readOnly"`
}

// CoborrowerAuthorization is coborrower.authorize's input (schemas
// #CoborrowerAuthorizationInput): the credit check authorization with the
// date of birth and SSN it needs (the SSN may be left out once given).
type CoborrowerAuthorization struct {
	DateOfBirth              string  `json:"dateOfBirth"`
	SSN                      *string `json:"ssn,omitempty"`
	CreditCheckAuthorization bool    `json:"creditCheckAuthorization"`
}

// coborrowerName is the coborrower's name as the application has it, or
// "Your coborrower".
func coborrowerName(app *domain.Application) string {
	if app != nil && app.Coborrower != nil {
		if n := fullName(app.Coborrower); n != "" {
			return n
		}
	}
	return "Your coborrower"
}

// forCoborrower is the refusal of the borrower's session doing what the
// coborrower does for themselves, at the field path.
func forCoborrower(app *domain.Application, path, what string) error {
	msg := coborrowerName(app) + " " + what + ", signed in with their own e-mail. You cannot do this for them; we e-mail them an invitation."
	return &domain.Error{Code: domain.EFORBIDDEN, Message: msg, Fields: []domain.FieldError{{Path: path, Message: msg}}}
}

// coborrowerDone reads what the loan's invited coborrower did for
// themselves (nothing when none was invited).
func (s *Service) coborrowerDone(ctx context.Context, loan *domain.Loan, app *domain.Application) (CoborrowerDone, error) {
	if s.coborrowers == nil || app == nil {
		return CoborrowerDone{}, nil
	}
	co, err := s.coborrowers.FindLoanCoborrower(ctx, loan.ID)
	if domain.ErrorCode(err) == domain.ENOTFOUND {
		return CoborrowerDone{}, nil
	} else if err != nil {
		return CoborrowerDone{}, err
	}
	offer, err := s.offerToSign(ctx, loan)
	if err != nil {
		return CoborrowerDone{}, err
	}
	return s.doneBy(ctx, loan, app, co.Applicant.ID, offer)
}

// doneBy reads what the coborrower, applicant coID, did for themselves
// from the loan's acts: the authorization, declarations and demographics
// recorded by their own account, and their signature of every current
// text of offer (nil: none to sign yet).
func (s *Service) doneBy(ctx context.Context, loan *domain.Loan, app *domain.Application, coID string, offer *signOffer) (CoborrowerDone, error) {
	var done CoborrowerDone
	acts, err := s.coborrowers.ListLoanActs(ctx, loan.ID)
	if err != nil {
		return done, err
	}
	for _, a := range acts {
		if a.Party != "coborrower" || a.ApplicantID != coID {
			continue
		}
		switch a.Act {
		case domain.ActCreditAuthorization:
			done.CreditAuthorization = true
		case domain.ActDeclarations:
			done.Declarations = true
		case domain.ActDemographics:
			done.Demographics = true
		}
	}
	done.CreditAuthorization = done.CreditAuthorization && app.Coborrower != nil && app.Coborrower.SSN != nil && app.Coborrower.DateOfBirth != nil
	done.Declarations = done.Declarations && app.Coborrower != nil && app.Coborrower.Declarations != nil
	done.Demographics = done.Demographics && app.Coborrower != nil && app.Coborrower.Demographics != nil
	if offer == nil {
		return done, nil
	}
	docs, consent, err := renderDisclosures(loan, app, offer)
	if err != nil {
		return done, err
	}
	done.Signed = true
	for _, d := range append([]disclosures.Document{consent}, docs...) {
		done.Signed = done.Signed && signedText(app, "coborrower", d)
	}
	return done, nil
}

// offerToSign is the loan's offer to sign for, nil while it has no line
// to sign for.
func (s *Service) offerToSign(ctx context.Context, loan *domain.Loan) (*signOffer, error) {
	offer, err := s.signOffer(ctx, loan)
	if domain.ErrorCode(err) == domain.EINVALID {
		return nil, nil
	}
	return offer, err
}

// Coborrower is what the borrower's pages show of their coborrower: who,
// whether invited, and what they have done for themselves.
func (s *Service) Coborrower(ctx context.Context, borrower *domain.Applicant) (*CoborrowerStatus, error) {
	loan, app, err := s.Stored(ctx, borrower)
	if err != nil {
		return nil, err
	}
	return s.coborrowerStatus(ctx, loan, app)
}

func (s *Service) coborrowerStatus(ctx context.Context, loan *domain.Loan, app *domain.Application) (*CoborrowerStatus, error) {
	out := &CoborrowerStatus{HasCoborrower: hasCoborrower(loan)}
	if !out.HasCoborrower {
		return out, nil
	}
	out.Name, out.Email = coborrowerName(app), coborrowerEmail(loan, app)
	if s.coborrowers != nil {
		co, err := s.coborrowers.FindLoanCoborrower(ctx, loan.ID)
		switch {
		case err == nil:
			at := co.InvitedAt
			out.InvitedAt = &at
			if app != nil {
				offer, err := s.offerToSign(ctx, loan)
				if err != nil {
					return nil, err
				}
				if out.Done, err = s.doneBy(ctx, loan, app, co.Applicant.ID, offer); err != nil {
					return nil, err
				}
			}
		case domain.ErrorCode(err) != domain.ENOTFOUND:
			return nil, err
		}
	}
	out.Waiting = !out.Done.all()
	return out, nil
}

// coborrowerEmail is the coborrower's e-mail: the application's, else the
// prequalification's.
func coborrowerEmail(loan *domain.Loan, app *domain.Application) string {
	if app != nil && app.Coborrower != nil && app.Coborrower.Email != nil && *app.Coborrower.Email != "" {
		return *app.Coborrower.Email
	}
	if loan.Answers.Coborrower != nil {
		return loan.Answers.Coborrower.Email
	}
	return ""
}

// InviteCoborrower e-mails the loan's coborrower an invitation to sign in
// with their own e-mail and act for themselves, making their account when
// they have none and binding it to the loan (again: a new invitation, to
// the address the application gives now). origin is the site's address
// for the invitation's link. The application must have been started (the
// coborrower's name and e-mail saved on page 1) and not submitted.
func (s *Service) InviteCoborrower(ctx context.Context, borrower *domain.Applicant, origin string) (*CoborrowerStatus, error) {
	loan, app, err := s.Stored(ctx, borrower)
	if err != nil {
		return nil, err
	}
	if err := writable(loan); err != nil {
		return nil, err
	}
	if !hasCoborrower(loan) {
		return nil, domain.Errorf(domain.EINVALID, "This application has no coborrower.")
	}
	if app == nil || app.Coborrower == nil || app.Coborrower.FirstName == nil || app.Coborrower.LastName == nil {
		return nil, domain.InvalidField("coborrower", "Fill in your coborrower's name and e-mail on the personal information page first.")
	}
	if s.coborrowers == nil {
		return nil, domain.Errorf(domain.EINTERNAL, "Coborrowers cannot be invited on this server.")
	}
	email := coborrowerEmail(loan, app)
	if email == "" {
		return nil, domain.InvalidField("coborrower.email", "Enter your coborrower's e-mail on the personal information page.")
	}
	// BindCoborrower refuses the borrower's own e-mail (coborrower.email).
	if _, err := s.coborrowers.BindCoborrower(ctx, loan.ID, &domain.Applicant{Email: email, FirstName: *app.Coborrower.FirstName, LastName: *app.Coborrower.LastName}); err != nil {
		return nil, err
	}
	if s.letters != nil {
		link := strings.TrimRight(origin, "/") + "/app/login?callbackUrl=" + url.QueryEscape(CoborrowerPath)
		s.letters.Send(ctx, loan.ID, email, CoborrowerInvitedLetter, CoborrowerInvitedFacts{
			Product: s.letters.Product(), FirstName: *app.Coborrower.FirstName, BorrowerName: fullName(&app.User), Link: link})
	}
	return s.coborrowerStatus(ctx, loan, app)
}

// findCoborrowerLoan is the loan the applicant is the coborrower of; an
// applicant who is nobody's coborrower is refused.
func (s *Service) findCoborrowerLoan(ctx context.Context, co *domain.Applicant) (*domain.Loan, error) {
	if co == nil {
		return nil, domain.Errorf(domain.EUNAUTHORIZED, "Sign in to continue.")
	}
	if s.coborrowers == nil {
		return nil, domain.Errorf(domain.EFORBIDDEN, "You are not the coborrower on an application.")
	}
	loan, err := s.coborrowers.FindCoborrowerLoan(ctx, co.ID)
	if domain.ErrorCode(err) == domain.ENOTFOUND || (err == nil && !hasCoborrower(loan)) {
		return nil, domain.Errorf(domain.EFORBIDDEN, "You are not the coborrower on an application.")
	}
	return loan, err
}

// CoborrowerLoan is the loan the applicant is the coborrower of, with its
// stored application (the SSNs as stored, never for a page).
func (s *Service) CoborrowerLoan(ctx context.Context, co *domain.Applicant) (*domain.Loan, *domain.Application, error) {
	loan, err := s.findCoborrowerLoan(ctx, co)
	if err != nil {
		return nil, nil, err
	}
	rec, err := s.store.FindApplication(ctx, loan.ID)
	if err != nil {
		return nil, nil, err
	}
	return loan, &rec.Application, nil
}

// CoborrowerView is the coborrower's own page: whose application it is,
// what they have done, and their answers (the SSN masked).
func (s *Service) CoborrowerView(ctx context.Context, co *domain.Applicant) (*CoborrowerView, error) {
	loan, app, err := s.CoborrowerLoan(ctx, co)
	if err != nil {
		return nil, err
	}
	return s.coborrowerView(ctx, loan, app, co)
}

func (s *Service) coborrowerView(ctx context.Context, loan *domain.Loan, app *domain.Application, co *domain.Applicant) (*CoborrowerView, error) {
	offer, err := s.offerToSign(ctx, loan)
	if err != nil {
		return nil, err
	}
	done, err := s.doneBy(ctx, loan, app, co.ID, offer)
	if err != nil {
		return nil, err
	}
	v := &CoborrowerView{BorrowerName: fullName(&app.User), Name: coborrowerName(app), Done: done, CanSign: offer != nil, ReadOnly: loan.ApplicationStatus == Submitted}
	if c := app.Coborrower; c != nil {
		v.DateOfBirth, v.SSN, v.Declarations, v.Demographics = c.DateOfBirth, maskSSN(c.SSN), c.Declarations, c.Demographics
	}
	return v, nil
}

// changeAsCoborrower writes fn's change to the coborrower's part of the
// application of loan, the one co is the coborrower of, then records the
// acts fn returns as co's.
func (s *Service) changeAsCoborrower(ctx context.Context, co *domain.Applicant, loan *domain.Loan, meta SignMeta, fn func(l *domain.Loan, app *domain.Application, cp *domain.Person) ([]*domain.LoanAct, error)) (*domain.Loan, *domain.Application, error) {
	if err := writable(loan); err != nil {
		return nil, nil, err
	}
	var acts []*domain.LoanAct
	saved, app, err := s.store.UpdateApplication(ctx, loan.ID, "", func(l *domain.Loan, app *domain.Application, stored bool) error {
		if err := writable(l); err != nil {
			return err
		}
		if !stored || !hasCoborrower(l) {
			return domain.Errorf(domain.EFORBIDDEN, "You are not the coborrower on an application.")
		}
		if app.Coborrower == nil {
			app.Coborrower = &domain.Person{}
		}
		var err error
		acts, err = fn(l, app, app.Coborrower)
		return err
	})
	if err != nil {
		return nil, nil, err
	}
	if err := s.recordActs(ctx, loan.ID, "coborrower", co.ID, meta, acts); err != nil {
		return nil, nil, err
	}
	return saved, app, nil
}

// answerAsCoborrower saves one of the coborrower's own answers, fn's
// change to their part of the application, recorded as the act fn names,
// and answers their page.
func (s *Service) answerAsCoborrower(ctx context.Context, co *domain.Applicant, loan *domain.Loan, meta SignMeta, fn func(p *domain.Person) (act string, err error)) (*CoborrowerView, error) {
	saved, app, err := s.changeAsCoborrower(ctx, co, loan, meta, func(_ *domain.Loan, _ *domain.Application, p *domain.Person) ([]*domain.LoanAct, error) {
		act, err := fn(p)
		if err != nil {
			return nil, err
		}
		return []*domain.LoanAct{{Act: act}}, nil
	})
	if err != nil {
		return nil, err
	}
	return s.coborrowerView(ctx, saved, app, co)
}

// CoborrowerAuthorize records the coborrower's own credit check
// authorization with their date of birth (the dates the rules allow) and
// SSN (kept when left out once given).
func (s *Service) CoborrowerAuthorize(ctx context.Context, co *domain.Applicant, in CoborrowerAuthorization, meta SignMeta) (*CoborrowerView, error) {
	if !in.CreditCheckAuthorization {
		return nil, domain.InvalidField("creditCheckAuthorization", "Authorize the credit check to continue.")
	}
	loan, err := s.findCoborrowerLoan(ctx, co)
	if err != nil {
		return nil, err
	}
	born, err := s.BirthDates(ctx, loan)
	if err != nil {
		return nil, err
	}
	if err := born.Check("dateOfBirth", in.DateOfBirth, s.now().UTC()); err != nil {
		return nil, err
	}
	saved, app, err := s.changeAsCoborrower(ctx, co, loan, meta, func(_ *domain.Loan, app *domain.Application, p *domain.Person) ([]*domain.LoanAct, error) {
		if in.SSN == nil && p.SSN == nil {
			return nil, domain.InvalidField("ssn", "Enter your Social Security number.")
		}
		if in.SSN != nil {
			// Each person's credit is pulled on their own number: the
			// borrower's would pull the borrower's file a second time.
			if app.User.SSN != nil && *app.User.SSN == *in.SSN {
				return nil, domain.InvalidField("ssn", "This is "+possessive(fullName(&app.User), "the borrower’s")+" Social Security number. Enter your own.")
			}
			p.SSN = in.SSN
		}
		p.DateOfBirth = &in.DateOfBirth
		return []*domain.LoanAct{{Act: domain.ActCreditAuthorization}}, nil
	})
	if err != nil {
		return nil, err
	}
	return s.coborrowerView(ctx, saved, app, co)
}

// possessive is name’s, or otherwise when there is no name.
func possessive(name, otherwise string) string {
	if name == "" {
		return otherwise
	}
	return name + "’s"
}

// CoborrowerDeclarations saves the coborrower's own declarations (every
// question answered, each yes with its follow-up).
func (s *Service) CoborrowerDeclarations(ctx context.Context, co *domain.Applicant, in domain.Declarations, meta SignMeta) (*CoborrowerView, error) {
	if err := followUps(&in, "declarations"); err != nil {
		return nil, err
	}
	loan, err := s.findCoborrowerLoan(ctx, co)
	if err != nil {
		return nil, err
	}
	return s.answerAsCoborrower(ctx, co, loan, meta, func(p *domain.Person) (string, error) {
		p.Declarations = &in
		return domain.ActDeclarations, nil
	})
}

// CoborrowerDemographics saves the coborrower's own demographic
// information.
func (s *Service) CoborrowerDemographics(ctx context.Context, co *domain.Applicant, in domain.Demographics, meta SignMeta) (*CoborrowerView, error) {
	loan, err := s.findCoborrowerLoan(ctx, co)
	if err != nil {
		return nil, err
	}
	return s.answerAsCoborrower(ctx, co, loan, meta, func(p *domain.Person) (string, error) {
		p.Demographics = &in
		return domain.ActDemographics, nil
	})
}

// CoborrowerDisclosures are the documents the coborrower reads and signs,
// as the borrower's page shows them.
func (s *Service) CoborrowerDisclosures(ctx context.Context, co *domain.Applicant) (*DisclosuresView, error) {
	loan, app, err := s.CoborrowerLoan(ctx, co)
	if err != nil {
		return nil, err
	}
	return s.disclosuresOf(ctx, loan, app)
}

// CoborrowerSign records the coborrower's own E-SIGN consent and signature
// of every current document, as Sign does the borrower's: the consent
// given, every document acknowledged with the hash of the text rendered
// now, their own full legal name typed; a signature for the borrower is
// refused.
func (s *Service) CoborrowerSign(ctx context.Context, co *domain.Applicant, in SignInput, meta SignMeta) (*DisclosuresView, error) {
	loan, app, err := s.CoborrowerLoan(ctx, co)
	if err != nil {
		return nil, err
	}
	if err := writable(loan); err != nil {
		return nil, err
	}
	g, err := s.newSigning(ctx, loan, app, "coborrower", in, meta)
	if err != nil {
		return nil, err
	}
	if _, _, err := s.changeAsCoborrower(ctx, co, loan, meta, func(l *domain.Loan, app *domain.Application, _ *domain.Person) ([]*domain.LoanAct, error) {
		if err := g.sign(l, app); err != nil {
			return nil, err
		}
		return g.acts(), nil
	}); err != nil {
		return nil, err
	}
	return g.view(), nil
}

// recordActs records acts as party's, done by applicant in their own
// session from meta's address and browser (when the service keeps acts).
func (s *Service) recordActs(ctx context.Context, loanID, party, applicantID string, meta SignMeta, acts []*domain.LoanAct) error {
	if s.coborrowers == nil {
		return nil
	}
	for _, a := range acts {
		a.LoanID, a.Party, a.ApplicantID, a.IP, a.UserAgent = loanID, party, applicantID, meta.IP, meta.UserAgent
	}
	return s.coborrowers.RecordLoanActs(ctx, acts)
}

// LoanActs are the acts recorded on the applicant's loan (for the
// borrower) or on the loan they are the coborrower of.
func (s *Service) LoanActs(ctx context.Context, loanID string) ([]*domain.LoanAct, error) {
	if s.coborrowers == nil {
		return []*domain.LoanAct{}, nil
	}
	return s.coborrowers.ListLoanActs(ctx, loanID)
}
