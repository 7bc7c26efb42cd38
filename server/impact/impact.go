// Package impact tells a compliance analyst what a proposed revision of the
// rules would do before it goes live (issue 24, `heloc policy impact`):
// every stored decision a rule change would act on (a loan's latest
// decision of each entrypoint, and each visitor's estimate) is decided
// under the revision served now (the baseline) and under the proposed one,
// and the two answers compared: per entrypoint, how many changed; for
// eligibility, who flips which way and for which reasons; for the preview
// offer, how lines and APRs move; each by the home's state; and, for loans
// whose borrower answered the HMDA questions, the flips by each reported
// group with its adverse-impact ratio (fairlending.go).
//
// A policy is a function of its input and its revision (the policy
// contract: no rule reads the clock), so a decision stored under the
// baseline's own revision already holds the baseline's answer, and one
// stored under the proposed revision (a revision rolled back, proposed
// again) the proposed one's: each decision is decided only under the
// revisions it was not stored under. Decisions recorded together on one input (an estimate's
// eligibility and preview offer) are decided together, in one evaluation
// (policy.Engine.DecideAll). The decisions are streamed from the database
// and decided on every core.
package impact

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"runtime"
	"sync"
	"time"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/policy"
)

// The entrypoints whose answers the report reads beyond "changed".
const (
	Eligibility = "heloc.eligibility.decision"
	Offer       = "heloc.offer.preview"
)

// Source is what the report reads of the database (server/store.DB).
type Source interface {
	// EachLatestDecision streams the decisions made in [since, until): a
	// loan's latest of each entrypoint, and every one made for no loan.
	EachLatestDecision(ctx context.Context, since, until time.Time, fn func(*domain.Decision) error) error
	// BorrowerDemographics is the borrower's HMDA answers of each loan
	// that has them.
	BorrowerDemographics(ctx context.Context, loanIDs []string) (map[string]domain.Demographics, error)
}

// Options narrow the report.
type Options struct {
	// Since and Until bound the decisions' time, [Since, Until); a zero
	// time leaves that end open.
	Since, Until time.Time
	// Workers decide in parallel; 0 is one per core (GOMAXPROCS).
	Workers int
}

// Report is the impact of a proposed revision, as `heloc policy impact
// --json` prints it.
type Report struct {
	Baseline    string                 `json:"baseline"`
	Proposed    string                 `json:"proposed"`
	Entrypoints map[string]*Entrypoint `json:"entrypoints"`
}

// Entrypoint is the comparison of one entrypoint's decisions (or of those
// of one state, in ByState).
type Entrypoint struct {
	Compared int `json:"compared"`
	// Changed counts the decisions whose answer differs in any field.
	Changed int `json:"changed"`
	// Eligibility's flips; nil for other entrypoints.
	*Flips
	// The preview offer's lines and APRs; nil for other entrypoints.
	*Pricing
	// ByState splits the same counts by the home's state (the input's
	// propertyState; "unknown" without one).
	ByState map[string]*Entrypoint `json:"byState,omitempty"`
	// FairLending is eligibility's flips by the HMDA groups of the
	// borrowers who answered (loans only).
	FairLending *FairLending `json:"fairLending,omitempty"`
}

// Flips are eligibility's changes of outcome: eligible (the result's
// eligible) under the baseline and not under the proposed revision, or the
// reverse, and the reason codes each decision gained or lost.
type Flips struct {
	EligibleToIneligible int            `json:"eligibleToIneligible"`
	IneligibleToEligible int            `json:"ineligibleToEligible"`
	ReasonsGained        map[string]int `json:"reasonsGained"`
	ReasonsLost          map[string]int `json:"reasonsLost"`
}

// Pricing is how the preview offers' lines and APRs move.
type Pricing struct {
	// Line is the offered line (the result's line, or its maxLine where a
	// revision gives no line; an offer refused offers 0).
	Line Change `json:"line"`
	// APR is the APR in percent, of the offers made under both revisions
	// (a refused offer's APR of 0 is no price).
	APR Change `json:"apr"`
}

// Change summarises the decisions whose figure moved: how many, the mean
// move (proposed less baseline) and the largest move by size, signed.
type Change struct {
	Count   int     `json:"count"`
	Mean    float64 `json:"mean"`
	Largest float64 `json:"largest"`
}

