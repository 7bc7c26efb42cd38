package loans

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/servicetest"
)

// The dates of birth a person may give are the rules' (the identity
// table's ages): of age in the home's state, whose age of majority may be
// above 18, and refused at the field, in the rules' words.
func TestCheckBirthDateIsTheRulesAge(t *testing.T) {
	today := time.Date(2026, 11, 28, 15, 0, 0, 0, time.UTC)
	s := New(nil, servicetest.Policies(), nil, "", func() time.Time { return today })
	loanIn := func(state string) *domain.Loan {
		l := &domain.Loan{}
		if state != "" {
			l.Answers.PropertyState = &state
		}
		return l
	}
	for _, tc := range []struct {
		state, date, want string
	}{
		{"CA", "1980-04-02", ""},
		{"CA", "2006-06-01", ""},                      // 20
		{"", "2008-11-28", ""},                        // 18 today, no state known
		{"MS", "2006-06-01", "at least 21 years old"}, // Mississippi's age of majority
		{"AL", "2008-01-01", "at least 19 years old"}, // Alabama's
		{"CA", "2009-01-01", "at least 18 years old"}, // 17
		{"CA", "2027-01-01", "a date of birth in the past"},
		{"CA", "1900-01-01", "Check the year of the date of birth."},
	} {
		err := s.CheckBirthDate(context.Background(), loanIn(tc.state), "dateOfBirth", tc.date)
		got := ""
		if f := domain.ErrorFields(err); len(f) == 1 && f[0].Path == "dateOfBirth" {
			got = f[0].Message
		} else if err != nil {
			t.Fatalf("%s in %q: got %v, want a refusal at dateOfBirth or none", tc.date, tc.state, err)
		}
		if (tc.want == "") != (got == "") || !strings.Contains(got, tc.want) {
			t.Errorf("%s in %q: got %q, want %q", tc.date, tc.state, got, tc.want)
		}
	}
}
