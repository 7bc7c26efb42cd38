package conditions_test

import (
	"bytes"
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/heloc/heloc/server/conditions"
	"github.com/heloc/heloc/server/crypt"
	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/mail"
	"github.com/heloc/heloc/server/store"
	"github.com/heloc/heloc/server/store/storetest"
)

// These tests run the service over the real store, on SQLite and on
// PostgreSQL, because what they check (one e-mail per claim, a limit that
// holds under concurrent requests) is the database's to keep.

// catalog answers the condition catalogue with one e-mail condition and
// one question.
type catalog struct{}

func (catalog) Decide(context.Context, string, any) (any, error) {
	return map[string]any{
		"108": map[string]any{"kind": "email", "label": "Confirm no new credit"},
		"104": map[string]any{"kind": "text", "label": "Letter of explanation"},
	}, nil
}

// mailer counts the messages it is handed. Each send takes a little
// while, as a relay does, and fails while fail is set.
type mailer struct {
	sent atomic.Int64
	fail atomic.Bool
}

func (m *mailer) Send(ctx context.Context, _ mail.Message) error {
	time.Sleep(5 * time.Millisecond)
	if m.fail.Load() {
		return errors.New("relay refused")
	}
	m.sent.Add(1)
	return nil
}

// clock is the time both the service and the store read.
type clock struct{ at atomic.Int64 }

func (c *clock) now() time.Time       { return time.UnixMilli(c.at.Load()).UTC() }
func (c *clock) add(d time.Duration)  { c.at.Add(d.Milliseconds()) }
func newClock(start time.Time) *clock { c := &clock{}; c.at.Store(start.UnixMilli()); return c }

var keyring = func() *crypt.Keyring {
	k, err := crypt.NewKeyring("k1", map[string][]byte{"k1": bytes.Repeat([]byte{7}, 32)})
	if err != nil {
		panic(err)
	}
	return k
}()

type fixture struct {
	db     *store.DB
	svc    *conditions.Service
	mailer *mailer
	clock  *clock
	staff  *domain.StaffUser
	loan   *domain.Loan
}

func forEachDB(t *testing.T, fn func(t *testing.T, f *fixture)) {
	for _, dialect := range storetest.Dialects {
		t.Run(dialect, func(t *testing.T) {
			ctx := context.Background()
			db, err := store.Open(ctx, storetest.DSN(t, dialect))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			f := &fixture{db: db, mailer: &mailer{}, clock: newClock(time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC))}
			db.Now, db.Sealer = f.clock.now, keyring
			f.svc = conditions.New(db, catalog{}, f.mailer, "HELOC", f.clock.now)
			f.staff = &domain.StaffUser{Email: "ada@example.com", FirstName: "Ada", LastName: "Admin", Role: domain.RoleAdministrator}
			err = db.CreateStaffUser(ctx, f.staff, domain.StaffCredentials{PasswordHash: "hash",
				SealTOTP: func(id string) (string, error) { return "sealed:" + id, nil }, RecoveryCodeHashes: []string{"r1"}})
			if err != nil {
				t.Fatal(err)
			}
			if f.loan, err = db.CreateApplicantWithLoan(ctx, &domain.Applicant{Email: "prime@example.com", FirstName: "Pat", LastName: "Prime"}, "applicationSubmitted"); err != nil {
				t.Fatal(err)
			}
			fn(t, f)
		})
	}
}

// concurrently runs fn(0) to fn(n-1) at once and returns their errors.
func concurrently(n int, fn func(i int) error) []error {
	errs := make([]error, n)
	var start, done sync.WaitGroup
	start.Add(1)
	for i := range n {
		done.Add(1)
		go func() {
			defer done.Done()
			start.Wait()
			errs[i] = fn(i)
		}()
	}
	start.Done()
	done.Wait()
	return errs
}

