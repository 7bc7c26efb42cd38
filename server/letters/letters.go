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
)

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
// words ("$90,000"); Reasons a decline's principal reasons; NeededBy and
// Needed what a suspension asks and by when.
type DecidedFacts struct {
	Product   string
	FirstName string
	Action    string
	Line      string
	Reasons   []string
	NeededBy  string
	Needed    string
}

// Render fills in the letter name with facts.
func Render(name string, facts any) (Letter, error) {
	raw, err := texts.ReadFile("texts/" + name + ".txt")
	if err != nil {
		return Letter{}, fmt.Errorf("letters: no letter %q", name)
	}
	head, body, ok := strings.Cut(string(raw), "\n---\n")
	if !ok {
		return Letter{}, fmt.Errorf("letters: %s: no --- between its head and its body", name)
	}
	l := Letter{Name: name}
	for _, line := range strings.Split(head, "\n") {
		key, value, _ := strings.Cut(line, ": ")
		switch key {
		case "version":
			l.Version = value
		case "subject":
			l.Subject = value
		}
	}
	if l.Version == "" || l.Subject == "" {
		return Letter{}, fmt.Errorf("letters: %s: its head needs a version and a subject", name)
	}
	if l.Subject, err = fill(name+" subject", l.Subject, facts); err != nil {
		return Letter{}, err
	}
	if strings.ContainsAny(l.Subject, "\r\n") {
		return Letter{}, fmt.Errorf("letters: %s: the subject has a line break", name)
	}
	if l.Text, err = fill(name, body, facts); err != nil {
		return Letter{}, err
	}
	return l, nil
}

// fill executes text as a template on facts; a field facts lacks is an
// error, never "<no value>".
func fill(name, text string, facts any) (string, error) {
	t, err := template.New(name).Option("missingkey=error").Parse(text)
	if err != nil {
		return "", fmt.Errorf("letters: %s: %w", name, err)
	}
	var b bytes.Buffer
	if err := t.Execute(&b, facts); err != nil {
		return "", fmt.Errorf("letters: %s: %w", name, err)
	}
	return b.String(), nil
}
