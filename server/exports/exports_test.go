package exports_test

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/exports"
	"github.com/heloc/heloc/server/los"
	"github.com/heloc/heloc/server/servicetest"
	"github.com/heloc/heloc/server/store"
)

// These tests call the export service directly over the real store (SQLite
// and PostgreSQL) with the demo data, and the loan systems' file drop in a
// folder of the test's.

var (
	today = servicetest.Now()
	staff = &domain.StaffUser{ID: "staff-1", Email: "ada@example.com", Role: domain.RoleAdministrator}
)

type fixture struct {
	db     *store.DB
	svc    *exports.Service
	drop   string
	loanID string
}

// forEachDB runs fn over each dialect's database, in parallel with the
// other tests: each has a database of its own.
func forEachDB(t *testing.T, fn func(t *testing.T, f *fixture)) {
	servicetest.ForEachDB(t, func(t *testing.T, db *store.DB, _ string) {
		drop := t.TempDir()
		systems, err := los.New(los.Config{DropDir: drop, Sealer: servicetest.Keyring()})
		if err != nil {
			t.Fatal(err)
		}
		_, loan := servicetest.LoanOf(t, db, "prime@example.com")
		fn(t, &fixture{db: db, svc: exports.New(db, systems, servicetest.Now), drop: drop, loanID: loan.ID})
	})
}

func ptr[T any](v T) *T { return &v }

// submit stores a complete application for the loan and marks it
// submitted, with an eligible preview offer on file, as application.submit
// leaves a loan.
func (f *fixture) submit(t *testing.T, ssn *string) {
	t.Helper()
	ctx := context.Background()
	addr := &domain.Address{Line1: "1200 Alder Street", City: "San Francisco", State: "CA", Zip: "94110"}
	app := domain.Application{
		User: domain.Person{FirstName: ptr("Priya"), LastName: ptr("Prime"), DateOfBirth: ptr("1980-04-12"), Email: ptr("prime@example.com"), SSN: ssn,
			CurrentAddress: addr, CurrentAddressSince: ptr("2015-06-01"), Housing: ptr("Own"),
			Demographics: &domain.Demographics{WontInformEthinicity: true, WontInformRace: true, WontInformGender: true}},
		Property: domain.Property{Address: addr, Usage: ptr("primaryResidence"), Units: ptr("1"), Value: ptr(domain.CentsOf(850000))},
	}
	if _, _, err := f.db.UpdateApplication(ctx, f.loanID, "", func(l *domain.Loan, a *domain.Application, _ bool) error {
		*a = app
		l.ApplicationStatus = "applicationSubmitted"
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.db.CreateDecision(ctx, "heloc.offer.preview", f.loanID, []byte(`{}`),
		[]byte(`{"eligible":true,"maxLine":250000,"apr":8.5,"margin":1,"primeRate":7.5,"rateCap":18,"repaymentPeriodYears":20,"reasons":[]}`), "r"); err != nil {
		t.Fatal(err)
	}
}

func noAudit(*domain.Export) error { return nil }

// dropped is how many files the target's drop folder holds.
func (f *fixture) dropped(t *testing.T, target string) int {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join(f.drop, target))
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		t.Fatal(err)
	}
	return len(entries)
}

// An application still being filled in is not sent to the loan system.
func TestAnApplicationNotSubmittedIsNotExported(t *testing.T) {
	forEachDB(t, func(t *testing.T, f *fixture) {
		view, err := f.svc.View(context.Background(), f.loanID)
		if err != nil {
			t.Fatal(err)
		}
		if view.Submitted || len(view.Exports) != 0 || len(view.Targets) == 0 {
			t.Fatalf("got %+v, want not submitted, no exports, the targets listed", view)
		}
		_, err = f.svc.Export(context.Background(), staff, f.loanID, "lendingpad", noAudit)
		if domain.ErrorCode(err) != domain.ECONFLICT {
			t.Fatalf("got %v, want CONFLICT", err)
		}
		if n := f.dropped(t, "lendingpad"); n != 0 {
			t.Fatalf("got %d files dropped, want none", n)
		}
	})
}

