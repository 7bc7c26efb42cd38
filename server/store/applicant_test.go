package store_test

import (
	"fmt"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/store"
)

func TestApplicants(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		phone := "2065550100"
		a := &domain.Applicant{Email: "  Ada.Lovelace@Example.COM ", FirstName: "Ada", LastName: "Lovelace", Phone: &phone}
		if err := db.CreateApplicant(ctx, a); err != nil {
			t.Fatal(err)
		}
		if len(a.ID) != 32 || !a.CreatedAt.Equal(testNow) || a.Email != "ada.lovelace@example.com" {
			t.Fatalf("got id %q, created %v, email %q; want a 32-digit id, %v, the e-mail lowercased", a.ID, a.CreatedAt, a.Email, testNow)
		}

		t.Run("FindByEmailAnyCase", func(t *testing.T) {
			got, err := db.FindApplicantByEmail(ctx, "ADA.LOVELACE@example.com")
			if err != nil {
				t.Fatal(err)
			}
			if got.ID != a.ID || got.Phone == nil || *got.Phone != phone || !got.CreatedAt.Equal(a.CreatedAt) {
				t.Fatalf("got %+v, want %+v", got, a)
			}
		})

		t.Run("FindByIDWithoutPhone", func(t *testing.T) {
			b := &domain.Applicant{Email: "grace@example.com", FirstName: "Grace", LastName: "Hopper"}
			if err := db.CreateApplicant(ctx, b); err != nil {
				t.Fatal(err)
			}
			got, err := db.FindApplicantByID(ctx, b.ID)
			if err != nil {
				t.Fatal(err)
			}
			if got.Email != b.Email || got.FirstName != "Grace" || got.LastName != "Hopper" || got.Phone != nil {
				t.Fatalf("got %+v, want %+v", got, b)
			}
		})

		for _, tc := range []struct {
			name    string
			err     func() error
			code    string
			message string
		}{
			{"DuplicateEmailOtherCase", func() error {
				return db.CreateApplicant(ctx, &domain.Applicant{Email: "ADA.LOVELACE@EXAMPLE.COM", FirstName: "A", LastName: "L"})
			}, domain.ECONFLICT, "An account with this e-mail already exists."},
			{"NoEmail", func() error { return db.CreateApplicant(ctx, &domain.Applicant{Email: " "}) }, domain.EINVALID, "E-mail is required."},
			{"EmailNotFound", func() error { _, err := db.FindApplicantByEmail(ctx, "nobody@example.com"); return err }, domain.ENOTFOUND, "Applicant not found."},
			{"IDNotFound", func() error { _, err := db.FindApplicantByID(ctx, "0123"); return err }, domain.ENOTFOUND, "Applicant not found."},
		} {
			t.Run(tc.name, func(t *testing.T) {
				assertError(t, tc.err(), tc.code, tc.message)
			})
		}
	})
}

func TestLoans(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		a := &domain.Applicant{Email: "loan@example.com", FirstName: "L", LastName: "O"}
		if err := db.CreateApplicant(ctx, a); err != nil {
			t.Fatal(err)
		}
		l := &domain.Loan{ApplicantID: a.ID, ApplicationStatus: "previewOffer"}
		if err := db.CreateLoan(ctx, l); err != nil {
			t.Fatal(err)
		}

		t.Run("FindByApplicant", func(t *testing.T) {
			got, err := db.FindLoanByApplicant(ctx, a.ID)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(*got, *l) {
				t.Fatalf("got %+v, want %+v", *got, *l)
			}
		})

		t.Run("Answers", func(t *testing.T) {
			b := &domain.Applicant{Email: "answers@example.com", FirstName: "A", LastName: "N"}
			if err := db.CreateApplicant(ctx, b); err != nil {
				t.Fatal(err)
			}
			yes := true
			want := domain.PrequalAnswers{HasCoborrower: &yes, IsSelfEmployed: &yes}
			if err := db.CreateLoan(ctx, &domain.Loan{ApplicantID: b.ID, ApplicationStatus: "zip", Answers: want}); err != nil {
				t.Fatal(err)
			}
			got, err := db.FindLoanByApplicant(ctx, b.ID)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got.Answers, want) {
				t.Fatalf("got answers %+v, want %+v", got.Answers, want)
			}
			if !reflect.DeepEqual(l.Answers, domain.PrequalAnswers{}) {
				t.Fatalf("got answers %+v for a loan made without any, want none", l.Answers)
			}
		})

		t.Run("UpdateStatus", func(t *testing.T) {
			later := testNow.Add(time.Hour)
			db.Now = func() time.Time { return later }
			if err := db.UpdateLoanStatus(ctx, l.ID, "application"); err != nil {
				t.Fatal(err)
			}
			got, err := db.FindLoanByApplicant(ctx, a.ID)
			if err != nil {
				t.Fatal(err)
			}
			if got.ApplicationStatus != "application" || !got.UpdatedAt.Equal(later) || !got.CreatedAt.Equal(testNow) {
				t.Fatalf("got %+v, want status application, updated %v, created %v", got, later, testNow)
			}
		})

		for _, tc := range []struct {
			name    string
			err     func() error
			code    string
			message string
		}{
			{"UnknownApplicant", func() error {
				return db.CreateLoan(ctx, &domain.Loan{ApplicantID: "missing", ApplicationStatus: "zip"})
			}, domain.ENOTFOUND, "Applicant not found."},
			{"NoLoan", func() error { _, err := db.FindLoanByApplicant(ctx, "missing"); return err }, domain.ENOTFOUND, "Loan not found."},
			{"UpdateUnknownLoan", func() error { return db.UpdateLoanStatus(ctx, "missing", "zip") }, domain.ENOTFOUND, "Loan not found."},
			{"UpdateEmptyStatus", func() error { return db.UpdateLoanStatus(ctx, l.ID, "") }, domain.EINVALID, "Application status is required."},
		} {
			t.Run(tc.name, func(t *testing.T) {
				assertError(t, tc.err(), tc.code, tc.message)
			})
		}
	})
}

// TestConcurrentWrites has many goroutines, split over two handles on the
// same database as two server processes would be, create applicants at
// once. On SQLite this shows writers queue (one writer connection per
// handle, BEGIN IMMEDIATE and the busy timeout) instead of failing with
// SQLITE_BUSY.
func TestConcurrentWrites(t *testing.T) {
	forEachDSN(t, func(t *testing.T, dialect, dsn string) {
		dbs := []*store.DB{MustOpenDSN(t, dsn), MustOpenDSN(t, dsn)}
		const n = 200
		errs := make(chan error, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Go(func() {
				db := dbs[i%len(dbs)]
				a := &domain.Applicant{Email: fmt.Sprintf("user%d@example.com", i), FirstName: "U", LastName: "Ser"}
				if err := db.CreateApplicant(t.Context(), a); err != nil {
					errs <- err
					return
				}
				// A read right after the write, from the other handle's read pool.
				if _, err := dbs[(i+1)%len(dbs)].FindApplicantByID(t.Context(), a.ID); err != nil {
					errs <- err
				}
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Errorf("got %v, want nil", err)
		}
		for i := range n {
			if _, err := dbs[0].FindApplicantByEmail(t.Context(), fmt.Sprintf("user%d@example.com", i)); err != nil {
				t.Fatalf("user%d: got %v, want found", i, err)
			}
		}
	})
}
