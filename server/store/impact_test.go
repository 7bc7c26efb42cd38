package store_test

import (
	"slices"
	"testing"
	"time"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/store"
)

// The impact report compares a loan's latest decision of each entrypoint in
// the range, and every visitor's estimate in it.
func TestEachLatestDecision(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		loan := newLoan(t, db, "impact@example.com", "propertyValue")
		at := func(day int, entrypoint, loanID string) string {
			t.Helper()
			db.Now = func() time.Time { return time.Date(2026, 11, day, 12, 0, 0, 0, time.UTC) }
			id, err := db.CreateDecision(ctx, entrypoint, loanID, []byte(`{"day":1}`), []byte(`{}`), "r")
			if err != nil {
				t.Fatal(err)
			}
			return id
		}
		early := at(1, "heloc.eligibility.decision", loan.ID)
		middle := at(2, "heloc.eligibility.decision", loan.ID)
		latest := at(3, "heloc.eligibility.decision", loan.ID)
		pages := at(1, "heloc.funnel.pages", loan.ID)
		visitor1 := at(2, "heloc.eligibility.decision", "")
		visitor2 := at(3, "heloc.eligibility.decision", "")

		read := func(since, until time.Time) []string {
			t.Helper()
			var got []string
			if err := db.EachLatestDecision(ctx, since, until, func(d *store.Decision) error {
				got = append(got, d.ID)
				return nil
			}); err != nil {
				t.Fatal(err)
			}
			return got
		}
		day := func(d int) time.Time { return time.Date(2026, 11, d, 0, 0, 0, 0, time.UTC) }
		if got, want := read(time.Time{}, time.Time{}), []string{pages, visitor1, latest, visitor2}; !sameSet(got, want) {
			t.Errorf("all time: got %v, want the loan's latest of each entrypoint %v and both visitors'", got, want)
		}
		// Until the 3rd: the loan's latest is then the 2nd's.
		if got, want := read(time.Time{}, day(3)), []string{pages, middle, visitor1}; !sameSet(got, want) {
			t.Errorf("until the 3rd: got %v, want %v", got, want)
		}
		if got, want := read(day(2), day(3)), []string{middle, visitor1}; !sameSet(got, want) {
			t.Errorf("the 2nd: got %v, want %v", got, want)
		}
		if slices.Contains(read(time.Time{}, time.Time{}), early) {
			t.Error("got the superseded decision compared")
		}
	})
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// The fair-lending view reads the borrower's HMDA answers of the loans
// asked for, opened from the sealed application.
func TestBorrowerDemographics(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		answered := newLoan(t, db, "answered@example.com", "application6")
		unanswered := newLoan(t, db, "unanswered@example.com", "application6")
		other := newLoan(t, db, "other@example.com", "application6")
		save := func(l *domain.Loan, d *domain.Demographics) {
			t.Helper()
			if _, _, err := db.UpdateApplication(ctx, l.ID, "", func(_ *domain.Loan, app *domain.Application, _ bool) error {
				app.User.Demographics = d
				return nil
			}); err != nil {
				t.Fatal(err)
			}
		}
		save(answered, &domain.Demographics{IsFemale: true, IsAsian: true, IsKorean: true})
		save(unanswered, nil)
		save(other, &domain.Demographics{IsMale: true})

		got, err := db.BorrowerDemographics(ctx, []string{answered.ID, unanswered.ID, "no-such-loan"})
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 1 || !got[answered.ID].IsFemale || !got[answered.ID].IsKorean || got[answered.ID].IsMale {
			t.Fatalf("got %+v, want only the answered loan's answers", got)
		}
		if got, err := db.BorrowerDemographics(ctx, nil); err != nil || len(got) != 0 {
			t.Fatalf("got %v (%v) for no loans", got, err)
		}
	})
}