// A submitted application is sent as MISMO XML with the borrower's name;
// the file kept is the file sent, and the panel lists the export. Without
// the SSN the loan system needs, the field is named and nothing is sent.
func TestASubmittedApplicationIsExportedAsMISMOWithTheBorrowersName(t *testing.T) {
	forEachDB(t, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		f.submit(t, nil)
		_, err := f.svc.Export(ctx, staff, f.loanID, "lendingpad", noAudit)
		if fields := domain.ErrorFields(err); len(fields) != 1 || fields[0].Path != "borrower.ssn" {
			t.Fatalf("got %v (%+v), want the missing SSN named", err, fields)
		}
		if n := f.dropped(t, "lendingpad"); n != 0 {
			t.Fatalf("got %d files dropped, want none", n)
		}

		f.submit(t, ptr("123456789"))
		e, err := f.svc.Export(ctx, staff, f.loanID, "lendingpad", noAudit)
		if err != nil {
			t.Fatal(err)
		}
		if e.Status != domain.ExportSent || e.System != "file drop" || e.Receipt == "" || e.ActorEmail != staff.Email {
			t.Fatalf("got %+v, want sent to the file drop by %s", e, staff.Email)
		}
		sealed, err := os.ReadFile(filepath.Join(f.drop, "lendingpad", e.Receipt))
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(sealed, []byte("123456789")) {
			t.Fatal("the dropped file holds the SSN in clear")
		}
		sent, err := los.OpenDropped(servicetest.Keyring(), e.Receipt, sealed)
		if err != nil {
			t.Fatal(err)
		}
		_, kept, err := f.svc.File(ctx, f.loanID, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(kept, sent) {
			t.Fatal("the file kept is not the file sent")
		}
		var msg struct {
			First []string `xml:"DEAL_SETS>DEAL_SET>DEALS>DEAL>PARTIES>PARTY>INDIVIDUAL>NAME>FirstName"`
			Last  []string `xml:"DEAL_SETS>DEAL_SET>DEALS>DEAL>PARTIES>PARTY>INDIVIDUAL>NAME>LastName"`
		}
		if err := xml.Unmarshal(kept, &msg); err != nil {
			t.Fatal(err)
		}
		if len(msg.First) == 0 || msg.First[0] != "Priya" || len(msg.Last) == 0 || msg.Last[0] != "Prime" {
			t.Fatalf("got names %v %v, want Priya Prime", msg.First, msg.Last)
		}
		view, err := f.svc.View(ctx, f.loanID)
		if err != nil {
			t.Fatal(err)
		}
		if !view.Submitted || len(view.Exports) != 1 || view.Exports[0].ID != e.ID {
			t.Fatalf("got %+v, want the one export listed", view)
		}
	})
}

// An export the audit log refuses is not sent, and its record says so.
func TestAnExportThatCannotBeAuditedIsNotSent(t *testing.T) {
	forEachDB(t, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		f.submit(t, ptr("123456789"))
		refused := errors.New("audit log unavailable")
		if _, err := f.svc.Export(ctx, staff, f.loanID, "lendingpad", func(*domain.Export) error { return refused }); !errors.Is(err, refused) {
			t.Fatalf("got %v, want the audit's error", err)
		}
		if n := f.dropped(t, "lendingpad"); n != 0 {
			t.Fatalf("got %d files dropped, want none", n)
		}
		view, err := f.svc.View(ctx, f.loanID)
		if err != nil {
			t.Fatal(err)
		}
		if len(view.Exports) != 1 || view.Exports[0].Status != domain.ExportFailed {
			t.Fatalf("got %+v, want one failed export", view.Exports)
		}
	})
}
