package impact

import (
	"context"
	"encoding/json"
	"maps"
	"slices"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/policy"
)

// The fair-lending view: for the loans whose borrower answered the HMDA
// questions (the Demographics page, spec §3), eligibility's outcomes by each
// group the borrower reported, with each group's adverse-impact ratio: its
// rate of eligible decisions over the rate of the most favoured group of the
// same question, flagged below the monitoring table's threshold. The rates,
// the ratios and the flag are the rules' (heloc.monitoring.adverse_impact,
// the four-fifths screen by default), so compliance owns the threshold
// with the rest of its tables; this file counts the groups.
//
// The answers are read here, for this monitoring, and nowhere that decides
// credit: no decision's input carries them (TestNoDecisionInputCarriesDemographics).

// AdverseImpact is the monitoring rule that works out the ratios.
const AdverseImpact = "heloc.monitoring.adverse_impact"

// FairLending is the view by each HMDA question.
type FairLending struct {
	// Loans counts the loans compared whose borrower answered.
	Loans int `json:"loans"`
	// Rule and Threshold are the monitoring table's row and the ratio
	// below which a group is flagged.
	Rule      string    `json:"rule"`
	Threshold float64   `json:"threshold"`
	Ethnicity *Question `json:"ethnicity"`
	Race      *Question `json:"race"`
	Sex       *Question `json:"sex"`
}

// Question is one HMDA question's groups. A borrower who ticked several
// boxes (two races) counts in each group ticked; one who declined to
// answer, or ticked none, counts in NotProvided and in no group.
type Question struct {
	Groups map[string]*Group `json:"groups"`
	// MostFavoured names the group with the highest rate of eligible
	// decisions under the proposed rules, the ratios' reference.
	MostFavoured string `json:"mostFavoured"`
	NotProvided  int    `json:"notProvided"`
}

// Group is one reported group's outcomes.
type Group struct {
	Compared             int `json:"compared"`
	EligibleBefore       int `json:"eligibleBefore"`
	EligibleAfter        int `json:"eligibleAfter"`
	EligibleToIneligible int `json:"eligibleToIneligible"`
	IneligibleToEligible int `json:"ineligibleToEligible"`
	// RateBefore and RateAfter are the shares of the group's decisions
	// that are eligible under the baseline and the proposed rules.
	RateBefore float64 `json:"rateBefore"`
	RateAfter  float64 `json:"rateAfter"`
	// AdverseImpactRatio is RateAfter over the most favoured group's
	// (null when no group has an eligible decision); BelowThreshold flags
	// a ratio under the table's threshold. AdverseImpactRatioBefore is the
	// same under the baseline, for comparison.
	AdverseImpactRatio       *float64 `json:"adverseImpactRatio"`
	AdverseImpactRatioBefore *float64 `json:"adverseImpactRatioBefore"`
	BelowThreshold           bool     `json:"belowThreshold"`
}

// The groups of each question, as the HMDA form names them (URLA Section
// 8), from the boxes the app stores (#Demographics).
const (
	HispanicOrLatino    = "Hispanic or Latino"
	NotHispanicOrLatino = "Not Hispanic or Latino"
	NativeAmerican      = "American Indian or Alaska Native"
	Asian               = "Asian"
	AfricanAmerican     = "Black or African American"
	PacificIslander     = "Native Hawaiian or Other Pacific Islander"
	White               = "White"
	Male                = "Male"
	Female              = "Female"
)

// ethnicityOf is the borrower's ethnicity group, or "" when not provided.
// The form's "Not Hispanic or Latino" box is not stored; a saved page
// (which asks one box or the refusal) without a Hispanic box and without
// the refusal answered it.
func ethnicityOf(d domain.Demographics) []string {
	switch {
	case d.IsHispanicOrLatino || d.IsMexican || d.IsPuertoRican || d.IsCuban || d.IsOtherHispanicOrLatino:
		return []string{HispanicOrLatino}
	case d.WontInformEthinicity:
		return nil
	}
	return []string{NotHispanicOrLatino}
}

