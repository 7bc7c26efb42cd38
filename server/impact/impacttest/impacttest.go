// Package impacttest gives the tests of `heloc policy impact` (those of
// server/impact and of the command in server/cmd/heloc) what they share:
// proposed rules (a copy of rules/ with the minimum credit score raised by
// 20) and estimates recorded as the server records them. Only tests import
// it.
package impacttest

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/heloc/heloc/rules"
	"github.com/heloc/heloc/server/decisions"
	"github.com/heloc/heloc/server/impact"
	"github.com/heloc/heloc/server/prequal"
)

// minimumScore is the eligibility table's minimum credit score.
var minimumScore = regexp.MustCompile(`(?m)^(credit_score:\n(?:  .*\n)*?  minimum: )(\d+)`)

// RaisedMinimum copies rules/ to a folder and raises the minimum credit
// score there by 20, returning the folder and the old minimum.
func RaisedMinimum(t testing.TB) (string, int64) {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(dir, rules.FS); err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(dir, "heloc", "eligibility", "tables", "data.yaml")
	src, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	m := minimumScore.FindSubmatch(src)
	if m == nil {
		t.Fatal("no credit_score.minimum in the eligibility table")
	}
	old, _ := strconv.ParseInt(string(m[2]), 10, 64)
	raised := minimumScore.ReplaceAll(src, []byte("${1}"+strconv.FormatInt(old+20, 10)))
	if err := os.WriteFile(name, raised, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, old
}

// Estimate records a self-reported estimate (its eligibility and preview
// offer together, as prequal.Service.Estimate does) for the loan ("" for
// a visitor) of a home in state.
func Estimate(t testing.TB, r *decisions.Recorder, loanID string, score int64, state string) {
	t.Helper()
	value, balance := int64(850000), int64(312000)
	facts := prequal.EstimateFacts{CreditScore: &score, CreditSource: "selfReported", MortgageBalance: &balance, Mortgages: []prequal.Mortgage{},
		PropertyState: &state, PropertyType: "singleFamily", PropertyUsage: "primaryResidence", PropertyValue: &value, Stage: "estimate", Today: "2026-11-22"}
	if _, err := r.DecideTogether(context.Background(), loanID, facts, impact.Eligibility, impact.Offer); err != nil {
		t.Fatal(err)
	}
}
