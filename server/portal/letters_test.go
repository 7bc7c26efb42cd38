package portal_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/letters"
	"github.com/heloc/heloc/server/mail"
	"github.com/heloc/heloc/server/portal"
	"github.com/heloc/heloc/server/servicetest"
)

// withLetters has the fixture's service e-mail its decisions through a
// sandbox outbox, linking to the site.
func (f *fixture) withLetters() *mail.Outbox {
	box := mail.NewOutbox(0)
	f.svc.WithLetters(letters.NewPost(box, f.db, "Keystone", nil).WithSite("https://heloc.example"))
	return box
}

// letterRecords are the letters recorded with the loan.
func (f *fixture) letterRecords(t *testing.T, loanID string) []*domain.LoanEmail {
	t.Helper()
	list, err := f.db.ListLoanEmails(context.Background(), loanID)
	if err != nil {
		t.Fatal(err)
	}
	return list
}

// A decline is e-mailed to the borrower with its principal reasons and the
// notice of action taken attached as a PDF that says them; the letter is
// recorded with the loan under its version; the borrower's page has the
// notice whole and the same PDF to download.
func TestADeclineIsEmailedWithTheNoticeAttached(t *testing.T) {
	forEachDB(t, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		box := f.withLetters()
		loanID := f.submitted(t, "prime@example.com", 3)
		if _, err := f.svc.Decide(ctx, f.admin, "", portal.DecideInput{LoanID: loanID, Action: "decline", Reasons: []string{"C1_OBLIGATIONS", "C1_INCOME_UNVERIFIED"}}); err != nil {
			t.Fatal(err)
		}
		m, ok := box.Latest("prime@example.com")
		if !ok {
			t.Fatal("the borrower was sent nothing")
		}
		if m.Subject != "Keystone: our decision on your application" {
			t.Errorf("got subject %q", m.Subject)
		}
		for _, want := range []string{"  - Excessive obligations in relation to income\n  - Unable to verify income", "attached to this e-mail as a PDF (notice-of-action-taken.pdf)", "https://heloc.example/app/application/submitted"} {
			if !strings.Contains(m.Text, want) {
				t.Errorf("the letter does not say %q:\n%s", want, m.Text)
			}
		}
		if len(m.Attachments) != 1 || m.Attachments[0].Filename != letters.NoticeFilename || m.Attachments[0].ContentType != "application/pdf" {
			t.Fatalf("got attachments %+v, want the notice's PDF", m.Attachments)
		}
		pdf := m.Attachments[0].Data
		for _, want := range []string{"%PDF-1.", "(Excessive obligations in relation to income)", "(Unable to verify income)", "(Equal Credit Opportunity Act notice)", "startxref"} {
			if !bytes.Contains(pdf, []byte(want)) {
				t.Errorf("the PDF does not hold %s", want)
			}
		}
		recs := f.letterRecords(t, loanID)
		if len(recs) != 1 || recs[0].Letter != letters.Decided || recs[0].Version != "LTR-DECIDED-2026-11.2" || recs[0].To != "prime@example.com" || recs[0].Outcome != domain.EmailSent {
			t.Fatalf("got records %+v, want the decision letter recorded under its version", recs)
		}
		// The borrower's page: the notice whole, and the same PDF.
		view, err := f.svc.BorrowerDecision(ctx, loanID)
		if err != nil {
			t.Fatal(err)
		}
		n := view.Decision.Notice
		if n == nil || len(n.Reasons) != 2 || n.Reasons[0] != "Excessive obligations in relation to income" || n.Version == "" || len(n.Wording) == 0 || n.Creditor.Name == "" {
			t.Fatalf("got notice %+v, want the notice whole", n)
		}
		download, err := f.svc.BorrowerNoticePDF(ctx, loanID)
		if err != nil || !bytes.Equal(download, pdf) {
			t.Fatalf("got %d bytes, %v; want the PDF the e-mail carried", len(download), err)
		}
	})
}

// An approval's letter gives its terms; it carries no file, and there is
// no notice to download.
func TestAnApprovalIsEmailedWithItsTerms(t *testing.T) {
	forEachDB(t, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		box := f.withLetters()
		loanID := f.submitted(t, "prime@example.com", 3)
		if _, err := f.svc.Decide(ctx, f.admin, "", portal.DecideInput{LoanID: loanID, Action: "approve", Line: ptr[int64](90000)}); err != nil {
			t.Fatal(err)
		}
		m, ok := box.Latest("prime@example.com")
		if !ok || m.Subject != "Keystone: your line of credit is approved" || len(m.Attachments) != 0 {
			t.Fatalf("got %+v, want the approval without a file", m)
		}
		for _, want := range []string{"line of credit of $90,000.", "Your terms:", "  Line of credit: $90,000", "  APR (variable): ", "  Draw period: 10 years"} {
			if !strings.Contains(m.Text, want) {
				t.Errorf("the letter does not say %q:\n%s", want, m.Text)
			}
		}
		if _, err := f.svc.BorrowerNoticePDF(ctx, loanID); domain.ErrorCode(err) != domain.ENOTFOUND {
			t.Fatalf("got %v, want no notice to download", err)
		}
	})
}

// A counteroffer's letter gives the lower line and its terms and links to
// the borrower's page; a suspension's says what is needed and by when.
func TestACounterofferAndASuspensionAreEmailed(t *testing.T) {
	forEachDB(t, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		box := f.withLetters()
		loanID := f.submitted(t, "prime@example.com", 3)
		if _, err := f.svc.Decide(ctx, f.admin, "", portal.DecideInput{LoanID: loanID, Action: "counteroffer", Line: ptr[int64](80000)}); err != nil {
			t.Fatal(err)
		}
		m, _ := box.Latest("prime@example.com")
		for _, want := range []string{"we can offer you a line of $80,000.", "  Line of credit: $80,000", "https://heloc.example/app/application/submitted"} {
			if !strings.Contains(m.Text, want) {
				t.Errorf("the counteroffer does not say %q:\n%s", want, m.Text)
			}
		}
		if _, err := f.svc.Decide(ctx, f.admin, "", portal.DecideInput{LoanID: loanID, Action: "suspend", NeededBy: ptr(servicetest.Now().AddDate(0, 0, 14).Format("2006-01-02")), Note: "Your 2025 W-2."}); err != nil {
			t.Fatal(err)
		}
		m, _ = box.Latest("prime@example.com")
		if m.Subject != "Keystone: we need more information" || !strings.Contains(m.Text, "  Your 2025 W-2.") || !strings.Contains(m.Text, servicetest.Now().AddDate(0, 0, 14).Format("January 2, 2006")) {
			t.Errorf("the suspension:\n%s", m.Text)
		}
		recs := f.letterRecords(t, loanID)
		if len(recs) != 2 || recs[0].Version != "LTR-DECIDED-2026-11.2" || recs[1].Version != "LTR-DECIDED-2026-11.2" {
			t.Fatalf("got %+v, want both letters recorded under their version", recs)
		}
	})
}
