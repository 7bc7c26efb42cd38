package store_test

import (
	"errors"
	"testing"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/store"
)

func TestConsents(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()

		t.Run("RecordedWithTheAccount", func(t *testing.T) {
			a := &domain.Applicant{Email: "consents@example.com", FirstName: "C", LastName: "S"}
			given := []domain.ConsentRecord{
				{Kind: "eConsent", Version: "esign-2026-11", ClientIP: "203.0.113.7", UserAgent: "Firefox/140"},
				{Kind: "informationSharing", Version: "sharing-2026-11", ClientIP: "203.0.113.7", UserAgent: "Firefox/140"},
			}
			loan, err := db.CreateApplicantWithConsents(ctx, a, "propertyValue", given)
			if err != nil {
				t.Fatal(err)
			}
			if loan.ApplicantID != a.ID || loan.ApplicationStatus != "propertyValue" {
				t.Fatalf("loan %+v", loan)
			}
			got, err := db.ListConsents(ctx, a.ID)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != 2 {
				t.Fatalf("got %d consents, want 2: %+v", len(got), got)
			}
			for i, c := range got {
				want := given[i]
				if c.Kind != want.Kind || c.Version != want.Version || c.ClientIP != want.ClientIP || c.UserAgent != want.UserAgent || !c.At.Equal(testNow) {
					t.Errorf("consent %d: got %+v, want %+v at %v", i, c, want, testNow)
				}
			}
		})

		t.Run("AllOrNothing", func(t *testing.T) {
			a := &domain.Applicant{Email: "half@example.com", FirstName: "H", LastName: "F"}
			_, err := db.CreateApplicantWithConsents(ctx, a, "propertyValue", []domain.ConsentRecord{{Kind: "eConsent"}})
			assertError(t, err, domain.EINVALID, "A consent needs its kind and version.")
			if _, err := db.FindApplicantByEmail(ctx, "half@example.com"); domain.ErrorCode(err) != domain.ENOTFOUND {
				t.Fatalf("the account was kept without its consents: %v", err)
			}
		})

		t.Run("AddedLater", func(t *testing.T) {
			a := &domain.Applicant{Email: "later@example.com", FirstName: "L", LastName: "T"}
			if _, err := db.CreateApplicantWithConsents(ctx, a, "propertyValue", nil); err != nil {
				t.Fatal(err)
			}
			if err := db.RecordConsents(ctx, a.ID, []domain.ConsentRecord{{Kind: "tcpa", Version: "tcpa-2026-11", ClientIP: "::1", UserAgent: "curl"}}); err != nil {
				t.Fatal(err)
			}
			got, err := db.ListConsents(ctx, a.ID)
			if err != nil || len(got) != 1 || got[0].Kind != "tcpa" {
				t.Fatalf("got %+v, %v", got, err)
			}
		})
	})
}

func TestWaitlist(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		var boundTo string
		e, err := db.AddToWaitlist(ctx, "NY", "10001", func(id string) (string, error) {
			boundTo = id
			return "sealed:" + id, nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if boundTo != e.ID || e.Contact != "sealed:"+e.ID || !e.CreatedAt.Equal(testNow) {
			t.Fatalf("entry %+v sealed for %q", e, boundTo)
		}
		got, err := db.ListWaitlist(ctx, "NY")
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 1 || got[0].ID != e.ID || got[0].Zip != "10001" || got[0].Contact != e.Contact {
			t.Fatalf("got %+v", got)
		}
		if other, err := db.ListWaitlist(ctx, "MA"); err != nil || len(other) != 0 {
			t.Fatalf("MA: %+v, %v", other, err)
		}

		t.Run("NothingStoredWhenSealingFails", func(t *testing.T) {
			_, err := db.AddToWaitlist(ctx, "MA", "02101", func(string) (string, error) { return "", errors.New("no key") })
			if err == nil {
				t.Fatal("stored without a sealed contact")
			}
			if got, _ := db.ListWaitlist(ctx, "MA"); len(got) != 0 {
				t.Fatalf("got %+v", got)
			}
		})
	})
}