// Ten staff clicks on "Send the e-mail again" in the same minute send one
// e-mail: the first claims the send in the database, the others find it
// claimed. A minute later one more goes.
func TestConcurrentResendsSendOneEmailAMinute(t *testing.T) {
	forEachDB(t, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		added, err := f.svc.Add(ctx, f.staff, conditions.AddInput{LoanID: f.loan.ID, Code: "108"})
		if err != nil {
			t.Fatal(err)
		}
		if n := f.mailer.sent.Load(); n != 1 {
			t.Fatalf("got %d e-mails on adding, want 1", n)
		}
		for round := 1; round <= 3; round++ {
			f.clock.add(time.Minute)
			errs := concurrently(10, func(int) error {
				_, err := f.svc.Resend(ctx, conditions.ResendInput{LoanID: f.loan.ID, ConditionID: added.ID})
				return err
			})
			ok := 0
			for _, err := range errs {
				switch domain.ErrorCode(err) {
				case "":
					ok++
				case domain.ECONFLICT:
				default:
					t.Fatalf("round %d: got %v, want the resend sent or refused as a conflict", round, err)
				}
			}
			if n := f.mailer.sent.Load(); n != int64(1+round) || ok != 1 {
				t.Fatalf("round %d: got %d e-mails in all and %d resends answered as sent, want %d and 1", round, n, ok, 1+round)
			}
		}
	})
}

// Twenty e-mail conditions added to one loan at once send the loan's limit
// of e-mails; the others are refused with when to try again and are not
// set. Resends count against the same limit, and conditions without an
// e-mail are still added. An hour after the first e-mails, the loan may be
// sent more.
func TestConditionEmailsAreLimitedPerLoanAndHour(t *testing.T) {
	forEachDB(t, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		added := make([]*conditions.Condition, 20)
		errs := concurrently(20, func(i int) error {
			c, err := f.svc.Add(ctx, f.staff, conditions.AddInput{LoanID: f.loan.ID, Code: "108"})
			added[i] = c
			return err
		})
		var ok []*conditions.Condition
		for i, err := range errs {
			switch {
			case err == nil:
				ok = append(ok, added[i])
			case domain.ErrorCode(err) != domain.ETOOMANY || domain.ErrorRetryAfter(err) != time.Hour:
				t.Fatalf("got %v (retry after %v), want the add refused for an hour", err, domain.ErrorRetryAfter(err))
			}
		}
		if n := f.mailer.sent.Load(); n != 10 || len(ok) != 10 {
			t.Fatalf("got %d e-mails and %d conditions added, want 10 of each", n, len(ok))
		}
		if stored, _ := f.db.ListConditions(ctx, f.loan.ID); len(stored) != 10 {
			t.Fatalf("got %d conditions stored, want the 10 whose e-mail went", len(stored))
		}

		// A resend is refused too, and nothing goes.
		f.clock.add(30 * time.Minute)
		ref := conditions.ResendInput{LoanID: f.loan.ID, ConditionID: ok[0].ID}
		if _, err := f.svc.Resend(ctx, ref); domain.ErrorCode(err) != domain.ETOOMANY || domain.ErrorRetryAfter(err) != 30*time.Minute {
			t.Fatalf("got %v (retry after %v), want the resend refused for the half hour left", err, domain.ErrorRetryAfter(err))
		}
		if c, _ := f.db.FindCondition(ctx, ok[0].ID); !c.MailSentAt.Equal(f.clock.now().Add(-30 * time.Minute)) {
			t.Fatalf("got the e-mail time %v, want the refused resend to leave it", c.MailSentAt)
		}
		// A question has no e-mail, and is added.
		if _, err := f.svc.Add(ctx, f.staff, conditions.AddInput{LoanID: f.loan.ID, Code: "104"}); err != nil {
			t.Fatalf("got %v, want a condition without an e-mail added at the limit", err)
		}
		// Another loan has a limit of its own.
		other, err := f.db.CreateApplicantWithLoan(ctx, &domain.Applicant{Email: "late@example.com"}, "applicationSubmitted")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.Add(ctx, f.staff, conditions.AddInput{LoanID: other.ID, Code: "108"}); err != nil {
			t.Fatalf("got %v, want another loan's e-mail sent", err)
		}

		// An hour after the first e-mails they no longer count.
		f.clock.add(30 * time.Minute)
		if _, err := f.svc.Resend(ctx, ref); err != nil {
			t.Fatalf("got %v, want the resend sent an hour later", err)
		}
		if n := f.mailer.sent.Load(); n != 12 {
			t.Fatalf("got %d e-mails, want 12", n)
		}
	})
}

