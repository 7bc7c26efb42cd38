package store_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/store"
)

// A published revision is stored with its source, who published it and
// why; the one in force is the latest effective, and a revision effective
// tomorrow is not in force today.
func TestPolicyRevisions(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if r, err := db.PolicyRevisionInForce(ctx, testNow); err != nil || r != nil {
			t.Fatalf("before any publish: got %+v, %v; want none", r, err)
		}
		if err := db.SavePolicySource(ctx, "aaaa1111", []byte("baseline tar")); err != nil {
			t.Fatal(err)
		}
		// Saving the same revision again keeps the first copy.
		if err := db.SavePolicySource(ctx, "aaaa1111", []byte("other bytes")); err != nil {
			t.Fatal(err)
		}
		if src, err := db.PolicySource(ctx, "aaaa1111"); err != nil || string(src) != "baseline tar" {
			t.Fatalf("source: got %q, %v", src, err)
		}
		if _, err := db.PolicySource(ctx, "nope"); domain.ErrorCode(err) != domain.ENOTFOUND {
			t.Fatalf("unknown source: got %v, want NOT_FOUND", err)
		}
		b := &store.PolicyRevision{Revision: "bbbb2222", Action: domain.PolicyPublish, Author: "ana@example.com", Reason: "Raise the minimum score",
			Baseline: "aaaa1111", Checks: json.RawMessage(`{"passed":true}`), Impact: json.RawMessage(`{"entrypoints":{}}`)}
		if err := db.PublishPolicyRevision(ctx, b, []byte("candidate tar")); err != nil {
			t.Fatal(err)
		}
		if b.ID == "" || !b.EffectiveAt.Equal(testNow) {
			t.Fatalf("published: got %+v, want an id and effective now", b)
		}
		later := &store.PolicyRevision{Revision: "aaaa1111", Action: domain.PolicyRollback, Author: "ana@example.com", Reason: "Back",
			EffectiveAt: testNow.Add(24 * time.Hour), Baseline: "bbbb2222", Checks: json.RawMessage(`{}`), Impact: json.RawMessage(`{}`)}
		if err := db.PublishPolicyRevision(ctx, later, nil); err != nil {
			t.Fatal(err)
		}
		if r, err := db.PolicyRevisionInForce(ctx, testNow); err != nil || r == nil || r.Revision != "bbbb2222" || r.Author != "ana@example.com" {
			t.Fatalf("in force today: got %+v, %v; want bbbb2222", r, err)
		}
		if r, err := db.PolicyRevisionInForce(ctx, testNow.Add(25*time.Hour)); err != nil || r == nil || r.Revision != "aaaa1111" {
			t.Fatalf("in force tomorrow: got %+v, %v; want the rollback to aaaa1111", r, err)
		}
		list, err := db.ListPolicyRevisions(ctx)
		if err != nil || len(list) != 2 || list[0].ID != later.ID {
			t.Fatalf("list: got %d, %v; want the rollback first", len(list), err)
		}
		of, err := db.PolicyRevisionsOf(ctx, "bbbb2222")
		if err != nil || len(of) != 1 || of[0].Reason != "Raise the minimum score" || string(of[0].Checks) != `{"passed":true}` {
			t.Fatalf("revisions of bbbb2222: got %+v, %v", of, err)
		}
		if revs, err := db.PolicySourceRevisions(ctx, "bbbb"); err != nil || len(revs) != 1 || revs[0] != "bbbb2222" {
			t.Fatalf("by prefix: got %v, %v", revs, err)
		}
		// A revision whose source was never stored is refused.
		orphan := &store.PolicyRevision{Revision: "cccc", Action: domain.PolicyPublish, Author: "a@example.com", Reason: "x",
			Checks: json.RawMessage(`{}`), Impact: json.RawMessage(`{}`)}
		if err := db.PublishPolicyRevision(ctx, orphan, nil); domain.ErrorCode(err) != domain.ENOTFOUND {
			t.Fatalf("without a source: got %v, want NOT_FOUND", err)
		}
	})
}
