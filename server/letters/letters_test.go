package letters_test

import (
	"strings"
	"testing"

	"github.com/heloc/heloc/server/letters"
)

// The submission letter names the person and the day, says what happens
// next in the submitted page's steps and by when a decision comes, and
// carries its version.
func TestTheSubmittedLetter(t *testing.T) {
	l, err := letters.Render(letters.Submitted, letters.SubmittedFacts{Product: "Keystone Home Equity", FirstName: "Ada", SubmittedOn: "November 28, 2026"})
	if err != nil {
		t.Fatal(err)
	}
	if l.Subject != "Keystone Home Equity: we received your application" || !strings.HasPrefix(l.Version, "LTR-SUBMITTED-") {
		t.Fatalf("got subject %q version %q", l.Subject, l.Version)
	}
	for _, want := range []string{"Hello Ada,", "on November 28, 2026", "1. Review.", "4. Closing.", "within 30 days"} {
		if !strings.Contains(l.Text, want) {
			t.Errorf("the letter does not say %q:\n%s", want, l.Text)
		}
	}
}

// A fact the letter needs and is not given is an error, not a blank.
func TestAMissingFactIsAnError(t *testing.T) {
	if _, err := letters.Render(letters.Submitted, struct{ Product string }{"Keystone"}); err == nil {
		t.Fatal("got a letter without its facts")
	}
	if _, err := letters.Render("no-such-letter", nil); err == nil {
		t.Fatal("got a letter that does not exist")
	}
}

// The decision letter says each decision in its own words: the line
// approved or countered, a decline's principal reasons and where the notice
// is, what a suspension needs and by when, a withdrawal.
func TestTheDecidedLetter(t *testing.T) {
	base := letters.DecidedFacts{Product: "Keystone", FirstName: "Ada"}
	for _, tc := range []struct {
		facts   func(f letters.DecidedFacts) letters.DecidedFacts
		subject string
		says    []string
	}{
		{func(f letters.DecidedFacts) letters.DecidedFacts { f.Action, f.Line = "approve", "$120,000"; return f },
			"Keystone: your line of credit is approved", []string{"We approved your home equity line of credit of $120,000."}},
		{func(f letters.DecidedFacts) letters.DecidedFacts {
			f.Action, f.Line = "counteroffer", "$90,000"
			return f
		},
			"Keystone: we can offer you a different line", []string{"we can offer you a line of $90,000"}},
		{func(f letters.DecidedFacts) letters.DecidedFacts {
			f.Action, f.Reasons = "decline", []string{"Excessive obligations in relation to income", "Delinquent past or present credit obligations"}
			return f
		}, "Keystone: our decision on your application", []string{"  - Excessive obligations in relation to income\n  - Delinquent", "notice of action taken", "Equal Credit Opportunity Act"}},
		{func(f letters.DecidedFacts) letters.DecidedFacts {
			f.Action, f.NeededBy, f.Needed = "suspend", "December 12, 2026", "Your latest bank statement"
			return f
		}, "Keystone: we need more information", []string{"by December 12, 2026", "Your latest bank statement"}},
		{func(f letters.DecidedFacts) letters.DecidedFacts { f.Action = "withdraw"; return f },
			"Keystone: your application is withdrawn", []string{"we have withdrawn your application"}},
	} {
		l, err := letters.Render(letters.Decided, tc.facts(base))
		if err != nil {
			t.Fatal(err)
		}
		if l.Subject != tc.subject || !strings.HasPrefix(l.Version, "LTR-DECIDED-") || !strings.HasPrefix(l.Text, "Hello Ada,") {
			t.Errorf("got subject %q version %q", l.Subject, l.Version)
		}
		for _, want := range tc.says {
			if !strings.Contains(l.Text, want) {
				t.Errorf("%s: the letter does not say %q:\n%s", tc.subject, want, l.Text)
			}
		}
	}
}

