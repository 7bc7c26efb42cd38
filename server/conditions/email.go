package conditions

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/mail"
)

// E-mail conditions: the message sent to the person a condition asks, sent
// again on request, and the limits on how often a loan's people are sent
// one (kept by the store, so that they hold across servers).

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
// is a conflict, as is any on an application a credit decision closed; a
// loan sent mailsPerLoanPerHour condition e-mails within the hour is
// answered ETOOMANY with when to try again, and nothing goes.
func (s *Service) Resend(ctx context.Context, in ResendInput) (*Condition, error) {
	loan, err := s.store.FindLoan(ctx, in.LoanID)
	if err != nil {
		return nil, err
	}
	if closed, err := s.closed(ctx, loan.ID); err != nil {
		return nil, err
	} else if closed {
		return nil, domain.Errorf(domain.ECONFLICT, "This application is closed: no request is e-mailed for it.")
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
	return "", domain.InvalidField("party", "The application has no e-mail address for the coborrower.")
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
