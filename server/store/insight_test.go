package store_test

import (
	"testing"
	"time"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/store"
)

func TestInsights(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		day := 24 * time.Hour
		for _, in := range []*domain.Insight{
			{Slug: "older", Title: "Older", Summary: "S1", Body: "B1", Author: "A", PublishedAt: testNow.Add(-2 * day)},
			{Slug: "newest", Title: "Newest", Summary: "S2", Body: "B2", Author: "A", PublishedAt: testNow},
			{Slug: "middle", Title: "Middle", Summary: "S3", Body: "B3", Author: "A", PublishedAt: testNow.Add(-day)},
		} {
			if err := db.CreateInsight(ctx, in); err != nil {
				t.Fatalf("create %s: %v", in.Slug, err)
			}
		}

		t.Run("ListNewestFirstWithoutBody", func(t *testing.T) {
			list, err := db.ListInsights(ctx)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, in := range list {
				got = append(got, in.Slug)
				if in.Body != "" {
					t.Errorf("got body %q in list, want none", in.Body)
				}
			}
			if want := []string{"newest", "middle", "older"}; len(got) != 3 || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
				t.Fatalf("got %v, want %v", got, want)
			}
		})

		t.Run("Find", func(t *testing.T) {
			got, err := db.FindInsight(ctx, "middle")
			if err != nil {
				t.Fatal(err)
			}
			want := domain.Insight{Slug: "middle", Title: "Middle", Summary: "S3", Body: "B3", Author: "A", PublishedAt: testNow.Add(-day)}
			if *got != want {
				t.Fatalf("got %+v, want %+v", *got, want)
			}
		})

		for _, tc := range []struct {
			name    string
			err     func() error
			code    string
			message string
		}{
			{"NotFound", func() error { _, err := db.FindInsight(ctx, "missing"); return err }, domain.ENOTFOUND, "Insight not found."},
			{"DuplicateSlug", func() error { return db.CreateInsight(ctx, &domain.Insight{Slug: "older", Title: "Again"}) }, domain.ECONFLICT, "An insight with this slug already exists."},
			{"NoTitle", func() error { return db.CreateInsight(ctx, &domain.Insight{Slug: "untitled"}) }, domain.EINVALID, "An insight needs a slug and a title."},
		} {
			t.Run(tc.name, func(t *testing.T) {
				assertError(t, tc.err(), tc.code, tc.message)
			})
		}
	})
}
