package domain_test

import (
	"testing"
	"time"

	"github.com/heloc/heloc/server/domain"
)

func TestBirthDatesCheck(t *testing.T) {
	today := time.Date(2026, 11, 28, 15, 0, 0, 0, time.UTC)
	b := domain.BirthDates{Latest: "2008-11-28", Earliest: "1906-11-28"}
	b.Messages.Future, b.Messages.TooYoung, b.Messages.TooOld = "future", "too young", "too old"
	for _, tc := range []struct {
		date, want string
	}{
		{"1980-04-12", ""},
		{"2008-11-28", ""},          // 18 today
		{"2008-11-29", "too young"}, // 18 tomorrow
		{"2030-01-01", "future"},
		{"2026-11-28", "future"}, // today
		{"1906-11-28", ""},       // 120 today
		{"1900-01-01", "too old"},
		{"1980-02-31", "Enter the date of birth as MM/DD/YYYY."}, // no such day
	} {
		err := b.Check("user.dateOfBirth", tc.date, today)
		got := ""
		if err != nil {
			f := domain.ErrorFields(err)
			if len(f) != 1 || f[0].Path != "user.dateOfBirth" {
				t.Fatalf("%s: got the error at %v, want at user.dateOfBirth", tc.date, f)
			}
			got = f[0].Message
		}
		if got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.date, got, tc.want)
		}
	}
}
