package decisions

import (
	"context"
	"encoding/json"
	"maps"
	"slices"
	"time"

	"github.com/heloc/heloc/server/domain"
)

// The policy revisions published with `heloc policy publish` (issue 24):
// which revision decided a stored decision, who published it and when, and
// the list of every publish and rollback the portal shows administrators.

// Publication is who made a revision live, why and from when.
type Publication struct {
	ID          string    `json:"id"`
	Action      string    `json:"action"`
	Author      string    `json:"author"`
	Reason      string    `json:"reason"`
	PublishedAt time.Time `json:"publishedAt"`
	EffectiveAt time.Time `json:"effectiveAt"`
}

// publications remembers, for one answer, the publication of each
// revision asked about.
type publications map[string]*Publication

// of is the first publish of revision (a rollback to it is not when it was
// made), or its first rollback for a revision only ever rolled back to (the
// embedded rules); nil for one never published.
func (p publications) of(ctx context.Context, store Store, revision string) (*Publication, error) {
	if pub, ok := p[revision]; ok {
		return pub, nil
	}
	list, err := store.PolicyRevisionsOf(ctx, revision)
	if err != nil {
		return nil, err
	}
	var pub *Publication
	if len(list) > 0 {
		r := list[0]
		if i := slices.IndexFunc(list, func(r *domain.PolicyRevision) bool { return r.Action == domain.PolicyPublish }); i >= 0 {
			r = list[i]
		}
		pub = publicationOf(r)
	}
	p[revision] = pub
	return pub, nil
}

func publicationOf(r *domain.PolicyRevision) *Publication {
	return &Publication{ID: r.ID, Action: r.Action, Author: r.Author, Reason: r.Reason, PublishedAt: r.PublishedAt, EffectiveAt: r.EffectiveAt}
}

// RevisionEntry is one publish or rollback as the portal lists it.
type RevisionEntry struct {
	Publication
	Revision string `json:"revision"`
	// Baseline was in force when it was published; the impact compares
	// against it.
	Baseline string `json:"baseline"`
	// State is "inForce", "scheduled" (effective later) or "superseded".
	State  string         `json:"state"`
	Checks RevisionChecks `json:"checks"`
	Impact []ImpactLine   `json:"impact"`
}

// RevisionChecks are the checks a revision passed when it was published.
type RevisionChecks struct {
	Passed  bool     `json:"passed"`
	Tests   int      `json:"tests"`
	Failed  int      `json:"failed"`
	Errored int      `json:"errored"`
	Style   []string `json:"style"`
	Tables  []string `json:"tables"`
}

// ImpactLine is one entrypoint of a revision's impact against its
// baseline: the stored decisions compared and changed; for eligibility
// the flips and the reasons gained and lost; for the preview offer the
// moves of the line (dollars) and APR (percent).
type ImpactLine struct {
	Entrypoint           string         `json:"entrypoint"`
	Title                string         `json:"title"`
	Compared             int            `json:"compared"`
	Changed              int            `json:"changed"`
	EligibleToIneligible *int           `json:"eligibleToIneligible"`
	IneligibleToEligible *int           `json:"ineligibleToEligible"`
	ReasonsGained        map[string]int `json:"reasonsGained"`
	ReasonsLost          map[string]int `json:"reasonsLost"`
	Line                 *Move          `json:"line"`
	APR                  *Move          `json:"apr"`
}

// Move is how many decisions' figure moved, the mean move and the largest.
type Move struct {
	Count   int     `json:"count"`
	Mean    float64 `json:"mean"`
	Largest float64 `json:"largest"`
}

// Revisions is the portal's list of published revisions, newest first.
type Revisions struct {
	Items []RevisionEntry `json:"items"`
	// Serving is the revision this server serves now.
	Serving string `json:"serving"`
}

// Revisions lists every publish and rollback, newest first, each with its
// checks and impact summary and whether it is in force.
func (s *Service) Revisions(ctx context.Context, now time.Time) (*Revisions, error) {
	list, err := s.store.ListPolicyRevisions(ctx)
	if err != nil {
		return nil, err
	}
	current, err := s.store.PolicyRevisionInForce(ctx, now)
	if err != nil {
		return nil, err
	}
	out := &Revisions{Items: []RevisionEntry{}, Serving: s.policy.Revision()}
	for _, r := range list {
		e := RevisionEntry{Publication: *publicationOf(r), Revision: r.Revision, Baseline: r.Baseline, State: "superseded", Impact: []ImpactLine{}}
		switch {
		case current != nil && r.ID == current.ID:
			e.State = "inForce"
		case r.EffectiveAt.After(now):
			e.State = "scheduled"
		}
		_ = json.Unmarshal(r.Checks, &e.Checks)
		if e.Checks.Style == nil {
			e.Checks.Style = []string{}
		}
		if e.Checks.Tables == nil {
			e.Checks.Tables = []string{}
		}
		e.Impact = s.impactLines(r.Impact)
		out.Items = append(out.Items, e)
	}
	return out, nil
}

// impactLines reads a stored impact summary (server/impact.Report's JSON).
func (s *Service) impactLines(summary json.RawMessage) []ImpactLine {
	var report struct {
		Entrypoints map[string]struct {
			Compared             int            `json:"compared"`
			Changed              int            `json:"changed"`
			EligibleToIneligible *int           `json:"eligibleToIneligible"`
			IneligibleToEligible *int           `json:"ineligibleToEligible"`
			ReasonsGained        map[string]int `json:"reasonsGained"`
			ReasonsLost          map[string]int `json:"reasonsLost"`
			Line                 *Move          `json:"line"`
			APR                  *Move          `json:"apr"`
		} `json:"entrypoints"`
	}
	out := []ImpactLine{}
	if json.Unmarshal(summary, &report) != nil {
		return out
	}
	for _, name := range slices.Sorted(maps.Keys(report.Entrypoints)) {
		e := report.Entrypoints[name]
		line := ImpactLine{Entrypoint: name, Title: s.Title(name), Compared: e.Compared, Changed: e.Changed,
			EligibleToIneligible: e.EligibleToIneligible, IneligibleToEligible: e.IneligibleToEligible,
			ReasonsGained: e.ReasonsGained, ReasonsLost: e.ReasonsLost, Line: e.Line, APR: e.APR}
		if line.ReasonsGained == nil {
			line.ReasonsGained = map[string]int{}
		}
		if line.ReasonsLost == nil {
			line.ReasonsLost = map[string]int{}
		}
		out = append(out, line)
	}
	return out
}
