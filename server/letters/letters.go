// Package letters holds the e-mails the product sends a borrower about
// their loan at the moments that matter (issue 23 "No one is told"): each
// is an embedded plain-text template (texts/*.txt) with its version and
// subject, filled in with the loan's own facts. Like the disclosures, the
// wording is reviewed and versioned: raise a letter's version with every
// change of its words; the loan's record of a letter sent names the version
// it used. The letters hold no SSN, birth date, account number or amount
// the person did not see already, since e-mail is not a sealed channel.
package letters

import (
	"bytes"
	"embed"
	"fmt"
	"strings"
	"sync"
	"text/template"
)

//go:embed texts/*.txt
var texts embed.FS

// The letters, by the name of their template.
const (
	// Submitted tells a person on the loan that the application was
	// received, and what happens next (the submitted page's steps).
	Submitted = "submitted"
	// Decided tells a person on the loan the lender's credit decision:
	// approved with its line, a counteroffer's line, a decline's principal
	// reasons (the notice of action taken is on their page), what a
	// suspension needs and by when, or a withdrawal.
	Decided = "decided"
	// Condition tells the person a condition asks that their loan team
	// needs something: what, why (the team's note) and where to send it.
	Condition = "condition"
	// DocumentRejected tells the person who uploaded a document that it
	// was not accepted: why (the reviewer's note) and how to replace it.
	DocumentRejected = "document-rejected"
	// TermsChanged tells the borrower that their preview offer, decided
	// again once the coborrower's own credit check added their report, is
	// worse than the one they were shown: a lower line, a higher APR, or
	// no line with the principal reasons.
	TermsChanged = "terms-changed"
)

// TermsChangedFacts fill in the TermsChanged letter: who the coborrower is
// (their name), whether no line is offered now (Declined, with the
// notice's principal Reasons), else the line and APR now and before, in
// words; Link the preview offer's page.
type TermsChangedFacts struct {
	Product    string
	FirstName  string
	Coborrower string
	Declined   bool
	Reasons    []string
	Line       string
	WasLine    string
	APR        string
	WasAPR     string
	Link       string
}

// Letter is one letter rendered for one person.
type Letter struct {
	Name    string
	Version string
	Subject string
	Text    string
}

// SubmittedFacts fill in the Submitted letter.
type SubmittedFacts struct {
	Product     string
	FirstName   string
	SubmittedOn string // "November 28, 2026"
}

// DecidedFacts fill in the Decided letter. Action is a credit decision's
// (domain.CreditApprove...); Line is the approved or countered line in
// words ("$90,000") and Terms its terms (nil: none to give); Reasons a decline's principal reasons, NoticeAttached whether
// its notice goes with the letter as NoticeFile; NeededBy and Needed what a
// suspension asks and by when; Link the borrower's page ("" without a
// public address: the letter says to sign in).
type DecidedFacts struct {
	Product        string
	FirstName      string
	Action         string
	Line           string
	Terms          *DecidedTerms
	Reasons        []string
	NoticeAttached bool
	NoticeFile     string
	NeededBy       string
	Needed         string
	Link           string
}

// DecidedTerms are a decided line's terms in words, as the borrower's page
// shows them: the line ("$90,000"), its APR ("8.25%"), its origination fee
// ("" for none), its periods in years, and its monthly payments with the
// line fully drawn ("" when not known). The letter's template labels them.
type DecidedTerms struct {
	Line                 string
	APR                  string
	OriginationFee       string
	DrawPeriodYears      int
	RepaymentPeriodYears int
	DrawPayment          string
	RepaymentPayment     string
}

// ConditionFacts fill in the Condition letter: What is asked (the
// condition's label), Why the loan team's note ("" for none), Link the
// borrower's upload page.
type ConditionFacts struct {
	Product   string
	FirstName string
	What      string
	Why       string
	Link      string
}

// DocumentRejectedFacts fill in the DocumentRejected letter: the
// document's kind in words ("Pay stub"), the file's name as uploaded,
// Why the reviewer's note, Link the borrower's upload page.
type DocumentRejectedFacts struct {
	Product   string
	FirstName string
	Document  string
	File      string
	Why       string
	Link      string
}

// parsed is one letter's text as embedded, parsed: its version, and its
// subject and body as templates.
type parsed struct {
	version       string
	subject, body *template.Template
}

// templates are every letter of texts/, parsed once, at first use.
var templates = sync.OnceValues(func() (map[string]parsed, error) {
	files, err := texts.ReadDir("texts")
	if err != nil {
		return nil, err
	}
	out := map[string]parsed{}
	for _, f := range files {
		name := strings.TrimSuffix(f.Name(), ".txt")
		raw, err := texts.ReadFile("texts/" + f.Name())
		if err != nil {
			return nil, err
		}
		head, body, ok := strings.Cut(string(raw), "\n---\n")
		if !ok {
			return nil, fmt.Errorf("letters: %s: no --- between its head and its body", name)
		}
		var version, subject string
		for _, line := range strings.Split(head, "\n") {
			key, value, _ := strings.Cut(line, ": ")
			switch key {
			case "version":
				version = value
			case "subject":
				subject = value
			}
		}
		if version == "" || subject == "" {
			return nil, fmt.Errorf("letters: %s: its head needs a version and a subject", name)
		}
		// A field the facts lack is an error, never "<no value>".
		p := parsed{version: version}
		if p.subject, err = template.New(name + " subject").Option("missingkey=error").Parse(subject); err != nil {
			return nil, fmt.Errorf("letters: %s: %w", name, err)
		}
		if p.body, err = template.New(name).Option("missingkey=error").Parse(body); err != nil {
			return nil, fmt.Errorf("letters: %s: %w", name, err)
		}
		out[name] = p
	}
	return out, nil
})

// Render fills in the letter name with facts.
func Render(name string, facts any) (Letter, error) {
	all, err := templates()
	if err != nil {
		return Letter{}, err
	}
	p, ok := all[name]
	if !ok {
		return Letter{}, fmt.Errorf("letters: no letter %q", name)
	}
	l := Letter{Name: name, Version: p.version}
	if l.Subject, err = fill(p.subject, facts); err != nil {
		return Letter{}, err
	}
	if strings.ContainsAny(l.Subject, "\r\n") {
		return Letter{}, fmt.Errorf("letters: %s: the subject has a line break", name)
	}
	if l.Text, err = fill(p.body, facts); err != nil {
		return Letter{}, err
	}
	return l, nil
}

// fill executes t on facts.
func fill(t *template.Template, facts any) (string, error) {
	var b bytes.Buffer
	if err := t.Execute(&b, facts); err != nil {
		return "", fmt.Errorf("letters: %s: %w", t.Name(), err)
	}
	return b.String(), nil
}
