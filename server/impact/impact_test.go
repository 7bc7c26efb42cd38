package impact_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/heloc/heloc/rules"
	"github.com/heloc/heloc/server/crypt"
	"github.com/heloc/heloc/server/decisions"
	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/impact"
	"github.com/heloc/heloc/server/impact/impacttest"
	"github.com/heloc/heloc/server/policy"
	"github.com/heloc/heloc/server/store"
	"github.com/heloc/heloc/server/store/storetest"
)

// fixture is a database with decisions recorded as the server records
// them (decisions.Recorder) under the embedded rules.
type fixture struct {
	db       *store.DB
	baseline *policy.Engine
	recorder *decisions.Recorder
}

var keyring = func() *crypt.Keyring {
	k, err := crypt.NewKeyring("k1", map[string][]byte{"k1": bytes.Repeat([]byte{5}, 32)})
	if err != nil {
		panic(err)
	}
	return k
}()

func newFixture(t testing.TB, dialect string) *fixture {
	t.Helper()
	ctx := context.Background()
	db, err := store.Open(ctx, storetest.DSN(t, dialect))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	db.Sealer = keyring
	engine, err := policy.Load(ctx, rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	live := policy.NewLive(engine, slog.New(slog.NewTextHandler(io.Discard, nil)))
	return &fixture{db: db, baseline: engine, recorder: decisions.NewRecorder(db, live)}
}

// estimate records a self-reported estimate for the loan ("" for a
// visitor).
func (f *fixture) estimate(t testing.TB, loanID string, score int64, state string) {
	t.Helper()
	impacttest.Estimate(t, f.recorder, loanID, score, state)
}

func load(t testing.TB, dir string) *policy.Engine {
	t.Helper()
	e, err := policy.Load(context.Background(), policy.Dir(dir))
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// The acceptance: raising the minimum credit score by 20 turns the
// estimates scored between the old and the new minimum ineligible, for the
// minimum-score reason, lowers their lines, and says so in the JSON shape
// the issue gives.
func TestRaisingTheMinimumScoreFlipsTheEstimatesBelowIt(t *testing.T) {
	for _, dialect := range storetest.Dialects {
		t.Run(dialect, func(t *testing.T) {
			ctx := context.Background()
			f := newFixture(t, dialect)
			dir, min := impacttest.RaisedMinimum(t)
			// Two estimates between the minimums (CA, TX), two well above
			// (CA), one below both (TX).
			f.estimate(t, "", min, "CA")
			f.estimate(t, "", min+19, "TX")
			f.estimate(t, "", min+40, "CA")
			f.estimate(t, "", 800, "CA")
			f.estimate(t, "", min-30, "TX")
			proposed := load(t, dir)

			report, err := impact.Compare(ctx, f.db, f.baseline, proposed, impact.Options{})
			if err != nil {
				t.Fatal(err)
			}
			encoded, err := json.Marshal(report)
			if err != nil {
				t.Fatal(err)
			}
			var got struct {
				Baseline    string
				Proposed    string
				Entrypoints map[string]map[string]json.RawMessage
			}
			if err := json.Unmarshal(encoded, &got); err != nil {
				t.Fatal(err)
			}
			var top map[string]json.RawMessage
			json.Unmarshal(encoded, &top)
			if keys := sortedKeys(top); !slices.Equal(keys, []string{"baseline", "entrypoints", "proposed"}) {
				t.Errorf("got top-level keys %v, want baseline, proposed, entrypoints", keys)
			}
			if got.Baseline != f.baseline.Revision() || got.Proposed != proposed.Revision() || got.Baseline == got.Proposed {
				t.Errorf("got revisions %s -> %s, want %s -> %s", got.Baseline, got.Proposed, f.baseline.Revision(), proposed.Revision())
			}
			elig := got.Entrypoints[impact.Eligibility]
			// The one below both minimums changes too: its reason's words
			// name the new minimum.
			want := map[string]string{"compared": "5", "changed": "3", "eligibleToIneligible": "2", "ineligibleToEligible": "0",
				"reasonsGained": `{"CREDIT_SCORE_BELOW_MINIMUM":2}`, "reasonsLost": `{}`}
			for k, v := range want {
				if string(elig[k]) != v {
					t.Errorf("%s.%s: got %s, want %s\n%s", impact.Eligibility, k, elig[k], v, encoded)
				}
			}
			offer := got.Entrypoints[impact.Offer]
			if string(offer["compared"]) != "5" || string(offer["changed"]) != "3" {
				t.Errorf("offer: got compared %s changed %s, want 5 and 3\n%s", offer["compared"], offer["changed"], encoded)
			}
			var line, apr impact.Change
			json.Unmarshal(offer["line"], &line)
			json.Unmarshal(offer["apr"], &apr)
			if line.Count != 2 || line.Mean >= 0 || line.Largest >= 0 {
				t.Errorf("got line change %+v, want two lines withdrawn (negative)", line)
			}
			if apr.Count != 0 {
				t.Errorf("got APR change %+v, want none among offers made under both", apr)
			}
			// By state: one flip in each of CA and TX.
			e := report.Entrypoints[impact.Eligibility]
			if ca, tx := e.ByState["CA"], e.ByState["TX"]; ca == nil || tx == nil || ca.Compared != 3 || ca.EligibleToIneligible != 1 || tx.Compared != 2 || tx.EligibleToIneligible != 1 {
				t.Errorf("got by state %s", mustJSON(e.ByState))
			}
			if e.FairLending != nil {
				t.Errorf("got a fair-lending view of visitors' estimates: %s", mustJSON(e.FairLending))
			}

			var text strings.Builder
			if err := report.WriteText(&text); err != nil {
				t.Fatal(err)
			}
			for _, want := range []string{"heloc.eligibility.decision: 5 compared, 3 would change", "eligible to ineligible 2", "reasons gained: CREDIT_SCORE_BELOW_MINIMUM 2", "TX: 2 compared, 2 would change"} {
				if !strings.Contains(text.String(), want) {
					t.Errorf("text report lacks %q:\n%s", want, text.String())
				}
			}
		})
	}
}

// Compared with the rules live now, nothing changes, even for a decision
// stored under an older revision whose stored answer differs: the baseline
// is today's rules, not what was stored (that is `policy replay`'s drift).
func TestTheLiveRulesAgainstThemselvesChangeNothing(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, "sqlite")
	f.estimate(t, "", 700, "CA")
	if _, err := f.db.CreateDecision(ctx, impact.Eligibility, "", []byte(`{"creditScore": 800, "creditSource": "selfReported", "stage": "estimate", "today": "2026-11-22"}`),
		[]byte(`{"eligible": false, "reasons": [{"code": "SOMETHING_OLD"}]}`), "an-older-revision"); err != nil {
		t.Fatal(err)
	}
	report, err := impact.Compare(ctx, f.db, f.baseline, f.baseline, impact.Options{Workers: 3})
	if err != nil {
		t.Fatal(err)
	}
	e := report.Entrypoints[impact.Eligibility]
	if e.Compared != 2 || e.Changed != 0 || e.EligibleToIneligible != 0 || e.IneligibleToEligible != 0 || len(e.ReasonsLost) != 0 {
		t.Fatalf("got %s, want 2 compared and nothing changed", mustJSON(e))
	}
	if o := report.Entrypoints[impact.Offer]; o.Compared != 1 || o.Changed != 0 || o.Line.Count != 0 {
		t.Fatalf("got offer %s, want 1 compared, unchanged", mustJSON(o))
	}
}

// The range keeps the decisions made in it: --since and --until.
func TestTheRangeBoundsTheDecisionsCompared(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, "sqlite")
	for day := 1; day <= 3; day++ {
		f.db.Now = func() time.Time { return time.Date(2026, 11, day, 9, 0, 0, 0, time.UTC) }
		f.estimate(t, "", 700, "CA")
	}
	report, err := impact.Compare(ctx, f.db, f.baseline, f.baseline, impact.Options{
		Since: time.Date(2026, 11, 2, 0, 0, 0, 0, time.UTC), Until: time.Date(2026, 11, 3, 0, 0, 0, 0, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	if got := report.Entrypoints[impact.Eligibility].Compared; got != 1 {
		t.Fatalf("got %d compared, want the 2nd's one", got)
	}
}

// A proposed revision that cannot decide a stored input stops the report
// with the decision named.
func TestAProposedRevisionThatFailsNamesTheDecision(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, "sqlite")
	id, err := f.db.CreateDecision(ctx, "heloc.no.such", "", []byte(`{}`), []byte(`{}`), "r")
	if err != nil {
		t.Fatal(err)
	}
	_, err = impact.Compare(ctx, f.db, f.baseline, f.baseline, impact.Options{})
	if err == nil || !strings.Contains(err.Error(), id) {
		t.Fatalf("got %v, want an error naming decision %s", err, id)
	}
}

func sortedKeys[V any](m map[string]V) []string {
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// newLoan is a loan whose borrower gave the HMDA answers d (nil: none).
func (f *fixture) newLoan(t testing.TB, email string, d *domain.Demographics) string {
	t.Helper()
	ctx := context.Background()
	l, err := f.db.CreateApplicantWithLoan(ctx, &domain.Applicant{Email: email, FirstName: "A", LastName: "B"}, "application6")
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := f.db.UpdateApplication(ctx, l.ID, "", func(_ *domain.Loan, app *domain.Application, _ bool) error {
		app.User.Demographics = d
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return l.ID
}

// The fair-lending view: for loans whose borrower answered the HMDA
// questions, the flips by each group reported, each group's rate against
// the most favoured's, flagged below the monitoring table's threshold (four-fifths).
func TestTheFairLendingViewBreaksTheFlipsDownByGroup(t *testing.T) {
	for _, dialect := range storetest.Dialects {
		t.Run(dialect, func(t *testing.T) {
			ctx := context.Background()
			f := newFixture(t, dialect)
			dir, min := impacttest.RaisedMinimum(t)
			// Women: 2 of 4 between the minimums. Men: 4 well above, 1 of
			// them Hispanic. One declined every question; one never reached
			// the page; a visitor has no answers at all.
			loan := 0
			borrower := func(d *domain.Demographics, score int64) {
				loan++
				f.estimate(t, f.newLoan(t, "b"+strconv.Itoa(loan)+"@example.com", d), score, "CA")
			}
			borrower(&domain.Demographics{IsFemale: true, IsWhite: true}, min+5)
			borrower(&domain.Demographics{IsFemale: true, IsAsian: true, IsKorean: true}, min+10)
			borrower(&domain.Demographics{IsFemale: true, IsAfricanAmerican: true}, 780)
			borrower(&domain.Demographics{IsFemale: true, IsWhite: true, IsAfricanAmerican: true}, 790)
			for i := range 4 {
				borrower(&domain.Demographics{IsMale: true, IsWhite: true, IsMexican: i == 0}, 760+int64(i))
			}
			borrower(&domain.Demographics{WontInformEthinicity: true, WontInformRace: true, WontInformGender: true}, min)
			borrower(nil, min)
			f.estimate(t, "", min, "CA")

			report, err := impact.Compare(ctx, f.db, f.baseline, load(t, dir), impact.Options{})
			if err != nil {
				t.Fatal(err)
			}
			e := report.Entrypoints[impact.Eligibility]
			if e.EligibleToIneligible != 5 {
				t.Fatalf("got %d flips, want 5 (2 women, the one who declined, the one unanswered, the visitor)", e.EligibleToIneligible)
			}
			fl := e.FairLending
			if fl == nil || fl.Loans != 9 {
				t.Fatalf("got %s, want the view of the 9 loans that answered", mustJSON(fl))
			}
			women, men := fl.Sex.Groups[impact.Female], fl.Sex.Groups[impact.Male]
			if women.Compared != 4 || women.EligibleToIneligible != 2 || women.EligibleBefore != 4 || women.EligibleAfter != 2 || women.RateAfter != 0.5 {
				t.Errorf("got women %s", mustJSON(women))
			}
			if fl.Sex.MostFavoured != impact.Male || *men.AdverseImpactRatio != 1 || men.BelowThreshold {
				t.Errorf("got men %s, most favoured %q", mustJSON(men), fl.Sex.MostFavoured)
			}
			if *women.AdverseImpactRatio != 0.5 || !women.BelowThreshold || *women.AdverseImpactRatioBefore != 1 {
				t.Errorf("got women's ratio %v (before %v), want 0.5 flagged (1 before)", *women.AdverseImpactRatio, *women.AdverseImpactRatioBefore)
			}
			if fl.Sex.NotProvided != 1 || fl.Race.NotProvided != 1 || fl.Ethnicity.NotProvided != 1 {
				t.Errorf("got not provided %d, %d, %d, want the one who declined in each", fl.Ethnicity.NotProvided, fl.Race.NotProvided, fl.Sex.NotProvided)
			}
			// A borrower of two races counts in both.
			white, black, asian := fl.Race.Groups[impact.White], fl.Race.Groups[impact.AfricanAmerican], fl.Race.Groups[impact.Asian]
			if white.Compared != 6 || white.EligibleToIneligible != 1 || black.Compared != 2 || black.EligibleToIneligible != 0 || asian.Compared != 1 || asian.EligibleToIneligible != 1 {
				t.Errorf("got race %s", mustJSON(fl.Race))
			}
			if !asian.BelowThreshold || *asian.AdverseImpactRatio != 0 || black.BelowThreshold {
				t.Errorf("got asian %s, black %s: want only the group with none eligible flagged", mustJSON(asian), mustJSON(black))
			}
			hispanic, other := fl.Ethnicity.Groups[impact.HispanicOrLatino], fl.Ethnicity.Groups[impact.NotHispanicOrLatino]
			if hispanic.Compared != 1 || other.Compared != 7 || fl.Ethnicity.MostFavoured != impact.HispanicOrLatino || !other.BelowThreshold {
				t.Errorf("got ethnicity %s", mustJSON(fl.Ethnicity))
			}
			var text strings.Builder
			report.WriteText(&text)
			if !strings.Contains(text.String(), "Female: 4 compared, eligible 4 -> 2, eligible to ineligible 2, ineligible to eligible 0, ratio 0.50 (was 1.00) *") {
				t.Errorf("text report:\n%s", text.String())
			}

			// The screen is the proposed rules' monitoring table: at a
			// threshold of 0.4 the women's 0.5 is no longer flagged, the
			// Asian group's 0 still is.
			table := filepath.Join(dir, "heloc", "monitoring", "tables", "data.yaml")
			src, err := os.ReadFile(table)
			if err != nil || !bytes.Contains(src, []byte("threshold: 0.8")) {
				t.Fatalf("the monitoring table: %v, want its threshold of 0.8", err)
			}
			if err := os.WriteFile(table, bytes.Replace(src, []byte("threshold: 0.8"), []byte("threshold: 0.4"), 1), 0o644); err != nil {
				t.Fatal(err)
			}
			if report, err = impact.Compare(ctx, f.db, f.baseline, load(t, dir), impact.Options{}); err != nil {
				t.Fatal(err)
			}
			fl = report.Entrypoints[impact.Eligibility].FairLending
			if fl.Threshold != 0.4 || fl.Rule != "AIR-1" || fl.Sex.Groups[impact.Female].BelowThreshold || !fl.Race.Groups[impact.Asian].BelowThreshold {
				t.Errorf("at a threshold of 0.4: got %s, want the women unflagged, the Asian group flagged", mustJSON(fl))
			}
		})
	}
}

// Proposing the revision the decisions were made under (rolling back a
// raised minimum that went live) reverses the flips: the live, raised rules
// decide each again, and the stored answers are the proposed rules'.
func TestProposingTheStoredRevisionReversesTheFlips(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, "sqlite")
	dir, min := impacttest.RaisedMinimum(t)
	f.estimate(t, "", min+5, "CA")
	f.estimate(t, "", min+10, "CA")
	f.estimate(t, "", 800, "CA")
	report, err := impact.Compare(ctx, f.db, load(t, dir), f.baseline, impact.Options{})
	if err != nil {
		t.Fatal(err)
	}
	e := report.Entrypoints[impact.Eligibility]
	if e.Compared != 3 || e.IneligibleToEligible != 2 || e.EligibleToIneligible != 0 || e.ReasonsLost["CREDIT_SCORE_BELOW_MINIMUM"] != 2 || len(e.ReasonsGained) != 0 {
		t.Fatalf("got %s, want the two estimates between the minimums eligible again", mustJSON(e))
	}
	if o := report.Entrypoints[impact.Offer]; o.Line.Count != 2 || o.Line.Largest <= 0 {
		t.Fatalf("got offers %s, want two lines offered again", mustJSON(o))
	}
}
