package store_test

import (
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/store"
)

func TestApplicationIsSealedAndSavedWithTheStatus(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		l := newLoan(t, db, "app@example.com", "previewOffer")
		if _, err := db.FindApplication(ctx, l.ID); domain.ErrorCode(err) != domain.ENOTFOUND {
			t.Fatalf("got %v, want ENOTFOUND before the first save", err)
		}
		if _, err := db.SaveApplicationDraft(ctx, l.ID, "/app/application/1", json.RawMessage(`{"user":{"firstName":"Dra"}}`)); err != nil {
			t.Fatal(err)
		}
		_, app, err := db.UpdateApplication(ctx, l.ID, "/app/application/1", func(l *domain.Loan, app *domain.Application, stored bool) error {
			if stored {
				t.Error("got stored before the first save")
			}
			app.User.SSN = ptr("123456789")
			app.User.FirstName = ptr("Anastasia")
			l.ApplicationStatus = "application"
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if app.User.Employments == nil || app.PropertyOwnerships == nil {
			t.Fatalf("got %+v, want lists, not nil", app)
		}
		got, err := db.FindApplication(ctx, l.ID)
		if err != nil {
			t.Fatal(err)
		}
		if *got.Application.User.SSN != "123456789" || *got.Application.User.FirstName != "Anastasia" {
			t.Fatalf("got %+v, want the SSN and name back", got.Application.User)
		}
		loan, _ := db.FindLoan(ctx, l.ID)
		if loan.ApplicationStatus != "application" {
			t.Fatalf("got status %q, want application", loan.ApplicationStatus)
		}
		var data string
		if err := db.QueryRowForTest(ctx, `SELECT data FROM applications WHERE loan_id = ?`, l.ID).Scan(&data); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(data, "123456789") || strings.Contains(data, "Anastasia") || !strings.HasPrefix(data, "v1.") {
			t.Fatalf("got %q, want the application sealed", data)
		}
		if _, err := db.FindApplicationDraft(ctx, l.ID, "/app/application/1"); domain.ErrorCode(err) != domain.ENOTFOUND {
			t.Fatalf("got %v, want the page's draft deleted by the save", err)
		}

		// A refused update writes nothing.
		_, _, err = db.UpdateApplication(ctx, l.ID, "", func(l *domain.Loan, app *domain.Application, stored bool) error {
			app.User.FirstName = ptr("Bea")
			return domain.Errorf(domain.EINVALID, "no")
		})
		if domain.ErrorCode(err) != domain.EINVALID {
			t.Fatalf("got %v, want the update's error", err)
		}
		if got, _ := db.FindApplication(ctx, l.ID); *got.Application.User.FirstName != "Anastasia" {
			t.Fatalf("got %q, want the refused change not written", *got.Application.User.FirstName)
		}
	})
}

func TestConcurrentApplicationSavesLoseNothing(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		l := newLoan(t, db, "concurrent-app@example.com", "application")
		var wg sync.WaitGroup
		for i := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, _, err := db.UpdateApplication(ctx, l.ID, "", func(_ *domain.Loan, app *domain.Application, _ bool) error {
					app.PropertyOwnerships = append(app.PropertyOwnerships, domain.PropertyOwnership{ID: ptr(string(rune('a' + i)))})
					return nil
				})
				if err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		got, err := db.FindApplication(ctx, l.ID)
		if err != nil {
			t.Fatal(err)
		}
		if n := len(got.Application.PropertyOwnerships); n != 8 {
			t.Fatalf("got %d properties, want 8: a save was lost", n)
		}
	})
}

func TestApplicationDraftsAreSealedPerPage(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		l := newLoan(t, db, "drafts@example.com", "application")
		other := newLoan(t, db, "drafts-other@example.com", "application")
		saved, err := db.SaveApplicationDraft(ctx, l.ID, "/app/application/2", json.RawMessage(`{"property":{"hoaMonthly":"12345"}}`))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.SaveApplicationDraft(ctx, l.ID, "/app/application/2", json.RawMessage(`{"property":{"hoaMonthly":"54321"}}`)); err != nil {
			t.Fatal(err)
		}
		got, err := db.FindApplicationDraft(ctx, l.ID, "/app/application/2")
		if err != nil {
			t.Fatal(err)
		}
		if string(got.Draft) != `{"property":{"hoaMonthly":"54321"}}` || !got.SavedAt.Equal(saved.SavedAt) {
			t.Fatalf("got %s at %v, want the last draft", got.Draft, got.SavedAt)
		}
		for _, probe := range []struct{ loan, path string }{{other.ID, "/app/application/2"}, {l.ID, "/app/application/3"}} {
			if _, err := db.FindApplicationDraft(ctx, probe.loan, probe.path); domain.ErrorCode(err) != domain.ENOTFOUND {
				t.Fatalf("got %v for %v, want no draft", err, probe)
			}
		}
		var sealed string
		if err := db.QueryRowForTest(ctx, `SELECT draft FROM application_drafts WHERE loan_id = ?`, l.ID).Scan(&sealed); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(sealed, "54321") {
			t.Fatalf("got %q, want the draft sealed", sealed)
		}
		// A sealed draft moved to another page does not open.
		if err := db.ExecForTest(ctx, `UPDATE application_drafts SET path = '/app/application/3' WHERE loan_id = ?`, l.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := db.FindApplicationDraft(ctx, l.ID, "/app/application/3"); err == nil {
			t.Fatal("got a draft opened under another page")
		}
	})
}
