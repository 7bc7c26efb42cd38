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