// raceOf is each race group the borrower ticked (an origin counts for its
// race).
func raceOf(d domain.Demographics) []string {
	var out []string
	if d.IsNativeAmerican {
		out = append(out, NativeAmerican)
	}
	if d.IsAsian || d.IsAsianIndian || d.IsChinese || d.IsFilipino || d.IsJapanese || d.IsKorean || d.IsVietnamese || d.IsOtherAsian {
		out = append(out, Asian)
	}
	if d.IsAfricanAmerican {
		out = append(out, AfricanAmerican)
	}
	if d.IsPacificIslander || d.IsNativeHawaiian || d.IsGuamanianOrChamorro || d.IsSamoan || d.IsOtherPacificIslander {
		out = append(out, PacificIslander)
	}
	if d.IsWhite {
		out = append(out, White)
	}
	return out
}

func sexOf(d domain.Demographics) []string {
	var out []string
	if d.IsMale {
		out = append(out, Male)
	}
	if d.IsFemale {
		out = append(out, Female)
	}
	return out
}

// fairLending reads the borrowers' answers of the loans compared and
// builds the view, its ratios by the rules' monitoring rule (of the proposed
// rules, for the outcomes under both: the screen is the same for both, and
// a baseline published before the rule has none); nil when none answered.
func fairLending(ctx context.Context, src Source, rules *policy.Engine, loans map[string]flip) (*FairLending, error) {
	ids := slices.Sorted(maps.Keys(loans))
	answers, err := src.BorrowerDemographics(ctx, ids)
	if err != nil {
		return nil, err
	}
	if len(answers) == 0 {
		return nil, nil
	}
	fl := &FairLending{Ethnicity: newQuestion(), Race: newQuestion(), Sex: newQuestion()}
	for id, d := range answers {
		f, ok := loans[id]
		if !ok {
			continue
		}
		fl.Loans++
		fl.Ethnicity.add(ethnicityOf(d), f)
		fl.Race.add(raceOf(d), f)
		fl.Sex.add(sexOf(d), f)
	}
	for _, q := range []*Question{fl.Ethnicity, fl.Race, fl.Sex} {
		if err := q.ratios(ctx, rules, fl); err != nil {
			return nil, err
		}
	}
	return fl, nil
}

func newQuestion() *Question { return &Question{Groups: map[string]*Group{}} }

func (q *Question) add(groups []string, f flip) {
	if len(groups) == 0 {
		q.NotProvided++
		return
	}
	for _, name := range groups {
		g := q.Groups[name]
		if g == nil {
			g = &Group{}
			q.Groups[name] = g
		}
		g.Compared++
		if f.before {
			g.EligibleBefore++
		}
		if f.after {
			g.EligibleAfter++
		}
		switch {
		case f.before && !f.after:
			g.EligibleToIneligible++
		case !f.before && f.after:
			g.IneligibleToEligible++
		}
	}
}

// screen is the monitoring rule's answer for one question's groups.
type screen struct {
	Rule         string  `json:"rule"`
	Threshold    float64 `json:"threshold"`
	MostFavoured *string `json:"mostFavoured"`
	Groups       map[string]struct {
		Rate  float64  `json:"rate"`
		Ratio *float64 `json:"ratio"`
		Below bool     `json:"below"`
	} `json:"groups"`
}

// ratios asks the monitoring rule for each group's rates and ratios, under
// the proposed rules' outcomes and the baseline's.
func (q *Question) ratios(ctx context.Context, rules *policy.Engine, fl *FairLending) error {
	ask := func(eligible func(*Group) int) (*screen, error) {
		groups := map[string]any{}
		for name, g := range q.Groups {
			groups[name] = map[string]int{"compared": g.Compared, "eligible": eligible(g)}
		}
		out, err := rules.Decide(ctx, AdverseImpact, map[string]any{"groups": groups})
		if err != nil {
			return nil, err
		}
		raw, err := json.Marshal(out)
		if err != nil {
			return nil, err
		}
		var s screen
		return &s, json.Unmarshal(raw, &s)
	}
	after, err := ask(func(g *Group) int { return g.EligibleAfter })
	if err != nil {
		return err
	}
	before, err := ask(func(g *Group) int { return g.EligibleBefore })
	if err != nil {
		return err
	}
	fl.Rule, fl.Threshold = after.Rule, after.Threshold
	if after.MostFavoured != nil {
		q.MostFavoured = *after.MostFavoured
	}
	for name, g := range q.Groups {
		a, b := after.Groups[name], before.Groups[name]
		g.RateAfter, g.AdverseImpactRatio, g.BelowThreshold = a.Rate, a.Ratio, a.Below
		g.RateBefore, g.AdverseImpactRatioBefore = b.Rate, b.Ratio
	}
	return nil
}
