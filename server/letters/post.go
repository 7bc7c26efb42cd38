package letters

import (
	"context"
	"log/slog"
	"strings"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/mail"
)

// Store records the letters sent about a loan (server/store).
type Store interface {
	RecordLoanEmail(ctx context.Context, e *domain.LoanEmail) error
}

// Post sends letters through the mail interface and records each with its
// loan: which letter, its version, to whom, and whether the mailer took
// it. A letter is sent after the change it tells of is stored, and a
// message the mailer refuses never undoes that change: it is recorded as
// failed and logged without its address.
type Post struct {
	mailer  mail.Sender
	store   Store
	product string
	site    string
	log     *slog.Logger
}

// NewPost makes the post office of product (its name signs each letter).
func NewPost(mailer mail.Sender, store Store, product string, log *slog.Logger) *Post {
	if log == nil {
		log = slog.Default()
	}
	return &Post{mailer: mailer, store: store, product: product, log: log}
}

// WithSite sets the address people use ("https://heloc.example.com"), from
// which the letters link to the borrower's pages. Without it a letter says
// to sign in instead of giving a link (a development server's sandbox).
func (p *Post) WithSite(publicURL string) *Post {
	p.site = strings.TrimSuffix(publicURL, "/")
	return p
}

// Product is the name that signs the letters.
func (p *Post) Product() string { return p.product }

// The borrower's pages a letter links to.
const (
	// UploadPage lists what the loan team asks and takes the files.
	UploadPage = "/app/upload"
	// StatusPage shows the submitted application's status and decision.
	StatusPage = "/app/application/submitted"
	// PreviewOfferPage shows the preview offer, and its notice when there
	// is no line to offer.
	PreviewOfferPage = "/app/initial-setup/preview-offer"
)

// Link is the address of the borrower's page path, or "" without a site.
func (p *Post) Link(path string) string {
	if p.site == "" {
		return ""
	}
	return p.site + path
}

// Send renders letter with facts for one person at to, hands it to the
// mailer with any files attached and records the outcome with the loan.
func (p *Post) Send(ctx context.Context, loanID, to, letter string, facts any, files ...mail.Attachment) {
	ctx = context.WithoutCancel(ctx)
	l, err := Render(letter, facts)
	if err != nil {
		p.log.Error("letter not rendered", "letter", letter, "loan", loanID, "err", err)
		return
	}
	outcome := domain.EmailSent
	if err := p.mailer.Send(ctx, mail.Message{To: to, Subject: l.Subject, Text: l.Text, Attachments: files}); err != nil {
		outcome = domain.EmailFailed
		p.log.Warn("letter not sent", "letter", letter, "loan", loanID, "err", err)
	}
	if err := p.store.RecordLoanEmail(ctx, &domain.LoanEmail{LoanID: loanID, Letter: l.Name, Version: l.Version, To: to, Outcome: outcome}); err != nil {
		p.log.Error("letter not recorded", "letter", letter, "loan", loanID, "err", err)
	}
}

// Recipient is one person on a loan a letter goes to.
type Recipient struct {
	FirstName string
	Email     string
}

// People are the people on a loan to tell: the borrower at their account's
// address and the coborrower at the one the application gives (once, when
// the two are the same address).
func People(applicant *domain.Applicant, app *domain.Application) []Recipient {
	out := []Recipient{{FirstName: applicant.FirstName, Email: applicant.Email}}
	if app == nil {
		return out
	}
	if co := app.Coborrower; co != nil && co.Email != nil && *co.Email != "" && *co.Email != applicant.Email {
		first := ""
		if co.FirstName != nil {
			first = *co.FirstName
		}
		out = append(out, Recipient{FirstName: first, Email: *co.Email})
	}
	return out
}

// Coborrower is the coborrower on loan: as the application app gives them
// (nil before one is saved), else as the prequalification named them. Its
// Email is "" when neither gives an address.
func Coborrower(loan *domain.Loan, app *domain.Application) Recipient {
	var r Recipient
	if app != nil && app.Coborrower != nil {
		if e := app.Coborrower.Email; e != nil {
			r.Email = *e
		}
		if f := app.Coborrower.FirstName; f != nil {
			r.FirstName = *f
		}
	}
	if co := loan.Answers.Coborrower; co != nil {
		if r.Email == "" {
			r.Email = co.Email
		}
		if r.FirstName == "" {
			r.FirstName = co.FirstName
		}
	}
	return r
}

// Greeting is the name a letter greets: the first name, or "there".
func (r Recipient) Greeting() string {
	if r.FirstName == "" {
		return "there"
	}
	return r.FirstName
}
