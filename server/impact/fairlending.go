package impact

import (
	"context"
	"maps"
	"slices"

	"github.com/heloc/heloc/server/domain"
)

// The fair-lending view: for the loans whose borrower answered the HMDA
// questions (the Demographics page, spec §3), eligibility's outcomes by each
// group the borrower reported, with each group's adverse-impact ratio: its
// rate of eligible decisions under the proposed rules over the rate of the
// most favoured group of the same question. A ratio below four-fifths
// (0.8) is flagged, the screening threshold examiners use (the Uniform
// Guidelines' four-fifths rule, 29 CFR 1607.4(D), as fair-lending reviews
// borrow it).
//
// The answers are read here, for this monitoring, and nowhere that decides
// credit: no decision's input carries them (TestNoDecisionInputCarriesDemographics).

// FourFifths is the adverse-impact ratio below which a group is flagged.
const FourFifths = 0.8

// FairLending is the view by each HMDA question.
type FairLending struct {
	// Loans counts the loans compared whose borrower answered.
	Loans     int       `json:"loans"`
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
	// (null when no group has an eligible decision); BelowFourFifths
	// flags a ratio under FourFifths. AdverseImpactRatioBefore is the same
	// under the baseline, for comparison.
	AdverseImpactRatio       *float64 `json:"adverseImpactRatio"`
	AdverseImpactRatioBefore *float64 `json:"adverseImpactRatioBefore"`
	BelowFourFifths          bool     `json:"belowFourFifths"`
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
// builds the view; nil when none answered.
func fairLending(ctx context.Context, src Source, loans map[string]flip) (*FairLending, error) {
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
		q.ratios()
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

// ratios works out each group's rates and its ratio to the most favoured
// group's (the first by name among equals).
func (q *Question) ratios() {
	var bestAfter, bestBefore float64
	for _, name := range slices.Sorted(maps.Keys(q.Groups)) {
		g := q.Groups[name]
		g.RateBefore = float64(g.EligibleBefore) / float64(g.Compared)
		g.RateAfter = float64(g.EligibleAfter) / float64(g.Compared)
		if q.MostFavoured == "" || g.RateAfter > bestAfter {
			q.MostFavoured, bestAfter = name, g.RateAfter
		}
		bestBefore = max(bestBefore, g.RateBefore)
	}
	for _, g := range q.Groups {
		if bestAfter > 0 {
			ratio := g.RateAfter / bestAfter
			r := round(ratio, 4)
			g.AdverseImpactRatio = &r
			g.BelowFourFifths = ratio < FourFifths
		}
		if bestBefore > 0 {
			r := round(g.RateBefore/bestBefore, 4)
			g.AdverseImpactRatioBefore = &r
		}
		g.RateBefore, g.RateAfter = round(g.RateBefore, 4), round(g.RateAfter, 4)
	}
}
