package conditions_test

import (
	"context"
	"strings"
	"testing"

	"github.com/heloc/heloc/server/conditions"
	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/letters"
	"github.com/heloc/heloc/server/mail"
)

// requests is a catalogue of a document request, a question and an
// e-mail condition.
type requests struct{}

func (requests) Decide(context.Context, string, any) (any, error) {
	return map[string]any{
		"201": map[string]any{"kind": "document", "label": "Two most recent bank statements", "documentType": "bankStatements", "count": 2},
		"104": map[string]any{"kind": "text", "label": "Letter of explanation"},
		"108": map[string]any{"kind": "email", "label": "Confirm no new credit"},
	}, nil
}

// A document request or a question set on the loan is e-mailed to the
// borrower with what is asked, the loan team's note and the link to their
// upload page, and recorded with the loan under its letter's version; an
// e-mail condition sends its own message and no letter besides.
func TestAConditionSetIsEmailedToThePersonItAsks(t *testing.T) {
	forEachDB(t, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		box := mail.NewOutbox(0)
		svc := conditions.New(f.db, requests{}, box, "Keystone", f.clock.now).
			WithLetters(letters.NewPost(box, f.db, "Keystone", nil).WithSite("https://heloc.example"))

		if _, err := svc.Add(ctx, f.staff, conditions.AddInput{LoanID: f.loan.ID, Code: "201", Note: "The deposit of $12,000 on October 3 needs its source."}); err != nil {
			t.Fatal(err)
		}
		m, ok := box.Latest("prime@example.com")
		if !ok || m.Subject != "Keystone: your loan team needs something from you" {
			t.Fatalf("got %+v, want the request e-mailed to the borrower", m)
		}
		for _, want := range []string{"Hello Pat,", "  Two most recent bank statements", "Why: The deposit of $12,000 on October 3 needs its source.", "  https://heloc.example/app/upload"} {
			if !strings.Contains(m.Text, want) {
				t.Errorf("the request does not say %q:\n%s", want, m.Text)
			}
		}
		if _, err := svc.Add(ctx, f.staff, conditions.AddInput{LoanID: f.loan.ID, Code: "104"}); err != nil {
			t.Fatal(err)
		}
		if m, _ := box.Latest("prime@example.com"); !strings.Contains(m.Text, "  Letter of explanation") || strings.Contains(m.Text, "Why:") {
			t.Errorf("the question's request:\n%s", m.Text)
		}
		if _, err := svc.Add(ctx, f.staff, conditions.AddInput{LoanID: f.loan.ID, Code: "108"}); err != nil {
			t.Fatal(err)
		}
		if n := len(box.Messages()); n != 3 {
			t.Errorf("got %d messages, want one per condition (the e-mail condition's own)", n)
		}
		recs, err := f.db.ListLoanEmails(ctx, f.loan.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(recs) != 2 {
			t.Fatalf("got %d letters recorded, want the two requests", len(recs))
		}
		for _, r := range recs {
			if r.Letter != letters.Condition || r.Version != "LTR-CONDITION-2026-11.1" || r.To != "prime@example.com" || r.Outcome != domain.EmailSent {
				t.Errorf("got record %+v, want the request's letter under its version", r)
			}
		}
	})
}

// A request for the coborrower goes to the coborrower's address, not the
// borrower's; a loan without one refuses the condition at the party.
func TestACoborrowersRequestGoesToTheCoborrower(t *testing.T) {
	forEachDB(t, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		box := mail.NewOutbox(0)
		svc := conditions.New(f.db, requests{}, box, "Keystone", f.clock.now).WithLetters(letters.NewPost(box, f.db, "Keystone", nil))
		if _, err := svc.Add(ctx, f.staff, conditions.AddInput{LoanID: f.loan.ID, Code: "201", Party: "coborrower"}); domain.ErrorCode(err) != domain.EINVALID {
			t.Fatalf("got %v, want the coborrower refused on a loan without one", err)
		}
		yes := true
		if _, err := f.db.UpdateLoanAnswers(ctx, f.loan.ID, func(l *domain.Loan) error {
			l.Answers.HasCoborrower, l.Answers.Coborrower = &yes, &domain.CoborrowerInfo{FirstName: "Amara", LastName: "Okafor", Email: "amara@example.com", Relationship: "spouse"}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Add(ctx, f.staff, conditions.AddInput{LoanID: f.loan.ID, Code: "201", Party: "coborrower"}); err != nil {
			t.Fatal(err)
		}
		if m, ok := box.Latest("amara@example.com"); !ok || !strings.HasPrefix(m.Text, "Hello Amara,") || !strings.Contains(m.Text, "Sign in to Keystone and open your document upload page") {
			t.Fatalf("got %+v, want the request at the coborrower's address", m)
		}
		if _, ok := box.Latest("prime@example.com"); ok {
			t.Error("the borrower was sent the coborrower's request")
		}
	})
}
