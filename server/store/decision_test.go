package store_test

import (
	"slices"
	"testing"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/store"
)

func TestDecisions(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		input := `{"creditScore":790,"mortgages":[{"balance":312000}]}`
		result := `{"eligible":true,"ineligiblePage":null,"reasons":[]}`

		t.Run("RoundTrip", func(t *testing.T) {
			id, err := db.CreateDecision(ctx, "heloc.eligibility.decision", "", []byte(input), []byte(result), "sha256:abc")
			if err != nil {
				t.Fatal(err)
			}
			got, err := db.FindDecision(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			want := store.Decision{ID: id, Entrypoint: "heloc.eligibility.decision", Input: []byte(input), Result: []byte(result), Revision: "sha256:abc", CreatedAt: testNow}
			if got.ID != want.ID || got.Entrypoint != want.Entrypoint || string(got.Input) != input || string(got.Result) != result ||
				got.Revision != want.Revision || !got.CreatedAt.Equal(want.CreatedAt) {
				t.Fatalf("got %+v, want %+v", got, want)
			}
		})

		t.Run("NotFound", func(t *testing.T) {
			_, err := db.FindDecision(ctx, "missing")
			assertError(t, err, domain.ENOTFOUND, "Decision not found.")
		})

		for _, tc := range []struct {
			name, entrypoint, input, result, revision string
		}{
			{"InputNotJSON", "e", "{", result, "r"},
			{"ResultNotJSON", "e", input, "", "r"},
			{"NoRevision", "e", input, result, ""},
		} {
			t.Run(tc.name, func(t *testing.T) {
				_, err := db.CreateDecision(ctx, tc.entrypoint, "", []byte(tc.input), []byte(tc.result), tc.revision)
				if got := domain.ErrorCode(err); got != domain.EINVALID {
					t.Fatalf("got %q (%v), want %q", got, err, domain.EINVALID)
				}
			})
		}

		t.Run("EachDecision", func(t *testing.T) {
			var made []string
			for i := range 3 {
				entrypoint := "heloc.each.a"
				if i == 1 {
					entrypoint = "heloc.each.b"
				}
				id, err := db.CreateDecision(ctx, entrypoint, "", []byte(input), []byte(result), "r")
				if err != nil {
					t.Fatal(err)
				}
				made = append(made, id)
			}
			var seen []string
			if err := db.EachDecision(ctx, "heloc.each.a", func(d *store.Decision) error {
				seen = append(seen, d.ID)
				return nil
			}); err != nil {
				t.Fatal(err)
			}
			if len(seen) != 2 || !slices.Contains(seen, made[0]) || !slices.Contains(seen, made[2]) {
				t.Fatalf("got %v, want the two of heloc.each.a: %v and %v", seen, made[0], made[2])
			}
			all := 0
			if err := db.EachDecision(ctx, "", func(*store.Decision) error { all++; return nil }); err != nil {
				t.Fatal(err)
			}
			if all < 3 {
				t.Fatalf("got %d decisions for every entrypoint, want at least 3", all)
			}
		})
	})
}

// Decisions made together (an estimate's eligibility and preview offer)
// are stored in one transaction: both, with the same time, or neither.
func TestDecisionsMadeTogetherAreStoredTogether(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		loan, err := db.CreateApplicantWithLoan(ctx, &domain.Applicant{Email: "together@example.com", FirstName: "To", LastName: "Gether"}, "propertyValue")
		if err != nil {
			t.Fatal(err)
		}
		eligibility := &store.Decision{Entrypoint: "heloc.eligibility.decision", LoanID: loan.ID, Input: []byte(`{"n":1}`), Result: []byte(`{"eligible":true}`), Revision: "r"}
		offer := &store.Decision{Entrypoint: "heloc.offer.preview", LoanID: loan.ID, Input: []byte(`{"n":1}`), Result: []byte(`{"eligible":true,"maxLine":50000,"line":40000}`), Revision: "r"}
		if err := db.CreateDecisions(ctx, eligibility, offer); err != nil {
			t.Fatal(err)
		}
		if eligibility.ID == "" || offer.ID == "" || eligibility.ID == offer.ID || !eligibility.CreatedAt.Equal(offer.CreatedAt) {
			t.Fatalf("got %+v and %+v, want two records of the same time", eligibility, offer)
		}
		for _, d := range []*store.Decision{eligibility, offer} {
			if got, err := db.FindDecision(ctx, d.ID); err != nil || got.Entrypoint != d.Entrypoint || got.LoanID != loan.ID {
				t.Fatalf("got %+v, %v; want %s stored with the loan", got, err, d.Entrypoint)
			}
		}

		// The second cannot be stored (an offer whose result is not an
		// offer): the first is not stored either.
		again := &store.Decision{Entrypoint: "heloc.eligibility.decision", LoanID: loan.ID, Input: []byte(`{"n":2}`), Result: []byte(`{"eligible":false}`), Revision: "r"}
		broken := &store.Decision{Entrypoint: "heloc.offer.preview", LoanID: loan.ID, Input: []byte(`{"n":2}`), Result: []byte(`{"eligible":"yes"}`), Revision: "r"}
		if err := db.CreateDecisions(ctx, again, broken); err == nil {
			t.Fatal("got no error for an offer that is not one")
		}
		latest, err := db.LatestDecision(ctx, loan.ID, "heloc.eligibility.decision")
		if err != nil || latest.ID != eligibility.ID {
			t.Fatalf("got %+v, %v; want the first eligibility still the latest, the second not stored", latest, err)
		}
	})
}
