package store_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/store"
)

func mustAppendAudit(tb testing.TB, db *store.DB, actor, action, loan string) *domain.AuditEntry {
	tb.Helper()
	e := &domain.AuditEntry{ActorID: actor, ActorEmail: actor + "@example.com", ActorRole: "administrator",
		Action: action, LoanID: loan, Subject: "subject", Detail: "ssn", IP: "192.0.2.1"}
	if err := db.AppendAudit(tb.Context(), e); err != nil {
		tb.Fatal(err)
	}
	return e
}

func TestAuditLog(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		clock := testNow
		db.Now = func() time.Time { return clock }
		// Five entries a minute apart: two by ada on loan L1, then three by bob.
		var all []*domain.AuditEntry
		for i, a := range []struct{ actor, action, loan string }{
			{"ada", "portal.unmask", "L1"}, {"ada", "portal.borrower", "L1"},
			{"bob", "portal.unmask", "L2"}, {"bob", "users.invite", ""}, {"bob", "portal.unmask", "L1"},
		} {
			clock = testNow.Add(time.Duration(i) * time.Minute)
			all = append(all, mustAppendAudit(t, db, a.actor, a.action, a.loan))
		}

		t.Run("AppendKeepsEveryField", func(t *testing.T) {
			page, err := db.ListAudit(ctx, domain.AuditFilter{Limit: 1})
			if err != nil {
				t.Fatal(err)
			}
			got, want := page.Items[0], all[4]
			if *got != *want || got.ID == "" || !got.At.Equal(testNow.Add(4*time.Minute)) {
				t.Fatalf("got %+v, want %+v", got, want)
			}
		})

		t.Run("Filters", func(t *testing.T) {
			for _, tc := range []struct {
				name string
				f    domain.AuditFilter
				want []int
			}{
				{"everything, newest first", domain.AuditFilter{}, []int{4, 3, 2, 1, 0}},
				{"actor", domain.AuditFilter{ActorEmail: "ADA@example.com"}, []int{1, 0}},
				{"loan", domain.AuditFilter{LoanID: "L1"}, []int{4, 1, 0}},
				{"action", domain.AuditFilter{Action: "portal.unmask"}, []int{4, 2, 0}},
				{"actor and action", domain.AuditFilter{ActorEmail: "bob@example.com", Action: "portal.unmask"}, []int{4, 2}},
				{"from is inclusive, to exclusive", domain.AuditFilter{From: testNow.Add(time.Minute), To: testNow.Add(3 * time.Minute)}, []int{2, 1}},
			} {
				t.Run(tc.name, func(t *testing.T) {
					page, err := db.ListAudit(ctx, tc.f)
					if err != nil {
						t.Fatal(err)
					}
					if got, want := ids(page.Items), pick(all, tc.want); got != want {
						t.Fatalf("got %s, want %s", got, want)
					}
				})
			}
		})

		t.Run("KeysetPaging", func(t *testing.T) {
			var got []*domain.AuditEntry
			f := domain.AuditFilter{Limit: 2}
			for pages := 0; ; pages++ {
				page, err := db.ListAudit(ctx, f)
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, page.Items...)
				if page.Next == "" {
					if pages != 2 {
						t.Fatalf("got %d pages, want 3", pages+1)
					}
					break
				}
				f.After = page.Next
			}
			if ids(got) != pick(all, []int{4, 3, 2, 1, 0}) {
				t.Fatalf("got %s, want every entry once, newest first", ids(got))
			}
		})

		t.Run("ActionsAreListedOnceInOrder", func(t *testing.T) {
			got, err := db.ListAuditActions(ctx)
			if want := []string{"portal.borrower", "portal.unmask", "users.invite"}; err != nil || strings.Join(got, ",") != strings.Join(want, ",") {
				t.Fatalf("got %v, %v; want %v", got, err, want)
			}
		})

		t.Run("ABadCursorIsRefused", func(t *testing.T) {
			_, err := db.ListAudit(ctx, domain.AuditFilter{After: "nonsense"})
			assertError(t, err, domain.EINVALID, "Some fields need attention.")
		})

		t.Run("TheDatabaseRefusesAnUpdate", func(t *testing.T) {
			err := db.ExecForTest(ctx, `UPDATE audit_log SET detail = 'changed' WHERE id = ?`, all[0].ID)
			if err == nil || !strings.Contains(err.Error(), "append-only") {
				t.Fatalf("got %v, want the trigger's refusal", err)
			}
		})

		t.Run("TheDatabaseRefusesDeletingAYoungEntry", func(t *testing.T) {
			err := db.ExecForTest(ctx, `DELETE FROM audit_log WHERE id = ?`, all[0].ID)
			if err == nil || !strings.Contains(err.Error(), "25 months") {
				t.Fatalf("got %v, want the trigger's refusal", err)
			}
		})

		t.Run("PurgeDeletesOnlyWhatIsOlderThan25Months", func(t *testing.T) {
			// The triggers read the database's own clock, so the old
			// entries are old by the real clock too.
			now := time.Now().UTC()
			clock = store.AuditCutoff(now).Add(-time.Hour)
			old := mustAppendAudit(t, db, "old", "portal.unmask", "L9")
			clock = store.AuditCutoff(now).Add(time.Hour)
			kept := mustAppendAudit(t, db, "old", "portal.unmask", "L9")
			clock = now
			n, err := db.PurgeAudit(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if n != 1 {
				t.Fatalf("got %d purged, want 1 (%s)", n, old.ID)
			}
			page, err := db.ListAudit(ctx, domain.AuditFilter{ActorEmail: "old@example.com"})
			if err != nil {
				t.Fatal(err)
			}
			if ids(page.Items) != kept.ID {
				t.Fatalf("got %s, want only the entry younger than 25 months, %s", ids(page.Items), kept.ID)
			}
			page, err = db.ListAudit(ctx, domain.AuditFilter{Action: "audit.purge"})
			if err != nil || len(page.Items) != 1 || page.Items[0].Detail != fmt.Sprintf("1 entries before %s", store.AuditCutoff(now).Format(time.DateOnly)) {
				t.Fatalf("got %+v, %v; want the purge recorded", page, err)
			}
			if n, err := db.PurgeAudit(ctx); err != nil || n != 0 {
				t.Fatalf("got %d, %v; want nothing more to purge", n, err)
			}
		})
	})
}

func ids(es []*domain.AuditEntry) string {
	var s []string
	for _, e := range es {
		s = append(s, e.ID)
	}
	return strings.Join(s, ",")
}

func pick(es []*domain.AuditEntry, idx []int) string {
	var s []string
	for _, i := range idx {
		s = append(s, es[i].ID)
	}
	return strings.Join(s, ",")
}

func TestAuditEntriesOfOneMillisecondListInTheOrderWritten(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *store.DB) {
		db.Now = func() time.Time { return testNow }
		var want []string
		for _, action := range []string{"users.invite", "users.setRole", "users.setTag", "users.setActive", "users.resetSecondFactor"} {
			mustAppendAudit(t, db, "same-ms", action, "")
			want = append([]string{action}, want...)
		}
		page, err := db.ListAudit(t.Context(), domain.AuditFilter{ActorEmail: "same-ms@example.com"})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, e := range page.Items {
			got = append(got, e.Action)
		}
		if strings.Join(got, ",") != strings.Join(want, ",") {
			t.Fatalf("got %v, want the newest written first: %v", got, want)
		}
	})
}
