package decisions_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/heloc/heloc/rules"
	"github.com/heloc/heloc/server/decisions"
	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/impact/impacttest"
	"github.com/heloc/heloc/server/policy"
)

// A decision made under revision A, after B is published (the minimum
// credit score 20 higher), is explained by A's rules and tables, names A
// and that today's rules decide otherwise; its replay names B with who
// published it, and A's own rules still reproduce it.
func TestADecisionIsExplainedByTheRulesOfItsOwnRevision(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	db, loanID := openDB(t, "sqlite")
	engine, err := policy.Load(ctx, rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	live := policy.NewLive(engine, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err := live.Keep(ctx, db, rules.FS); err != nil {
		t.Fatal(err)
	}
	a := live.Revision()
	dir, minimum := impacttest.RaisedMinimum(t)
	log := decisions.NewRecorder(db, live)
	declined, err := log.Decide(ctx, "heloc.eligibility.decision", loanID, atScore(int(minimum)-5))
	if err != nil {
		t.Fatal(err)
	}
	approved, err := log.Decide(ctx, "heloc.eligibility.decision", loanID, atScore(int(minimum)+5))
	if err != nil {
		t.Fatal(err)
	}

	// B is published (as heloc policy publish stores it) and followed.
	source, b, err := policy.Pack(policy.Dir(dir))
	if err != nil {
		t.Fatal(err)
	}
	published := &domain.PolicyRevision{Revision: b, Action: domain.PolicyPublish, Author: "ana@example.com", Reason: "Raise the minimum score",
		Baseline: a, Checks: json.RawMessage(`{"passed":true}`), Impact: json.RawMessage(`{}`)}
	if err := db.PublishPolicyRevision(ctx, published, source); err != nil {
		t.Fatal(err)
	}
	if err := live.Follow(ctx, db, time.Hour, nil); err != nil {
		t.Fatal(err)
	}
	if live.Revision() != b {
		t.Fatalf("serving %.12s, want B %.12s", live.Revision(), b)
	}

	svc := decisions.New(db, live)
	page, err := svc.List(ctx, loanID, "heloc.eligibility.decision", "")
	if err != nil {
		t.Fatal(err)
	}
	items := map[string]decisions.Decision{}
	for _, d := range page.Items {
		items[d.ID] = d
	}
	no := items[declined.ID]
	if no.Revision != a || no.ExplainedUnder != a || no.Publication != nil || page.Revision != b {
		t.Fatalf("got %+v under %.12s, want the decline explained under A (never published) while B serves", no, page.Revision)
	}
	var minimumRow map[string]any
	for _, r := range no.Explanation.Reasons {
		if r.Code == "CREDIT_SCORE_BELOW_MINIMUM" && r.Row != nil {
			_ = json.Unmarshal(r.Row.Values, &minimumRow)
		}
	}
	if minimumRow == nil || minimumRow["minimum"] != float64(minimum) {
		t.Fatalf("got the minimum-score row %v, want A's minimum %d", minimumRow, minimum)
	}
	yes := items[approved.ID]
	if yes.ExplainedUnder != a || yes.TodayDiffers == nil || !*yes.TodayDiffers {
		t.Fatalf("got %+v, want the approval explained under A and today's rules deciding otherwise", yes)
	}

	replay, err := svc.Replay(ctx, loanID, approved.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !replay.Changed || replay.StoredRevision != a || replay.CurrentRevision != b || !strings.HasPrefix(replay.Summary, "Not eligible: ") {
		t.Fatalf("got %+v, want B's decline named as a change", replay)
	}
	if replay.CurrentPublication == nil || replay.CurrentPublication.Author != "ana@example.com" || replay.StoredPublication != nil {
		t.Fatalf("got publications %+v and %+v, want B's publisher and none for A", replay.CurrentPublication, replay.StoredPublication)
	}
	if replay.Reproduced == nil || !*replay.Reproduced {
		t.Fatalf("got reproduced %v, want A's rules to give the stored result again", replay.Reproduced)
	}

	// The portal's list of revisions: B in force, with its checks.
	revs, err := svc.Revisions(ctx, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if len(revs.Items) != 1 || revs.Items[0].State != "inForce" || revs.Items[0].Author != "ana@example.com" || !revs.Items[0].Checks.Passed || revs.Serving != b {
		t.Fatalf("got %+v, want B listed in force", revs)
	}
}
