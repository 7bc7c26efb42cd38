package portal

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/letters"
	"github.com/heloc/heloc/server/loans"
	"github.com/heloc/heloc/server/mail"
)

// WithLetters sets how the service e-mails the people on a loan of a
// credit decision (server/letters), each message recorded with the loan.
// Without it nobody is e-mailed (a test's service).
func (s *Service) WithLetters(post *letters.Post) *Service {
	s.letters = post
	return s
}

// tellDecision e-mails each person on the loan the credit decision just
// recorded, in its own words (letters.Decided). The decision stands
// whatever happens here; a person who cannot be found is not told, and
// the loan's record shows no letter.
func (s *Service) tellDecision(ctx context.Context, loan *domain.Loan, cd *domain.CreditDecision) {
	if s.letters == nil {
		return
	}
	ctx = context.WithoutCancel(ctx)
	applicant, err := s.store.FindApplicantByID(ctx, loan.ApplicantID)
	if err != nil {
		return
	}
	app, _, err := s.loans.StaffApplication(ctx, applicant, loan)
	if err != nil {
		app = nil
	}
	facts := letters.DecidedFacts{Product: s.letters.Product(), Action: cd.Action, Reasons: []string{}, Link: s.letters.Link(letters.StatusPage)}
	if cd.LineAmount != nil {
		facts.Line = domain.Dollars(*cd.LineAmount).Format()
	}
	if cd.Action == domain.CreditApprove || cd.Action == domain.CreditCounteroffer {
		view := &CreditDecisionView{Action: cd.Action, LineAmount: cd.LineAmount}
		if t, err := s.terms(ctx, loan.ID, view); err == nil {
			facts.Terms = decidedTerms(t)
		} else {
			slog.Warn("decision letter without its terms", "loan", loan.ID, "err", err)
		}
	}
	// A decline's notice of action taken goes with it as a PDF.
	var files []mail.Attachment
	if cd.NoticeID != nil {
		n, err := s.storedNotice(ctx, *cd.NoticeID)
		var pdf []byte
		if err == nil {
			pdf, err = letters.NoticePDF(n)
		}
		if err != nil {
			slog.Error("decline letter without its notice", "loan", loan.ID, "err", err)
		} else {
			files = append(files, mail.Attachment{Filename: letters.NoticeFilename, ContentType: "application/pdf", Data: pdf})
			facts.NoticeAttached, facts.NoticeFile = true, letters.NoticeFilename
		}
	}
	for _, r := range cd.Reasons {
		facts.Reasons = append(facts.Reasons, r.Words)
	}
	if cd.NeededBy != nil {
		facts.NeededBy = *cd.NeededBy
		if day, err := time.Parse(time.DateOnly, *cd.NeededBy); err == nil {
			facts.NeededBy = domain.FormatDay(day)
		}
		facts.Needed = cd.Note
	}
	for _, p := range letters.People(applicant, app) {
		f := facts
		f.FirstName = p.Greeting()
		s.letters.Send(ctx, loan.ID, p.Email, letters.Decided, f, files...)
	}
}

// decidedTerms are the decided line's terms in the words the letter gives
// them, as the borrower's page shows them.
func decidedTerms(t *BorrowerTerms) *letters.DecidedTerms {
	out := &letters.DecidedTerms{Line: domain.Dollars(t.Line).Format(), APR: fmt.Sprintf("%.2f%%", t.APR),
		DrawPeriodYears: t.DrawPeriodYears, RepaymentPeriodYears: t.RepaymentPeriodYears}
	if t.OriginationFee != nil {
		out.OriginationFee = domain.Dollars(*t.OriginationFee).Format()
	}
	if t.DrawPaymentCents != nil {
		out.DrawPayment = domain.Cents(*t.DrawPaymentCents).Format()
	}
	if t.RepaymentPaymentCents != nil {
		out.RepaymentPayment = domain.Cents(*t.RepaymentPaymentCents).Format()
	}
	return out
}

// tellRejected e-mails the person whose document was rejected why, and how
// to replace it (letters.DocumentRejected), naming the document as their
// upload page does. The review stands whatever happens here.
func (s *Service) tellRejected(ctx context.Context, loanID string, d *domain.Document, view *loans.DocumentsView) {
	if s.letters == nil {
		return
	}
	ctx = context.WithoutCancel(ctx)
	applicant, loan, err := s.loanAndApplicant(ctx, loanID)
	if err != nil {
		return
	}
	to := letters.Recipient{FirstName: applicant.FirstName, Email: applicant.Email}
	if d.Party == "coborrower" {
		// The application's coborrower, or the one prequalification named.
		app, _, err := s.loans.StaffApplication(ctx, applicant, loan)
		if err != nil {
			app = nil
		}
		if to = letters.Coborrower(loan, app); to.Email == "" {
			slog.Warn("rejected document's letter not sent: no address for the coborrower", "loan", loanID)
			return
		}
	}
	facts := letters.DocumentRejectedFacts{Product: s.letters.Product(), FirstName: to.Greeting(), Document: documentLabel(d.Type, view),
		File: d.FileName, Why: d.Review.Note, Link: s.letters.Link(letters.UploadPage)}
	s.letters.Send(ctx, loanID, to.Email, letters.DocumentRejected, facts)
}

// documentLabel is the name the upload page gives the document type, or
// the type itself when the page no longer lists it.
func documentLabel(docType string, view *loans.DocumentsView) string {
	if view != nil && view.Requirements != nil {
		for _, list := range [][]loans.RequiredDocument{view.Requirements.Documents.Borrower, view.Requirements.Documents.Coborrower} {
			for _, r := range list {
				if r.Type == docType && r.Label != "" {
					return r.Label
				}
			}
		}
	}
	return docType
}