// An approval and a counteroffer give the line's terms, and every letter
// links to the borrower's page when the site is known; a decline says its
// notice is attached when it is.
func TestTheDecidedLetterGivesTermsLinksAndTheAttachedNotice(t *testing.T) {
	l, err := letters.Render(letters.Decided, letters.DecidedFacts{Product: "Keystone", FirstName: "Ada", Action: "counteroffer", Line: "$90,000",
		Terms: &letters.DecidedTerms{Line: "$90,000", APR: "8.25%", DrawPeriodYears: 10, RepaymentPeriodYears: 20}, Link: "https://heloc.example/app/application/submitted"})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Your terms:\n\n  Line of credit: $90,000\n  APR (variable): 8.25%", ": https://heloc.example/app/application/submitted."} {
		if !strings.Contains(l.Text, want) {
			t.Errorf("the counteroffer does not say %q:\n%s", want, l.Text)
		}
	}
	if l.Version != "LTR-DECIDED-2026-11.2" {
		t.Errorf("got version %q: a change of the words raises it", l.Version)
	}
	l, err = letters.Render(letters.Decided, letters.DecidedFacts{Product: "Keystone", FirstName: "Ada", Action: "decline", Reasons: []string{"Income insufficient for amount of credit requested"},
		NoticeAttached: true, NoticeFile: letters.NoticeFilename})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(l.Text, "attached to this e-mail as a PDF (notice-of-action-taken.pdf)") || !strings.Contains(l.Text, "sign in to Keystone to read, print or download it") {
		t.Errorf("the decline does not say its notice is attached and where else it is:\n%s", l.Text)
	}
}

// The request of a condition says what is asked, why, and where to send it.
func TestTheConditionLetter(t *testing.T) {
	l, err := letters.Render(letters.Condition, letters.ConditionFacts{Product: "Keystone", FirstName: "Ada", What: "Two most recent bank statements",
		Why: "The deposit of $12,000 on October 3 needs its source.", Link: "https://heloc.example/app/upload"})
	if err != nil {
		t.Fatal(err)
	}
	if l.Subject != "Keystone: your loan team needs something from you" || !strings.HasPrefix(l.Version, "LTR-CONDITION-") {
		t.Errorf("got subject %q version %q", l.Subject, l.Version)
	}
	for _, want := range []string{"Hello Ada,", "  Two most recent bank statements", "Why: The deposit of $12,000 on October 3 needs its source.", "  https://heloc.example/app/upload"} {
		if !strings.Contains(l.Text, want) {
			t.Errorf("the letter does not say %q:\n%s", want, l.Text)
		}
	}
	// Without a note there is no "Why", and without a site the page is named.
	l, err = letters.Render(letters.Condition, letters.ConditionFacts{Product: "Keystone", FirstName: "Ada", What: "Homeowners insurance declarations page"})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(l.Text, "Why:") || !strings.Contains(l.Text, "Sign in to Keystone and open your document upload page") {
		t.Errorf("got:\n%s", l.Text)
	}
}

// A rejected document's letter says which, why, and how to replace it.
func TestTheDocumentRejectedLetter(t *testing.T) {
	l, err := letters.Render(letters.DocumentRejected, letters.DocumentRejectedFacts{Product: "Keystone", FirstName: "Ada", Document: "Pay stubs",
		File: "paystub-october.png", Why: "The pay stub is cut off at the bottom.", Link: "https://heloc.example/app/upload"})
	if err != nil {
		t.Fatal(err)
	}
	if l.Subject != "Keystone: we need another copy of a document" || !strings.HasPrefix(l.Version, "LTR-DOCUMENT-REJECTED-") {
		t.Errorf("got subject %q version %q", l.Subject, l.Version)
	}
	for _, want := range []string{`a file you uploaded for "Pay stubs", paystub-october.png, and cannot accept it`, "Why: The pay stub is cut off at the bottom.", `How to replace it: upload a new file for "Pay stubs"`, "  https://heloc.example/app/upload"} {
		if !strings.Contains(l.Text, want) {
			t.Errorf("the letter does not say %q:\n%s", want, l.Text)
		}
	}
}

// The borrower told that the coborrower's credit check leaves no line: the
// principal reasons, and where the notice of action taken is.
func TestTheTermsChangedLetterWhenNoLineIsOffered(t *testing.T) {
	l, err := letters.Render(letters.TermsChanged, letters.TermsChangedFacts{Product: "Keystone", FirstName: "Ada", Coborrower: "Amara Okafor",
		Declined: true, Reasons: []string{"Credit score of 610 below our minimum of 660"}, Link: "https://heloc.example/app/initial-setup/preview-offer"})
	if err != nil {
		t.Fatal(err)
	}
	if l.Subject != "Keystone: we can no longer offer you a line after Amara Okafor's credit check" || !strings.HasPrefix(l.Version, "LTR-TERMS-CHANGED-") {
		t.Errorf("got subject %q version %q", l.Subject, l.Version)
	}
	for _, want := range []string{"Amara Okafor authorized their own credit check", "  - Credit score of 610 below our minimum of 660",
		"notice of action taken", "https://heloc.example/app/initial-setup/preview-offer"} {
		if !strings.Contains(l.Text, want) {
			t.Errorf("the letter does not say %q:\n%s", want, l.Text)
		}
	}
	if strings.Contains(l.Text, "APR") {
		t.Errorf("a letter of no line gives no terms:\n%s", l.Text)
	}
}
