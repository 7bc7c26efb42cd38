package store_test

import (
	"reflect"
	"testing"
	"time"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/store"
)

// The session and loan every signed-in page reads are the database's as
// of the last write: a sign-out, a status change or new answers are seen
// on the very next read, on SQLite as on PostgreSQL (nothing is kept in
// memory between reads).
func TestASignedInReadSeesTheLastWrite(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		a := &domain.Applicant{Email: "kept@example.com", FirstName: "Kay", LastName: "Kept"}
		loan, err := db.CreateApplicantWithLoan(ctx, a, "propertyValue")
		if err != nil {
			t.Fatal(err)
		}
		token := mustCreateSession(t, db, domain.RealmApplicant, a.ID)
		for range 2 { // read twice: the second read is the database's too
			if _, got, err := db.FindApplicantSession(ctx, token); err != nil || got.Email != "kept@example.com" {
				t.Fatalf("got %+v, %v", got, err)
			}
			if got, err := db.FindLoanByApplicant(ctx, a.ID); err != nil || got.ApplicationStatus != "propertyValue" {
				t.Fatalf("got %+v, %v", got, err)
			}
		}
		if err := db.UpdateLoanStatus(ctx, loan.ID, "application3"); err != nil {
			t.Fatal(err)
		}
		if got, err := db.FindLoanByApplicant(ctx, a.ID); err != nil || got.ApplicationStatus != "application3" {
			t.Fatalf("got %+v, %v; want the new status", got, err)
		}
		// Each read is its own value: changing one changes no other.
		first, _ := db.FindLoanByApplicant(ctx, a.ID)
		first.ApplicationStatus = "changed"
		if again, _ := db.FindLoanByApplicant(ctx, a.ID); again.ApplicationStatus != "application3" {
			t.Fatalf("got %q, want a read unchanged by another caller", again.ApplicationStatus)
		}
		if _, err := db.DeleteSession(ctx, domain.RealmApplicant, token); err != nil {
			t.Fatal(err)
		}
		if _, _, err := db.FindApplicantSession(ctx, token); domain.ErrorCode(err) != domain.EUNAUTHORIZED {
			t.Fatalf("got %v, want the signed-out session refused at once", err)
		}
	})
}

// FindApplicantSessionLoan reads in one query what FindApplicantSession,
// FindLoanByApplicant and LatestDecision read one by one, and the same:
// no loan, the newest loan, no decision, the newest decision of the
// entrypoint asked (not of another, not of another loan), each as of the
// last write, and no session for a portal token or a signed-out one.
func TestFindApplicantSessionLoanReadsWhatTheThreeReads(t *testing.T) {
	const pages = "heloc.funnel.pages"
	forEachDB(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		clock := time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC)
		db.Now = func() time.Time { return clock }
		a := &domain.Applicant{Email: "one@example.com", FirstName: "One", LastName: "Query"}
		if err := db.CreateApplicant(ctx, a); err != nil {
			t.Fatal(err)
		}
		token := mustCreateSession(t, db, domain.RealmApplicant, a.ID)
		check := func(wantLoan bool, wantLatest *domain.Decision) {
			t.Helper()
			s, got, loan, latest, err := db.FindApplicantSessionLoan(ctx, token, pages)
			if err != nil {
				t.Fatal(err)
			}
			s1, a1, err := db.FindApplicantSession(ctx, token)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(s, s1) || !reflect.DeepEqual(got, a1) {
				t.Fatalf("got %+v %+v, want %+v %+v", s, got, s1, a1)
			}
			l1, err := db.FindLoanByApplicant(ctx, a.ID)
			if !wantLoan {
				if loan != nil || latest != nil || domain.ErrorCode(err) != domain.ENOTFOUND {
					t.Fatalf("got %+v, %+v (%v); want no loan", loan, latest, err)
				}
				return
			}
			if err != nil || !reflect.DeepEqual(loan, l1) {
				t.Fatalf("got %+v, want %+v (%v)", loan, l1, err)
			}
			if wantLatest == nil {
				if latest != nil {
					t.Fatalf("got %+v, want no decision", latest)
				}
				return
			}
			d1, err := db.LatestDecision(ctx, loan.ID, pages)
			want := &domain.StoredDecision{ID: d1.ID, Revision: d1.Revision, Input: string(d1.Input), Result: string(d1.Result)}
			if err != nil || d1.ID != wantLatest.ID || !reflect.DeepEqual(latest, want) {
				t.Fatalf("got %+v, want %+v (%v)", latest, want, err)
			}
		}
		check(false, nil)

		first := &domain.Loan{ApplicantID: a.ID, ApplicationStatus: "propertyValue"}
		if err := db.CreateLoan(ctx, first); err != nil {
			t.Fatal(err)
		}
		check(true, nil)
		yes := true
		if _, err := db.UpdateLoanAnswers(ctx, first.ID, func(l *domain.Loan) error {
			l.Answers.HasCoborrower = &yes
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		check(true, nil)

		decide := func(loanID, entrypoint, result string) *domain.Decision {
			clock = clock.Add(time.Second)
			d := &domain.Decision{Entrypoint: entrypoint, LoanID: loanID, Input: []byte(`{"path":"/x"}`), Result: []byte(result), Revision: "r1"}
			if err := db.CreateDecisions(ctx, d); err != nil {
				t.Fatal(err)
			}
			return d
		}
		older := decide(first.ID, pages, `{"n":1}`)
		check(true, older)
		newer := decide(first.ID, pages, `{"n":2}`)
		decide(first.ID, "heloc.routing.resume", `{"n":3}`)
		check(true, newer)

		// A newer loan is the one read, with its own decisions only.
		clock = clock.Add(time.Second)
		second := &domain.Loan{ApplicantID: a.ID, ApplicationStatus: "application3"}
		if err := db.CreateLoan(ctx, second); err != nil {
			t.Fatal(err)
		}
		check(true, nil)
		check(true, nil) // twice: the second read is the database's too
		own := decide(second.ID, pages, `{"n":4}`)
		check(true, own)

		// Ties in the same millisecond go as the one-by-one reads order
		// them: the least loan id, the greatest decision id.
		for range 3 {
			d := &domain.Decision{Entrypoint: pages, LoanID: second.ID, Input: []byte(`{}`), Result: []byte(`{}`), Revision: "r1"}
			if err := db.CreateDecisions(ctx, d); err != nil {
				t.Fatal(err)
			}
		}
		d1, _ := db.LatestDecision(ctx, second.ID, pages)
		check(true, d1)
		clock = clock.Add(time.Second)
		for range 3 {
			if err := db.CreateLoan(ctx, &domain.Loan{ApplicantID: a.ID, ApplicationStatus: "zip"}); err != nil {
				t.Fatal(err)
			}
		}
		check(true, nil)

		portal := mustCreateSession(t, db, domain.RealmPortal, a.ID)
		if _, _, _, _, err := db.FindApplicantSessionLoan(ctx, portal, pages); domain.ErrorCode(err) != domain.EUNAUTHORIZED {
			t.Fatalf("got %v, want a portal session refused", err)
		}
		if _, err := db.DeleteSession(ctx, domain.RealmApplicant, token); err != nil {
			t.Fatal(err)
		}
		if _, _, _, _, err := db.FindApplicantSessionLoan(ctx, token, pages); domain.ErrorCode(err) != domain.EUNAUTHORIZED {
			t.Fatalf("got %v, want the signed-out session refused at once", err)
		}
	})
}