// An e-mail the mailer refuses is given back: the condition keeps the
// e-mail time it had, the e-mail does not count against the loan, and
// staff may send it at once instead of waiting out the minute.
func TestAnEmailTheMailerRefusesCanBeSentAgainAtOnce(t *testing.T) {
	forEachDB(t, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		f.mailer.fail.Store(true)
		if _, err := f.svc.Add(ctx, f.staff, conditions.AddInput{LoanID: f.loan.ID, Code: "108"}); err == nil {
			t.Fatal("got the condition added as e-mailed, want the mailer's error")
		}
		stored, err := f.db.ListConditions(ctx, f.loan.ID)
		if err != nil || len(stored) != 1 || stored[0].MailSentAt != nil {
			t.Fatalf("got %+v %v, want the condition set with no e-mail time", stored, err)
		}
		ref := conditions.ResendInput{LoanID: f.loan.ID, ConditionID: stored[0].ID}
		if _, err := f.svc.Resend(ctx, ref); err == nil {
			t.Fatal("got a resend through a failing mailer answered as sent")
		}
		f.mailer.fail.Store(false)
		sent, err := f.svc.Resend(ctx, ref)
		if err != nil || sent.MailSentAt == nil || !sent.MailSentAt.Equal(f.clock.now()) || sent.Status != conditions.StatusSent {
			t.Fatalf("got %+v %v, want the e-mail sent at once once the mailer takes it", sent, err)
		}

		// A failed reminder leaves the time of the e-mail that went.
		first := *sent.MailSentAt
		f.clock.add(2 * time.Minute)
		f.mailer.fail.Store(true)
		if _, err := f.svc.Resend(ctx, ref); err == nil {
			t.Fatal("got a resend through a failing mailer answered as sent")
		}
		if c, _ := f.db.FindCondition(ctx, ref.ConditionID); c.MailSentAt == nil || !c.MailSentAt.Equal(first) {
			t.Fatalf("got %v, want the e-mail time put back to %v", c.MailSentAt, first)
		}

		// Only the e-mails that went count: the loan has 9 more this hour.
		f.mailer.fail.Store(false)
		for i := range 9 {
			if _, err := f.svc.Add(ctx, f.staff, conditions.AddInput{LoanID: f.loan.ID, Code: "108"}); err != nil {
				t.Fatalf("add %d: got %v, want it sent", i+1, err)
			}
		}
		if _, err := f.svc.Add(ctx, f.staff, conditions.AddInput{LoanID: f.loan.ID, Code: "108"}); domain.ErrorCode(err) != domain.ETOOMANY {
			t.Fatalf("got %v, want the eleventh e-mail of the hour refused", err)
		}
		if n := f.mailer.sent.Load(); n != 10 {
			t.Fatalf("got %d e-mails, want 10", n)
		}
	})
}

// A resend of a condition without an e-mail, of a resolved one, or of
// another loan's is refused and sends nothing.
func TestOnlyAnOpenEmailConditionOfTheLoanIsSentAgain(t *testing.T) {
	forEachDB(t, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		email, err := f.svc.Add(ctx, f.staff, conditions.AddInput{LoanID: f.loan.ID, Code: "108"})
		if err != nil {
			t.Fatal(err)
		}
		text, err := f.svc.Add(ctx, f.staff, conditions.AddInput{LoanID: f.loan.ID, Code: "104"})
		if err != nil {
			t.Fatal(err)
		}
		other, err := f.db.CreateApplicantWithLoan(ctx, &domain.Applicant{Email: "late@example.com"}, "applicationSubmitted")
		if err != nil {
			t.Fatal(err)
		}
		f.clock.add(2 * time.Minute)
		if _, err := f.svc.Resend(ctx, conditions.ResendInput{LoanID: f.loan.ID, ConditionID: text.ID}); domain.ErrorCode(err) != domain.ECONFLICT {
			t.Fatalf("got %v, want a question refused", err)
		}
		if _, err := f.svc.Resend(ctx, conditions.ResendInput{LoanID: other.ID, ConditionID: email.ID}); domain.ErrorCode(err) != domain.ENOTFOUND {
			t.Fatalf("got %v, want another loan's condition not found", err)
		}
		if _, err := f.svc.Resolve(ctx, f.staff, conditions.ResolveInput{LoanID: f.loan.ID, ConditionID: email.ID, Outcome: "waived"}); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.Resend(ctx, conditions.ResendInput{LoanID: f.loan.ID, ConditionID: email.ID}); domain.ErrorCode(err) != domain.ECONFLICT {
			t.Fatalf("got %v, want a waived condition refused", err)
		}
		if n := f.mailer.sent.Load(); n != 1 {
			t.Fatalf("got %d e-mails, want the first only", n)
		}
	})
}