// Compare decides every decision src holds in the options' range under
// baseline and proposed and reports the difference.
func Compare(ctx context.Context, src Source, baseline, proposed *policy.Engine, opt Options) (*Report, error) {
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		wg       sync.WaitGroup
		failOnce sync.Once
		failed   error
	)
	fail := func(err error) {
		failOnce.Do(func() { failed = err; cancel() })
	}
	jobs := make(chan []*domain.Decision, 4*workers)
	tallies := make([]*tally, workers)
	for i := range workers {
		t := newTally()
		tallies[i] = t
		wg.Go(func() {
			c := comparer{baseline: baseline, proposed: proposed, t: t}
			for group := range jobs {
				if ctx.Err() != nil {
					continue // drain
				}
				if err := c.compare(ctx, group); err != nil {
					fail(err)
				}
			}
		})
	}

	// Decisions made together on one input (an estimate) share their time
	// to the millisecond: the decisions of one millisecond are held until
	// the next, then sent as groups of one input each.
	var bucket []*domain.Decision
	flush := func() error {
		for _, group := range groupByInput(bucket) {
			select {
			case jobs <- group:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		bucket = bucket[:0]
		return nil
	}
	err := src.EachLatestDecision(ctx, opt.Since, opt.Until, func(d *domain.Decision) error {
		if len(bucket) > 0 && !d.CreatedAt.Equal(bucket[0].CreatedAt) {
			if err := flush(); err != nil {
				return err
			}
		}
		bucket = append(bucket, d)
		return nil
	})
	if err == nil {
		err = flush()
	}
	close(jobs)
	wg.Wait()
	if failed != nil {
		return nil, failed
	}
	if err != nil {
		return nil, err
	}

	total := newTally()
	for _, t := range tallies {
		total.merge(t)
	}
	report := &Report{Baseline: baseline.Revision(), Proposed: proposed.Revision(), Entrypoints: map[string]*Entrypoint{}}
	for name, e := range total.entrypoints {
		report.Entrypoints[name] = e.entrypoint(name)
	}
	if elig := report.Entrypoints[Eligibility]; elig != nil && len(total.loans) > 0 {
		fl, err := fairLending(ctx, src, proposed, total.loans)
		if err != nil {
			return nil, err
		}
		elig.FairLending = fl
	}
	return report, nil
}

// groupByInput splits decisions into groups of the same loan and input, in
// the order they came.
func groupByInput(ds []*domain.Decision) [][]*domain.Decision {
	if len(ds) == 1 {
		return [][]*domain.Decision{{ds[0]}}
	}
	var groups [][]*domain.Decision
	at := map[string]int{}
	for _, d := range ds {
		key := d.LoanID + "\x00" + string(d.Input)
		i, ok := at[key]
		if !ok {
			i = len(groups)
			at[key] = i
			groups = append(groups, nil)
		}
		groups[i] = append(groups[i], d)
	}
	return groups
}

// comparer decides groups under both revisions and counts into its own
// tally (one per worker, merged at the end).
type comparer struct {
	baseline, proposed *policy.Engine
	t                  *tally
}

// compare decides a group of decisions made on one input.
func (c comparer) compare(ctx context.Context, group []*domain.Decision) error {
	var input any
	dec := json.NewDecoder(bytes.NewReader(group[0].Input))
	dec.UseNumber()
	if err := dec.Decode(&input); err != nil {
		return fmt.Errorf("decision %s: input: %w", group[0].ID, err)
	}
	// The entrypoints to decide under each revision: those not stored
	// under that revision already.
	var underBaseline, underProposed []string
	for _, d := range group {
		if d.Revision != c.baseline.Revision() {
			underBaseline = appendOnce(underBaseline, d.Entrypoint)
		}
		if d.Revision != c.proposed.Revision() {
			underProposed = appendOnce(underProposed, d.Entrypoint)
		}
	}
	proposed, err := decide(ctx, c.proposed, input, underProposed)
	if err != nil {
		return fmt.Errorf("decision %s: proposed rules: %w", group[0].ID, err)
	}
	baseline, err := decide(ctx, c.baseline, input, underBaseline)
	if err != nil {
		return fmt.Errorf("decision %s: baseline rules: %w", group[0].ID, err)
	}
	state := stateOf(input)
	for _, d := range group {
		was, ok := baseline[d.Entrypoint]
		if !ok {
			was = d.Result // stored under the baseline's own revision
		}
		is, ok := proposed[d.Entrypoint]
		if !ok {
			is = d.Result // stored under the proposed revision (one rolled back)
		}
		if err := c.t.add(d, state, was, is); err != nil {
			return fmt.Errorf("decision %s: %w", d.ID, err)
		}
	}
	return nil
}

func appendOnce(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}

// decide evaluates entrypoints on input under engine, together in one
// evaluation (DecideAll, which decides a single one, or none, as Decide
// would), and gives each answer's JSON.
func decide(ctx context.Context, engine *policy.Engine, input any, entrypoints []string) (map[string]json.RawMessage, error) {
	answers, err := engine.DecideAll(ctx, input, entrypoints...)
	if err != nil {
		return nil, err
	}
	out := make(map[string]json.RawMessage, len(entrypoints))
	for i, name := range entrypoints {
		b, err := domain.EncodeAnswer(answers[i])
		if err != nil {
			return nil, err
		}
		out[name] = b
	}
	return out, nil
}

// stateOf is the home's state the input names: propertyState, or the
// application's property state; "unknown" without one.
func stateOf(input any) string {
	m, _ := input.(map[string]any)
	if s, ok := m["propertyState"].(string); ok && s != "" {
		return s
	}
	if app, ok := m["application"].(map[string]any); ok {
		if p, ok := app["property"].(map[string]any); ok {
			if s, ok := p["state"].(string); ok && s != "" {
				return s
			}
		}
	}
	return "unknown"
}

// tally counts comparisons.
type tally struct {
	entrypoints map[string]*counts
	// loans holds, for each loan's eligibility decision compared, whether
	// it was eligible under each revision (the fair-lending view's).
	loans map[string]flip
}

type flip struct{ before, after bool }

// counts are one entrypoint's (or one state's) comparisons.
type counts struct {
	compared, changed int
	e2i, i2e          int
	gained, lost      map[string]int
	line, apr         changeSum
	byState           map[string]*counts
}

// changeSum adds up a field's moves in whole units of the field (whole
// dollars for a line, hundredths of a point for an APR), so that no sum of
// money is a float64; change turns the units back into the field's own.
type changeSum struct {
	count   int
	units   int64
	largest int64
}

func (s *changeSum) add(delta int64) {
	if delta != 0 {
		s.merge(changeSum{count: 1, units: delta, largest: delta})
	}
}

func (s *changeSum) merge(o changeSum) {
	s.count += o.count
	s.units += o.units
	if abs64(o.largest) > abs64(s.largest) || abs64(o.largest) == abs64(s.largest) && o.largest > s.largest {
		s.largest = o.largest
	}
}

func abs64(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}

// change is the moves' count, mean and largest in the field's own unit:
// perUnit units make one (1 for whole dollars, 100 for an APR's points).
func (s changeSum) change(perUnit float64, decimals int) Change {
	if s.count == 0 {
		return Change{}
	}
	return Change{Count: s.count, Mean: round(float64(s.units)/float64(s.count)/perUnit, decimals), Largest: round(float64(s.largest)/perUnit, decimals)}
}

func round(x float64, decimals int) float64 {
	p := math.Pow(10, float64(decimals))
	return math.Round(x*p) / p
}

func newTally() *tally {
	return &tally{entrypoints: map[string]*counts{}, loans: map[string]flip{}}
}

func newCounts() *counts {
	return &counts{gained: map[string]int{}, lost: map[string]int{}}
}

// eligibility is what the report reads of an eligibility decision (a
// preview offer is read as the rest of the server reads it,
// domain.ReadOffer).
type eligibility struct {
	Eligible bool `json:"eligible"`
	Reasons  []struct {
		Code string `json:"code"`
	} `json:"reasons"`
}

// add counts one decision: its answer under the baseline (was) and under
// the proposed revision (is).
func (t *tally) add(d *domain.Decision, state string, was, is json.RawMessage) error {
	c := t.entrypoints[d.Entrypoint]
	if c == nil {
		c = newCounts()
		c.byState = map[string]*counts{}
		t.entrypoints[d.Entrypoint] = c
	}
	s := c.byState[state]
	if s == nil {
		s = newCounts()
		c.byState[state] = s
	}
	changed, err := differ(was, is)
	if err != nil {
		return err
	}
	both := []*counts{c, s}
	for _, x := range both {
		x.compared++
		if changed {
			x.changed++
		}
	}
	switch d.Entrypoint {
	case Eligibility:
		var before, after eligibility
		if err := errors.Join(json.Unmarshal(was, &before), json.Unmarshal(is, &after)); err != nil {
			return err
		}
		for _, x := range both {
			x.flips(before, after)
		}
		if d.LoanID != "" {
			t.loans[d.LoanID] = flip{before: before.Eligible, after: after.Eligible}
		}
	case Offer:
		before, err1 := domain.ReadOffer(was)
		after, err2 := domain.ReadOffer(is)
		if err := errors.Join(err1, err2); err != nil {
			return err
		}
		for _, x := range both {
			x.pricing(before, after)
		}
	}
	return nil
}

// differ says whether two answers differ in any field (compared as JSON
// values, so that a stored answer's key order or spacing is no change).
func differ(was, is json.RawMessage) (bool, error) {
	if bytes.Equal(was, is) {
		return false, nil
	}
	var a, b any
	for _, x := range []struct {
		raw json.RawMessage
		v   *any
	}{{was, &a}, {is, &b}} {
		dec := json.NewDecoder(bytes.NewReader(x.raw))
		dec.UseNumber()
		if err := dec.Decode(x.v); err != nil {
			return false, err
		}
	}
	return len(policy.Diff(a, b)) > 0, nil
}

func (x *counts) flips(before, after eligibility) {
	switch {
	case before.Eligible && !after.Eligible:
		x.e2i++
	case !before.Eligible && after.Eligible:
		x.i2e++
	}
	had, has := map[string]bool{}, map[string]bool{}
	for _, r := range before.Reasons {
		had[r.Code] = true
	}
	for _, r := range after.Reasons {
		has[r.Code] = true
	}
	for code := range has {
		if !had[code] {
			x.gained[code]++
		}
	}
	for code := range had {
		if !has[code] {
			x.lost[code]++
		}
	}
}

// pricing counts the move of the line offered (domain.Offer.Amount: the
// line, or maxLine where a revision gives no line; a refused offer's 0) and
// of the APR, in hundredths of a point, of offers made under both.
func (x *counts) pricing(before, after *domain.Offer) {
	x.line.add(after.Amount() - before.Amount())
	if before.Eligible && after.Eligible {
		x.apr.add(hundredths(after.APR) - hundredths(before.APR))
	}
}

// hundredths is a rate in percent in hundredths of a point, rounded to the
// nearest.
func hundredths(percent float64) int64 { return int64(math.Round(percent * 100)) }

func (x *counts) merge(o *counts) {
	x.compared += o.compared
	x.changed += o.changed
	x.e2i += o.e2i
	x.i2e += o.i2e
	for k, v := range o.gained {
		x.gained[k] += v
	}
	for k, v := range o.lost {
		x.lost[k] += v
	}
	x.line.merge(o.line)
	x.apr.merge(o.apr)
	for state, oc := range o.byState {
		if x.byState == nil {
			x.byState = map[string]*counts{}
		}
		c := x.byState[state]
		if c == nil {
			c = newCounts()
			x.byState[state] = c
		}
		c.merge(oc)
	}
}

func (t *tally) merge(o *tally) {
	for name, oc := range o.entrypoints {
		c := t.entrypoints[name]
		if c == nil {
			c = newCounts()
			t.entrypoints[name] = c
		}
		c.merge(oc)
	}
	for id, f := range o.loans {
		t.loans[id] = f
	}
}

// entrypoint is the report's view of x for the entrypoint name.
func (x *counts) entrypoint(name string) *Entrypoint {
	e := &Entrypoint{Compared: x.compared, Changed: x.changed}
	switch name {
	case Eligibility:
		e.Flips = &Flips{EligibleToIneligible: x.e2i, IneligibleToEligible: x.i2e, ReasonsGained: x.gained, ReasonsLost: x.lost}
	case Offer:
		e.Pricing = &Pricing{Line: x.line.change(1, 2), APR: x.apr.change(100, 4)}
	}
	if len(x.byState) > 0 {
		e.ByState = map[string]*Entrypoint{}
		for state, c := range x.byState {
			e.ByState[state] = c.entrypoint(name)
		}
	}
	return e
}
