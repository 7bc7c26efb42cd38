package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/heloc/heloc/rules"
	"github.com/heloc/heloc/server/decisions"
	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/impact/impacttest"
	"github.com/heloc/heloc/server/policy"
	"github.com/heloc/heloc/server/store"
	"github.com/heloc/heloc/server/store/storetest"
)

// tinyRules writes a rules tree of one policy and its test to a folder,
// with files changed or added by extra, for the refusals: each breaks one
// check and passes the others.
func tinyRules(t *testing.T, extra map[string]string) string {
	t.Helper()
	files := map[string]string{
		"heloc/x/x.rego":      "package heloc.x\n\ndefault y := 0\n",
		"heloc/x/x_test.rego": "package heloc.x_test\n\nimport data.heloc.x\n\ntest_y if x.y == 0\n",
	}
	for k, v := range extra {
		files[k] = v
	}
	dir := t.TempDir()
	for name, src := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func openSQLite(t *testing.T) *store.DB {
	t.Helper()
	db, err := store.Open(context.Background(), storetest.DSN(t, "sqlite"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

var publisher = publishArgs{author: "ana@example.com", reason: "A change compliance approved"}

// `heloc policy publish` refuses rules that fail any check the build runs,
// names the check, and publishes nothing.
func TestPublishRefusesARevisionThatFailsACheck(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, want string
		files      map[string]string
	}{
		{"unformatted Rego", "STYLE  heloc/x/x.rego: not formatted as `opa fmt` writes it",
			map[string]string{"heloc/x/x.rego": "package heloc.x\ndefault   y := 0\n"}},
		{"a strict-check error", "STYLE  heloc/x/x.rego:",
			map[string]string{"heloc/x/x.rego": "package heloc.x\n\nimport data.heloc.unused\n\ndefault y := 0\n"}},
		{"a failing Rego test", "FAIL",
			map[string]string{"heloc/x/x_test.rego": "package heloc.x_test\n\nimport data.heloc.x\n\ntest_y if x.y == 1\n"}},
		{"a table its CUE definition refuses", "TABLE  heloc/eligibility/tables/data.yaml",
			map[string]string{"heloc/eligibility/tables/data.yaml": "credit_score: {minimum: \"high\"}\n"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			db := openSQLite(t)
			args := publisher
			args.target = tinyRules(t, c.files)
			var out bytes.Buffer
			r, err := policyPublish(context.Background(), db, rules.FS, args, &out)
			if err == nil || !strings.Contains(err.Error(), "refused") {
				t.Fatalf("got %+v, %v; want the revision refused\n%s", r, err, out.String())
			}
			if !strings.Contains(out.String(), c.want) {
				t.Fatalf("got\n%s\nwant the failing check named: %q", out.String(), c.want)
			}
			if list, err := db.ListPolicyRevisions(context.Background()); err != nil || len(list) != 0 {
				t.Fatalf("got %d revisions (%v), want none published", len(list), err)
			}
		})
	}
}

// The arguments: an author's e-mail, a reason, a day not in the past.
func TestPublishArguments(t *testing.T) {
	today := time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
	got, err := parsePublishArgs("publish", []string{"--reason", "Raise the minimum", "dir", "--author", "ana@example.com", "--effective", "2026-12-01"}, true, today)
	if err != nil || got.target != "dir" || got.author != "ana@example.com" || got.reason != "Raise the minimum" || !got.effective.Equal(time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)) {
		t.Fatalf("got %+v, %v", got, err)
	}
	for args, want := range map[string]string{
		"dir --reason x":               "--author must be the publisher's e-mail address",
		"dir --author ana --reason x":  "--author must be the publisher's e-mail address",
		"dir --author ana@example.com": "--reason must say why",
		"dir --author ana@example.com --reason x --effective 2026-11-21": "--effective is in the past",
		"dir --author ana@example.com --reason x --effective soon":       "is not a day",
		"--author ana@example.com --reason x":                            "name the rules' folder",
	} {
		if _, err := parsePublishArgs("publish", strings.Fields(args), true, today); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want %q", args, err, want)
		}
	}
	if _, err := parsePublishArgs("rollback", strings.Fields("abc --author a@example.com --reason x --effective 2026-12-01"), false, today); err == nil {
		t.Error("rollback --effective: got no error, want it refused")
	}
}

// A server's policies as serve sets them up (servePolicies): the embedded
// rules, their source recorded, following the revision in force every
// poll.
func followingServer(t *testing.T, ctx context.Context, dsn string, every time.Duration) (*store.DB, *policy.Live) {
	t.Helper()
	db, err := store.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	live, err := servePolicies(ctx, config{PolicyPoll: every, FunnelVariant: "standard"}, db, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	return db, live
}

// waitFor waits up to limit for live to serve revision.
func waitFor(t *testing.T, live *policy.Live, revision string, limit time.Duration) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for live.Revision() != revision {
		if time.Now().After(deadline) {
			t.Fatalf("after %s the server serves %.12s, want %.12s", limit, live.Revision(), revision)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// Published on one server's database, a good revision is live on the
// others over the same PostgreSQL database within their poll interval,
// without a restart; it is listed with its author, reason, checks and
// impact; a rollback makes the embedded rules live again the same way.
func TestPublishMakesARevisionLiveOnEveryServer(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	dsn := storetest.DSN(t, "postgres")
	const poll = 50 * time.Millisecond
	_, first := followingServer(t, ctx, dsn, poll)
	db, second := followingServer(t, ctx, dsn, poll)
	embedded := first.Revision()

	// A decision made under the embedded rules, for the impact.
	dir, minimum := impacttest.RaisedMinimum(t)
	impacttest.Estimate(t, decisions.NewRecorder(db, second), "", minimum+5, "CA")

	args := publisher
	args.target, args.reason = dir, "Raise the minimum credit score by 20"
	var out bytes.Buffer
	r, err := policyPublish(ctx, db, rules.FS, args, &out)
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if r.Revision == embedded || r.Baseline != embedded {
		t.Fatalf("got %+v, want a new revision published against the embedded one", r)
	}
	for _, want := range []string{"published revision " + r.Revision[:12] + " by ana@example.com", "eligibility.decision 1 compared, 1 changed (1 eligible to ineligible"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("got\n%s\nwant %q", out.String(), want)
		}
	}
	waitFor(t, first, r.Revision, 20*poll)
	waitFor(t, second, r.Revision, 20*poll)

	out.Reset()
	if err := policyRevisions(ctx, db, &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{r.Revision[:12] + "  publish by ana@example.com", "(in force)", "why: Raise the minimum credit score by 20", "1 eligible to ineligible"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("revisions: got\n%s\nwant %q", out.String(), want)
		}
	}

	back := publisher
	back.target, back.reason = embedded[:12], "Back to the shipped rules"
	out.Reset()
	rb, err := policyRollback(ctx, db, rules.FS, back, &out)
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if rb.Action != domain.PolicyRollback || rb.Revision != embedded || rb.Baseline != r.Revision {
		t.Fatalf("got %+v, want a rollback to the embedded revision", rb)
	}
	waitFor(t, first, embedded, 20*poll)
	waitFor(t, second, embedded, 20*poll)
	// Rolling back to what is in force already is refused.
	if _, err := policyRollback(ctx, db, rules.FS, back, io.Discard); err == nil || !strings.Contains(err.Error(), "in force already") {
		t.Fatalf("got %v, want the rollback to the revision in force refused", err)
	}
}

// `heloc policy replay` of a decision whose revision's source is stored
// says whether that revision's own rules still give the stored result.
func TestPolicyReplayChecksTheDecisionsOwnRevision(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := openSQLite(t)
	engine, err := policy.Load(ctx, rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	live := policy.NewLive(engine, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err := live.Keep(ctx, db, rules.FS); err != nil {
		t.Fatal(err)
	}
	order, err := engine.Decide(ctx, "heloc.funnel.order", nil)
	if err != nil {
		t.Fatal(err)
	}
	result, _ := json.Marshal(order)
	id, err := db.CreateDecision(ctx, "heloc.funnel.order", "", []byte(`null`), result, live.Revision())
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := policyReplay(ctx, db, engine, id, &out); err != nil {
		t.Fatal(err)
	}
	if want := "its own revision " + engine.Revision()[:12] + ", loaded from its stored source, decides the same again"; !strings.Contains(out.String(), want) {
		t.Fatalf("got\n%s\nwant %q", out.String(), want)
	}
}
