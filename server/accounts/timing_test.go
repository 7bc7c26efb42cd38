package accounts_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/heloc/heloc/server/accounts"
	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/password"
)

// tries is how many timings each side of a comparison takes.
const tries = 30

// median of the durations.
func median(d []time.Duration) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	return s[len(s)/2]
}

// sameTime fails unless the medians of known and unknown are within a
// factor of two of each other: a hash is tens of milliseconds, a lookup a
// fraction of one, so skipping the hash on one side shows as 10x or more.
func sameTime(t *testing.T, what string, known, unknown []time.Duration) {
	t.Helper()
	k, u := median(known), median(unknown)
	ratio := float64(k) / float64(u)
	t.Logf("%s: known median %v, unknown median %v, ratio %.2f", what, k, u, ratio)
	if ratio < 0.5 || ratio > 2 {
		t.Errorf("%s: known e-mail median %v, unknown %v (ratio %.2f), want within 0.5-2x", what, k, u, ratio)
	}
}

// timed runs fn and returns how long it took.
func timed(fn func()) time.Duration {
	start := time.Now()
	fn()
	return time.Since(start)
}

// Creating an account with a password costs the same for an e-mail that
// has an account (which only gets a code mailed) as for a new one: both
// hash the password (issue 10: 1.3 ms against 38 ms before).
func TestCreateApplicantTakesTheSameTimeForAKnownEmail(t *testing.T) {
	f := mustOpen(t)
	ctx := context.Background()
	const pw = "a long passphrase"
	for i := range tries {
		if err := f.svc.CreateApplicant(ctx, &domain.Applicant{Email: fmt.Sprintf("known%d@example.com", i), FirstName: "K", LastName: "N"}, ""); err != nil {
			t.Fatal(err)
		}
	}
	var known, unknown []time.Duration
	for i := range tries { // interleaved, so drift touches both alike
		known = append(known, timed(func() {
			if err := f.svc.CreateApplicant(ctx, &domain.Applicant{Email: fmt.Sprintf("known%d@example.com", i), FirstName: "K", LastName: "N"}, pw); err != nil {
				t.Fatal(err)
			}
		}))
		unknown = append(unknown, timed(func() {
			if err := f.svc.CreateApplicant(ctx, &domain.Applicant{Email: fmt.Sprintf("new%d@example.com", i), FirstName: "N", LastName: "W"}, pw); err != nil {
				t.Fatal(err)
			}
		}))
	}
	sameTime(t, "identity.createAccount", known, unknown)
	// The known account's password is not changed by the attempt.
	if _, err := f.svc.SignInApplicantWithPassword(ctx, "known0@example.com", pw); domain.ErrorCode(err) != domain.EUNAUTHORIZED {
		t.Fatalf("got %v, want a known account's password left unset", err)
	}
	if _, err := f.svc.SignInApplicantWithPassword(ctx, "new0@example.com", pw); err != nil {
		t.Fatalf("got %v, want the new account's password stored", err)
	}
}

