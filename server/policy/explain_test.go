package policy_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/heloc/heloc/fixtures"
	"github.com/heloc/heloc/rules"
	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/policy"
)

// atScore is a homeowner with a $500,000 home, $250,000 owed and the
// given credit score.
func atScore(score int) string {
	return fmt.Sprintf(`{"today":"2026-11-22","propertyValue":500000,"mortgageBalance":250000,"creditScore":%d,
	"propertyUsage":"primaryResidence","propertyState":"CA","propertyType":"singleFamily",
	"mortgages":[{"balance":250000,"latePaymentDays":0,"latePaymentDate":null}],"hasFbm":false}`, score)
}

// minimumScore is the minimum credit score of the rules' table, so that
// the tests hold whatever compliance sets it to.
func minimumScore(t *testing.T) int {
	t.Helper()
	n, err := fixtures.MinimumCreditScore()
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// decided is the stored form of a decision: its result as JSON.
func decided(t *testing.T, e *policy.Engine, entrypoint, input string) json.RawMessage {
	t.Helper()
	var in any
	if err := json.Unmarshal([]byte(input), &in); err != nil {
		t.Fatal(err)
	}
	out, err := e.Decide(t.Context(), entrypoint, in)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(out)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func change(changes []domain.DecisionChange, path string) *domain.DecisionChange {
	for i := range changes {
		if changes[i].Path == path {
			return &changes[i]
		}
	}
	return nil
}

// TestReplayAfterAThresholdChange raises the minimum credit score in a
// copy of the rules, a one-line data change, and replays a decision made
// under the rules as they are: the replay says, field by field, what the
// new minimum changes.
func TestReplayAfterAThresholdChange(t *testing.T) {
	before := MustLoad(t, rules.FS)
	minimum := minimumScore(t)
	// Eligible under the rules as they are; below the raised minimum.
	homeowner := atScore(minimum + 10)
	stored := decided(t, before, "heloc.eligibility.decision", homeowner)

	t.Run("the same revision decides the same", func(t *testing.T) {
		changes, now, err := before.Replay(t.Context(), "heloc.eligibility.decision", json.RawMessage(homeowner), stored)
		if err != nil {
			t.Fatal(err)
		}
		if len(changes) != 0 {
			t.Fatalf("got %v, want no change", changes)
		}
		if string(now) != string(stored) {
			t.Fatalf("today's result: got %s, want %s", now, stored)
		}
	})

	raised := copyRules(t)
	edit(t, raised, "heloc/eligibility/tables/data.yaml", fmt.Sprintf("  minimum: %d\n", minimum), fmt.Sprintf("  minimum: %d\n", minimum+20))
	after := MustLoad(t, raised)
	if after.Revision() == before.Revision() {
		t.Fatal("the data change left the revision as it was")
	}
	changes, now, err := after.Replay(t.Context(), "heloc.eligibility.decision", json.RawMessage(homeowner), stored)
	if err != nil {
		t.Fatal(err)
	}
	eligible := change(changes, "eligible")
	if eligible == nil || string(eligible.Old) != "true" || string(eligible.New) != "false" {
		t.Fatalf("eligible: got %+v in %v, want true -> false", eligible, changes)
	}
	page := change(changes, "ineligiblePage")
	if page == nil || string(page.Old) != "null" || string(page.New) != `"boost"` {
		t.Fatalf("ineligiblePage: got %+v, want null -> \"boost\"", page)
	}
	// The reasons list grew: it is one change, the whole list.
	reasons := change(changes, "reasons")
	if reasons == nil || string(reasons.Old) != "[]" || !strings.Contains(string(reasons.New), `"CREDIT_SCORE_BELOW_MINIMUM"`) ||
		!strings.Contains(string(reasons.New), fmt.Sprintf("minimum of %d", minimum+20)) {
		t.Fatalf("reasons: got %+v, want [] -> the new reason with the new minimum", reasons)
	}
	if !strings.Contains(string(now), `"eligible":false`) {
		t.Fatalf("today's result: got %s", now)
	}

	t.Run("a remembered entrypoint replays as any other", func(t *testing.T) {
		in := `{"path":"/app/initial-setup/property-value","status":"propertyValue","answers":{},"variant":"standard"}`
		stored := decided(t, before, "heloc.funnel.pages", in)
		changes, _, err := before.Replay(t.Context(), "heloc.funnel.pages", json.RawMessage(in), stored)
		if err != nil || len(changes) != 0 {
			t.Fatalf("got %v, %v; want no change", changes, err)
		}
	})
}

func TestDiff(t *testing.T) {
	var old, new any
	json.Unmarshal([]byte(`{"a":1,"b":{"c":[1,2],"d":"x"},"gone":true,"list":[1]}`), &old)
	json.Unmarshal([]byte(`{"a":1,"b":{"c":[1,3],"d":"y"},"added":null,"list":[1,2]}`), &new)
	got := policy.Diff(old, new)
	want := []domain.DecisionChange{
		{Path: "added", New: json.RawMessage("null")},
		{Path: "b.c[1]", Old: json.RawMessage("2"), New: json.RawMessage("3")},
		{Path: "b.d", Old: json.RawMessage(`"x"`), New: json.RawMessage(`"y"`)},
		{Path: "gone", Old: json.RawMessage("true")},
		{Path: "list", Old: json.RawMessage("[1]"), New: json.RawMessage("[1,2]")},
	}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i].Path != want[i].Path || string(got[i].Old) != string(want[i].Old) || string(got[i].New) != string(want[i].New) {
			t.Errorf("change %d: got %s %s -> %s, want %s %s -> %s", i, got[i].Path, got[i].Old, got[i].New, want[i].Path, want[i].Old, want[i].New)
		}
	}
}

