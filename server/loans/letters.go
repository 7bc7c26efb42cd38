package loans

import (
	"context"
	"log/slog"
	"time"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/letters"
	"github.com/heloc/heloc/server/mail"
)

// LetterStore records the e-mails sent about a loan (server/store).
type LetterStore interface {
	RecordLoanEmail(ctx context.Context, e *domain.LoanEmail) error
}

// mailing is how the service tells the people on a loan (WithLetters).
type mailing struct {
	mailer  mail.Sender
	store   LetterStore
	product string
	log     *slog.Logger
}

// WithLetters sets how the service e-mails the people on a loan at the
// moments that matter (server/letters): through mailer, each message
// recorded with the loan in store. Without it nobody is e-mailed (a test's
// service).
func (s *Service) WithLetters(mailer mail.Sender, store LetterStore, product string, log *slog.Logger) *Service {
	if log == nil {
		log = slog.Default()
	}
	s.letters = &mailing{mailer: mailer, store: store, product: product, log: log}
	return s
}

// tellSubmitted e-mails each person on the submitted application, the
// borrower at their account's address and the coborrower at the one the
// application gives, that it was received and what happens next. The
// submission stands whatever happens here: a message the mailer refuses is
// recorded as failed (and logged without its address), never an error of
// the submission.
func (s *Service) tellSubmitted(ctx context.Context, applicant *domain.Applicant, loan *domain.Loan, app *domain.Application, at time.Time) {
	if s.letters == nil {
		return
	}
	ctx = context.WithoutCancel(ctx)
	on := at.UTC().Format("January 2, 2006")
	type person struct{ first, email string }
	people := []person{{applicant.FirstName, applicant.Email}}
	if co := app.Coborrower; co != nil && co.Email != nil && *co.Email != "" && *co.Email != applicant.Email {
		first := ""
		if co.FirstName != nil {
			first = *co.FirstName
		}
		people = append(people, person{first, *co.Email})
	}
	for _, p := range people {
		name := p.first
		if name == "" {
			name = "there"
		}
		s.send(ctx, loan.ID, p.email, letters.Submitted, letters.SubmittedFacts{Product: s.letters.product, FirstName: name, SubmittedOn: on})
	}
}

// send renders letter for one person, hands it to the mailer and records
// the outcome with the loan.
func (s *Service) send(ctx context.Context, loanID, to, letter string, facts any) {
	m := s.letters
	l, err := letters.Render(letter, facts)
	if err != nil {
		m.log.Error("letter not rendered", "letter", letter, "loan", loanID, "err", err)
		return
	}
	outcome := domain.EmailSent
	if err := m.mailer.Send(ctx, mail.Message{To: to, Subject: l.Subject, Text: l.Text}); err != nil {
		outcome = domain.EmailFailed
		m.log.Warn("letter not sent", "letter", letter, "loan", loanID, "err", err)
	}
	if err := m.store.RecordLoanEmail(ctx, &domain.LoanEmail{LoanID: loanID, Letter: l.Name, Version: l.Version, To: to, Outcome: outcome}); err != nil {
		m.log.Error("letter not recorded", "letter", letter, "loan", loanID, "err", err)
	}
}