// Signing in with a password costs the same for a wrong password, an
// account without a password and an e-mail with no account.
func TestPasswordSignInTakesTheSameTimeForAnUnknownEmail(t *testing.T) {
	f := mustOpen(t)
	ctx := context.Background()
	if err := f.svc.CreateApplicant(ctx, &domain.Applicant{Email: "has-pw@example.com", FirstName: "H", LastName: "P"}, "the right passphrase"); err != nil {
		t.Fatal(err)
	}
	if err := f.svc.CreateApplicant(ctx, &domain.Applicant{Email: "no-pw@example.com", FirstName: "N", LastName: "P"}, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.EnrolStaffUser(ctx, &domain.StaffUser{Email: "staff@example.com", FirstName: "S", LastName: "U", Role: domain.RoleAdministrator}, "the right passphrase"); err != nil {
		t.Fatal(err)
	}
	refused := func(_ any, err error) {
		if domain.ErrorCode(err) != domain.EUNAUTHORIZED || accounts.IsSecondFactorRequired(err) {
			t.Fatalf("got %v, want a plain sign-in refusal", err)
		}
	}
	var wrong, noPassword, unknown, staffWrong, staffUnknown []time.Duration
	for range tries {
		wrong = append(wrong, timed(func() { refused(f.svc.SignInApplicantWithPassword(ctx, "has-pw@example.com", "a wrong passphrase")) }))
		noPassword = append(noPassword, timed(func() { refused(f.svc.SignInApplicantWithPassword(ctx, "no-pw@example.com", "a wrong passphrase")) }))
		unknown = append(unknown, timed(func() { refused(f.svc.SignInApplicantWithPassword(ctx, "nobody@example.com", "a wrong passphrase")) }))
		staffWrong = append(staffWrong, timed(func() { refused(f.svc.SignInStaff(ctx, "staff@example.com", "a wrong passphrase", "")) }))
		staffUnknown = append(staffUnknown, timed(func() { refused(f.svc.SignInStaff(ctx, "nobody@example.com", "a wrong passphrase", "")) }))
	}
	sameTime(t, "callback/password, wrong password against unknown e-mail", wrong, unknown)
	sameTime(t, "callback/password, account without a password against unknown e-mail", noPassword, unknown)
	sameTime(t, "callback/credentials, wrong password against unknown e-mail", staffWrong, staffUnknown)
}

// When the hashing gate has no slot, every path that hashes answers the
// gate's refusal (429 on the wire), the same for a known and an unknown
// e-mail, and never a sign-in refusal that would send the user to retype.
func TestEveryHashingPathAnswersBusy(t *testing.T) {
	f := mustOpen(t)
	ctx := context.Background()
	if err := f.svc.CreateApplicant(ctx, &domain.Applicant{Email: "has-pw@example.com", FirstName: "H", LastName: "P"}, "the right passphrase"); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.EnrolStaffUser(ctx, &domain.StaffUser{Email: "staff@example.com", FirstName: "S", LastName: "U", Role: domain.RoleAdministrator}, "the right passphrase"); err != nil {
		t.Fatal(err)
	}
	a, _ := f.db.FindApplicantByEmail(ctx, "has-pw@example.com")

	password.SetConcurrency(1, time.Millisecond)
	t.Cleanup(func() { password.SetConcurrency(password.DefaultConcurrency(), password.MaxWait) })
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() { // keeps the one slot taken
		defer close(done)
		for {
			select {
			case <-stop:
				return
			default:
				_ = password.VerifyDummy(ctx, "x")
			}
		}
	}()
	defer func() { close(stop); <-done }()

	paths := map[string]func() error{
		"sign-in, known e-mail": func() error {
			_, err := f.svc.SignInApplicantWithPassword(ctx, "has-pw@example.com", "the right passphrase")
			return err
		},
		"sign-in, unknown e-mail": func() error {
			_, err := f.svc.SignInApplicantWithPassword(ctx, "nobody@example.com", "whatever it is")
			return err
		},
		"portal, known e-mail": func() error {
			_, err := f.svc.SignInStaff(ctx, "staff@example.com", "the right passphrase", "")
			return err
		},
		"portal, unknown e-mail": func() error { _, err := f.svc.SignInStaff(ctx, "nobody@example.com", "whatever it is", ""); return err },
		"create, known e-mail": func() error {
			return f.svc.CreateApplicant(ctx, &domain.Applicant{Email: "has-pw@example.com", FirstName: "H", LastName: "P"}, "a long passphrase")
		},
		"create, new e-mail": func() error {
			return f.svc.CreateApplicant(ctx, &domain.Applicant{Email: "fresh@example.com", FirstName: "F", LastName: "R"}, "a long passphrase")
		},
		"password change": func() error { return f.svc.SetApplicantPassword(ctx, a.ID, "another passphrase") },
		"portal enrolment": func() error {
			_, err := f.svc.EnrolStaffUser(ctx, &domain.StaffUser{Email: "new-staff@example.com", FirstName: "N", LastName: "S", Role: domain.RoleAdministrator}, "the right passphrase")
			return err
		},
	}
	for name, fn := range paths {
		t.Run(name, func(t *testing.T) {
			// The slot frees for an instant between the holder's hashes, so
			// a call may slip in; over a few tries one must be refused.
			for range 20 {
				err := fn()
				if errors.Is(err, password.ErrBusy) {
					return
				}
				if domain.ErrorCode(err) == domain.EINTERNAL {
					t.Fatalf("got %v, want ErrBusy", err)
				}
			}
			t.Fatal("never refused while the gate was full")
		})
	}
}