// TestExplain maps a decision's reasons to their rules' METADATA and the
// rows of the tables they name.
func TestExplain(t *testing.T) {
	e := MustLoad(t, rules.FS)
	minimum := minimumScore(t)
	homeowner, low := atScore(minimum+10), atScore(minimum-60)

	t.Run("a refusal: the reason's rule and its table row", func(t *testing.T) {
		x, err := e.Explain("heloc.eligibility.decision", decided(t, e, "heloc.eligibility.decision", low))
		if err != nil {
			t.Fatal(err)
		}
		i := slices.IndexFunc(x.Reasons, func(r domain.ExplainedReason) bool { return r.Code == "CREDIT_SCORE_BELOW_MINIMUM" })
		if i < 0 {
			t.Fatalf("got reasons %+v, want CREDIT_SCORE_BELOW_MINIMUM", x.Reasons)
		}
		r := x.Reasons[i]
		if r.Rule == nil || r.Rule.Title != "Credit score below the minimum" || r.Rule.Package != "heloc.eligibility" ||
			!strings.Contains(r.Rule.Source, "Product spec §2") || !strings.HasPrefix(r.Rule.Location, "heloc/eligibility/eligibility.rego:") ||
			!strings.Contains(r.Rule.Description, "tables.credit_score.minimum") {
			t.Fatalf("rule: got %+v", r.Rule)
		}
		if !strings.Contains(r.Message, strconv.Itoa(minimum-60)) {
			t.Errorf("message: got %q, want the reason's words", r.Message)
		}
		if r.Row == nil || r.Row.ID != "SCORE-MIN" || r.Row.Table != "heloc.eligibility.tables.credit_score" || !strings.Contains(string(r.Row.Values), fmt.Sprintf(`"minimum":%d`, minimum)) {
			t.Fatalf("row: got %+v, want SCORE-MIN with its minimum", r.Row)
		}
		// The equity check names the CLTV row of the usage.
		if j := slices.IndexFunc(x.Rows, func(r domain.ReferencedRow) bool { return r.Field == "cltvRule" }); j < 0 || x.Rows[j].Row.ID != "CLTV-PRIMARY" ||
			x.Rows[j].Row.Table != "heloc.eligibility.tables.max_cltv[0]" {
			t.Fatalf("rows: got %+v, want cltvRule CLTV-PRIMARY", x.Rows)
		}
	})

	t.Run("an offer: the pricing row and the prime rate row", func(t *testing.T) {
		x, err := e.Explain("heloc.offer.preview", decided(t, e, "heloc.offer.preview", homeowner))
		if err != nil {
			t.Fatal(err)
		}
		fields := map[string]string{}
		for _, r := range x.Rows {
			fields[r.Field] = r.Row.ID
		}
		if !strings.HasPrefix(fields["pricingRow"], "P-") || !strings.HasPrefix(fields["primeRateRule"], "PRIME-") {
			t.Fatalf("got %v, want the pricing grid's row and the prime rate's", fields)
		}
		if len(x.Reasons) != 0 {
			t.Fatalf("got reasons %+v, want none for an offer", x.Reasons)
		}
	})

	t.Run("an offer refused repeats eligibility's reasons, explained by eligibility's rules", func(t *testing.T) {
		x, err := e.Explain("heloc.offer.preview", decided(t, e, "heloc.offer.preview", low))
		if err != nil {
			t.Fatal(err)
		}
		if len(x.Reasons) == 0 || x.Reasons[0].Rule == nil || x.Reasons[0].Rule.Package != "heloc.eligibility" {
			t.Fatalf("got %+v", x.Reasons)
		}
	})

	t.Run("a code no rule carries is given without a rule", func(t *testing.T) {
		x, err := e.Explain("heloc.eligibility.decision", json.RawMessage(`{"reasons":[{"code":"RETIRED_LONG_AGO","message":"m","rule":"NO-SUCH-ROW"}]}`))
		if err != nil {
			t.Fatal(err)
		}
		if len(x.Reasons) != 1 || x.Reasons[0].Rule != nil || x.Reasons[0].Row != nil || x.Reasons[0].Message != "m" {
			t.Fatalf("got %+v", x.Reasons)
		}
	})

	t.Run("the documents package's title", func(t *testing.T) {
		if got := e.PackageTitle("heloc.documents.requirements"); got != "Required and missing documents" {
			t.Fatalf("got %q", got)
		}
	})
}
