package store_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/heloc/heloc/fixtures"
	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/store"
)

func TestSeedDemo(t *testing.T) {
	var insights []struct{ Slug, Body string }
	var personas []struct {
		Email, ApplicationStatus string
		Answers                  domain.PrequalAnswers
		Profile                  struct{ PropertyState string }
	}
	for name, v := range map[string]any{"insights.json": &insights, "personas.json": &personas} {
		buf, err := fixtures.FS.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(buf, v); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}

	forEachDB(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		for range 2 { // the second call must find the data and add nothing
			if err := db.SeedDemo(ctx, fixtures.FS); err != nil {
				t.Fatal(err)
			}
		}

		list, err := db.ListInsights(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != len(insights) {
			t.Fatalf("got %d insights, want %d", len(list), len(insights))
		}
		for _, want := range insights {
			got, err := db.FindInsight(ctx, want.Slug)
			if err != nil {
				t.Fatalf("%s: %v", want.Slug, err)
			}
			if got.Body != want.Body {
				t.Errorf("%s: got body of %d bytes, want %d", want.Slug, len(got.Body), len(want.Body))
			}
		}

		for _, p := range personas {
			t.Run(p.Email, func(t *testing.T) {
				a, err := db.FindApplicantByEmail(ctx, p.Email)
				if err != nil {
					t.Fatal(err)
				}
				l, err := db.FindLoanByApplicant(ctx, a.ID)
				if err != nil {
					t.Fatal(err)
				}
				if l.ApplicationStatus != p.ApplicationStatus {
					t.Fatalf("got status %q, want %q", l.ApplicationStatus, p.ApplicationStatus)
				}
				want := p.Answers
				want.PropertyState = &p.Profile.PropertyState
				if !reflect.DeepEqual(l.Answers, want) || want.AnnualIncome == nil {
					t.Fatalf("got answers %+v, want the persona's %+v with its income", l.Answers, want)
				}
			})
		}
	})
}
