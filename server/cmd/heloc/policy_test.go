package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"io/fs"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/heloc/heloc/server/decisions"
	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/impact/impacttest"
	"github.com/heloc/heloc/server/policy"
	"github.com/heloc/heloc/server/store"
)

func TestPolicyEvalReadsStdinAndWritesTheResult(t *testing.T) {
	var out bytes.Buffer
	err := policyEval(context.Background(), rulesFS(""), "heloc.funnel.pages",
		strings.NewReader(`{"path": "/app/application/6"}`), &out)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Next struct{ Path string }
	}
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatalf("%v in %s", err, out.String())
	}
	if got.Next.Path != "/app/application/7" {
		t.Fatalf("got next %q, want the declarations page /app/application/7 after demographics", got.Next.Path)
	}
}

// A stored decision replayed under changed rules shows what changed.
func TestPolicyReplayShowsTheDifference(t *testing.T) {
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "replay.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	id, err := db.CreateDecision(ctx, "heloc.funnel.order", "", []byte(`null`), []byte(`{"propertyValue": 2, "zip": 6}`), "0123456789abcdef")
	if err != nil {
		t.Fatal(err)
	}
	engine, err := policy.Load(ctx, rulesFS(""))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := policyReplay(ctx, db, engine, id, &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"stored under revision  0123456789ab", "propertyValue: 2 -> 1", "mortgageEstimate: (absent) -> 2"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("got\n%s\nwant it to contain %q", out.String(), want)
		}
	}
	if strings.Contains(out.String(), "zip:") {
		t.Errorf("got zip listed as changed, want only differences:\n%s", out.String())
	}
}

// Replaying every stored decision lists those the current rules would
// decide differently, and counts them by entrypoint.
func TestPolicyReplayAllListsTheDecisionsThatWouldChange(t *testing.T) {
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "replay.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	engine, err := policy.Load(ctx, rulesFS(""))
	if err != nil {
		t.Fatal(err)
	}
	current, err := engine.Decide(ctx, "heloc.funnel.order", nil)
	if err != nil {
		t.Fatal(err)
	}
	same, _ := json.Marshal(current)
	unchanged, err := db.CreateDecision(ctx, "heloc.funnel.order", "", []byte(`null`), same, engine.Revision())
	if err != nil {
		t.Fatal(err)
	}
	changed, err := db.CreateDecision(ctx, "heloc.funnel.order", "", []byte(`null`), []byte(`{"propertyValue": 2}`), "0123456789abcdef")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := policyReplayAll(ctx, db, engine, "", &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"decision " + changed, "propertyValue: 2 -> 1", "heloc.funnel.order: 2 replayed, 1 would change"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("got\n%s\nwant it to contain %q", out.String(), want)
		}
	}
	if strings.Contains(out.String(), unchanged) {
		t.Errorf("got the unchanged decision %s listed:\n%s", unchanged, out.String())
	}
}

// The command's report has the table check's section too. It runs on
// rules/'s tables with a policy and Rego test of its own: the Rego tests of
// rules/ run once in `make test`, in server/policy's TestRegoPolicies, and
// rules/'s formatting in TestRulesAreFormattedAndPassStrictChecks.
func TestPolicyTestReportsTablesToo(t *testing.T) {
	fsys := fstest.MapFS{
		"heloc/x/x.rego":      {Data: []byte("package heloc.x\n\ndefault y := 0\n")},
		"heloc/x/x_test.rego": {Data: []byte("package heloc.x_test\n\nimport data.heloc.x\n\ntest_y if x.y == 0\n")},
	}
	tables, err := fs.Glob(rulesFS(""), "heloc/*/tables/data.yaml")
	if err != nil || len(tables) == 0 {
		t.Fatalf("got tables %v (%v), want rules/'s", tables, err)
	}
	for _, name := range tables {
		src, err := fs.ReadFile(rulesFS(""), name)
		if err != nil {
			t.Fatal(err)
		}
		fsys[name] = &fstest.MapFile{Data: src}
	}
	var out bytes.Buffer
	if err := policyTest(context.Background(), fsys, &out); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	for _, want := range []string{"1 tests: 1 passed", "every table matches its CUE definition"} {
		if !strings.Contains(out.String(), want) {
			t.Fatalf("got\n%s\nwant %q reported", out.String(), want)
		}
	}
}

