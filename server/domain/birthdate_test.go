package domain_test

import (
	"testing"
	"time"

	"github.com/heloc/heloc/server/domain"
)

func TestCheckBirthDate(t *testing.T) {
	today := time.Date(2026, 11, 28, 15, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		date string
		ok   bool
	}{
		{"1980-04-12", true},
		{"2008-11-28", true},  // 18 today
		{"2008-11-29", false}, // 18 tomorrow
		{"2030-01-01", false}, // the future
		{"2026-11-28", false}, // today
		{"1906-11-28", true},  // 120 today
		{"1900-01-01", false}, // a slip of the year
		{"1980-02-31", false}, // no such day
	} {
		err := domain.CheckBirthDate("user.dateOfBirth", tc.date, today)
		if (err == nil) != tc.ok {
			t.Errorf("%s: got %v, want ok=%v", tc.date, err, tc.ok)
		}
		if err != nil && domain.ErrorFields(err)[0].Path != "user.dateOfBirth" {
			t.Errorf("%s: got the error at %v, want at user.dateOfBirth", tc.date, domain.ErrorFields(err))
		}
	}
}