// `heloc policy impact` on the server's database (DATA_DIR): raising the
// minimum credit score by 20 in a copy of the rules flips the estimates
// scored between the two minimums, for the minimum-score reason, in the
// issue's JSON shape, with the fair-lending view of the loan whose
// borrower answered the HMDA questions.
func TestPolicyImpactReportsWhatARaisedMinimumScoreWouldDo(t *testing.T) {
	ctx := context.Background()
	env := map[string]string{"DATA_DIR": t.TempDir()}
	getenv := func(k string) string { return env[k] }
	cfg, err := loadConfig(getenv)
	if err != nil {
		t.Fatal(err)
	}
	db, err := store.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	if db.Sealer, err = cfg.Secrets.keyring(); err != nil {
		t.Fatal(err)
	}
	engine, err := policy.Load(ctx, rulesFS(""))
	if err != nil {
		t.Fatal(err)
	}
	recorder := decisions.NewRecorder(db, policy.NewLive(engine, slog.New(slog.NewTextHandler(io.Discard, nil))))

	// The proposed rules: rules/ with the minimum score 20 higher.
	dir, minimum := impacttest.RaisedMinimum(t)
	estimate := func(loanID string, score int64) {
		t.Helper()
		impacttest.Estimate(t, recorder, loanID, score, "CA")
	}
	loan, err := db.CreateApplicantWithLoan(ctx, &domain.Applicant{Email: "hmda@example.com", FirstName: "H", LastName: "M"}, "application6")
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := db.UpdateApplication(ctx, loan.ID, "", func(_ *domain.Loan, app *domain.Application, _ bool) error {
		app.User.Demographics = &domain.Demographics{IsFemale: true, IsWhite: true}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	estimate(loan.ID, minimum+5)
	estimate("", minimum+10)
	estimate("", 800)
	db.Close()

	var out bytes.Buffer
	if err := policyImpactCommand(ctx, getenv, rulesFS(""), []string{dir, "--json"}, &out); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Baseline, Proposed string
		Entrypoints        map[string]struct {
			Compared, Changed, EligibleToIneligible int
			ReasonsGained                           map[string]int
			FairLending                             *struct {
				Sex struct {
					Groups map[string]struct{ EligibleToIneligible int }
				}
			}
		}
	}
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatalf("%v in %s", err, out.String())
	}
	elig := got.Entrypoints["heloc.eligibility.decision"]
	if got.Baseline != engine.Revision() || got.Proposed == got.Baseline || elig.Compared != 3 || elig.EligibleToIneligible != 2 || elig.ReasonsGained["CREDIT_SCORE_BELOW_MINIMUM"] != 2 {
		t.Fatalf("got %s", out.String())
	}
	if elig.FairLending == nil || elig.FairLending.Sex.Groups["Female"].EligibleToIneligible != 1 {
		t.Fatalf("got no fair-lending view of the loan that answered:\n%s", out.String())
	}
	if got.Entrypoints["heloc.offer.preview"].Compared != 3 {
		t.Fatalf("got the offers %+v, want the 3 compared", got.Entrypoints["heloc.offer.preview"])
	}

	// Without --json, the text; a range with no decision compares none.
	out.Reset()
	if err := policyImpactCommand(ctx, getenv, rulesFS(""), []string{"--since", "2099-01-01", dir}, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "no stored decisions in the range") {
		t.Fatalf("got\n%s", out.String())
	}
}

func TestPolicyImpactArguments(t *testing.T) {
	got, err := parseImpactArgs([]string{"--json", "/rules", "--since", "2026-11-01", "--until", "2026-11-30"})
	if err != nil {
		t.Fatal(err)
	}
	if got.proposed != "/rules" || !got.json || !got.since.Equal(time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)) || !got.until.Equal(time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)) {
		t.Fatalf("got %+v, want the folder, JSON and November whole", got)
	}
	for args, want := range map[string]string{
		"":                          "name the proposed rules' folder",
		"/rules --since 2026-13-01": `--since "2026-13-01" is not a day`,
		"/rules --until":            "--until needs a day",
		"/rules /other":             `unexpected "/other"`,
		"/rules --all":              `unexpected "--all"`,
		"/rules --since 2026-11-02 --until 2026-11-01": "--since is after --until",
	} {
		_, err := parseImpactArgs(strings.Fields(args))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: got %v, want %q", args, err, want)
		}
	}
}
