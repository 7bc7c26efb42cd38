package decisions

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"

	"github.com/heloc/heloc/server/domain"
)

// The decision log: every policy decision the product acts on is stored
// with its input, its result and the policy revision, so that it can be
// replayed and explained (architecture, "Data"). The loan service, the
// conditions service and the HTTP layer all decide through one Recorder,
// which cmd/heloc makes (server/app) and hands to each.

// recorded lists the entrypoints whose decisions the product acts on: what
// a borrower is offered, shown or refused, and what a portal user may do.
// Each is recorded where it is acted on; a read that decides nothing for
// anyone (the funnel's order and labels, the credit ranges, the creditor's
// states, the consents' wording, the roles) is not recorded, nor are a
// page's own reads of an entrypoint recorded where it is acted on (the ZIP
// lookup while typing, the portal's buttons per permission).
var recorded = map[string]recording{
	"heloc.eligibility.decision":   always,
	"heloc.offer.preview":          always,
	"heloc.notice.adverse_action":  always,
	"heloc.documents.requirements": always,
	"heloc.conditions.catalog":     always,
	"heloc.funnel.pages":           forLoans,
	// The loan service's (loans.Recorder): the first draw's bounds, the
	// Truth in Lending example the disclosures state, the employment gaps
	// asked about, and whether the application may be submitted.
	"heloc.offer.draw":         always,
	"heloc.offer.example":      always,
	"heloc.employment.history": always,
	// The declarations a new application starts from.
	"heloc.declarations.carried":   always,
	"heloc.declarations.residence": always,
	"heloc.submission.readiness":   always,
	// Whether the terms chosen still stand at submission (application.submit).
	"heloc.submission.terms": always,
	// The kind of each person's soft pull, made under it.
	"heloc.credit.pull": always,
	// A ZIP code's state kept on a loan, or a visitor put on the waitlist.
	"heloc.licensing.lookup": always,
	// Whether a portal user may take an action (on a loan), per user.
	"heloc.access.decision": always,
}

// recording says which decisions of an entrypoint are stored.
type recording int

const (
	// always: every decision, with its loan when there is one.
	always recording = iota + 1
	// forLoans: decisions made for a loan only. The pages an anonymous
	// visitor sees are decided on every page (a read, with no bot check),
	// and there is no loan yet whose history they would explain.
	forLoans
)

// RecordStore is what the decision log needs of the database (server/store).
type RecordStore interface {
	// CreateDecisions stores decisions made together in one transaction
	// and gives each its id.
	CreateDecisions(ctx context.Context, ds ...*domain.Decision) error
	LatestDecision(ctx context.Context, loanID, entrypoint string) (*domain.Decision, error)
}

// Decider evaluates an entrypoint and names the revision that decided
// (policy.Live).
type Decider interface {
	DecideAt(ctx context.Context, entrypoint string, input any) (any, string, error)
}

// Recorder decides and records. It is loans.Recorder and
// conditions.Recorder, and the HTTP layer's own decisions go through it.
//
// It keeps nothing in memory between calls: whether a loan has this very
// decision stored already is asked of the database each time, so several
// servers over one PostgreSQL database record as one would.
type Recorder struct {
	store  RecordStore
	policy Decider
}

// NewRecorder makes the decision log over store, deciding with policy.
func NewRecorder(store RecordStore, policy Decider) *Recorder {
	return &Recorder{store: store, policy: policy}
}

// Recorded is a policy result with the id of its stored record ("" for
// entrypoints that are not recorded).
type Recorded struct {
	ID     string
	Result any
}

// Record decides entrypoint for the loan ("" when there is none) and
// stores the decision when it is one the product acts on; it is
// loans.Recorder and conditions.Recorder.
func (r *Recorder) Record(ctx context.Context, entrypoint, loanID string, input any) (any, error) {
	d, err := r.Decide(ctx, entrypoint, loanID, input)
	return d.Result, err
}

// Decide evaluates entrypoint and stores the decision when it is one the
// product acts on, with the loan it was made for ("" when there is none
// yet). A decision that cannot be stored is not acted on: the error is
// returned.
func (r *Recorder) Decide(ctx context.Context, entrypoint, loanID string, input any) (Recorded, error) {
	out, err := r.DecideTogether(ctx, loanID, input, entrypoint)
	if err != nil {
		return Recorded{}, err
	}
	return out[0], nil
}

// DecideTogether evaluates each entrypoint on the same input (an
// estimate's eligibility and preview offer) and stores those the product
// acts on in one transaction, so that either all of them are recorded or
// none is (and none is acted on). The answers are in the order of
// entrypoints.
func (r *Recorder) DecideTogether(ctx context.Context, loanID string, input any, entrypoints ...string) ([]Recorded, error) {
	results, revision, err := r.decideAll(ctx, input, entrypoints)
	if err != nil {
		return nil, err
	}
	return r.record(ctx, loanID, input, r.kept, entrypoints, results, revision)
}

// DecideAfter is Decide for a caller that has just read the loan's latest
// decision of entrypoint (nil when there is none) with the rest of what it
// decides on, in the same query (funnel.pages, store.FindApplicantSessionLoan),
// so that it is not asked of the database a second time. Nothing is kept:
// latest is this request's own read.
func (r *Recorder) DecideAfter(ctx context.Context, entrypoint, loanID string, input any, latest *domain.StoredDecision) (Recorded, error) {
	kept := func(_ context.Context, lid, ep, revision string, in, res []byte) (string, bool) {
		if latest != nil && lid == loanID && ep == entrypoint &&
			latest.Revision == revision && latest.Input == string(in) && latest.Result == string(res) {
			return latest.ID, true
		}
		return "", false
	}
	decide := r.policy.DecideAt
	if sd, ok := r.policy.(sharedDecider); ok {
		// The caller sends the answer as it is: the engine's own
		// encoding of a remembered answer is not copied for it.
		decide = sd.DecideSharedAt
	}
	result, revision, err := decide(ctx, entrypoint, input)
	if err != nil {
		return Recorded{}, err
	}
	out, err := r.record(ctx, loanID, input, kept, []string{entrypoint}, []any{result}, revision)
	if err != nil {
		return Recorded{}, err
	}
	return out[0], nil
}

// sharedDecider is a Decider that can give an answer without copying it
// for a caller that only reads it (policy.Live).
type sharedDecider interface {
	DecideSharedAt(ctx context.Context, entrypoint string, input any) (any, string, error)
}

// kept says whether the loan's latest stored decision of entrypoint is this
// one (the same revision, input and result), and gives its id.
func (r *Recorder) kept(ctx context.Context, loanID, entrypoint, revision string, in, res []byte) (string, bool) {
	last, err := r.store.LatestDecision(ctx, loanID, entrypoint)
	if err == nil && last.Revision == revision && bytes.Equal(last.Input, in) && bytes.Equal(last.Result, res) {
		return last.ID, true
	}
	return "", false
}

// record stores the results of entrypoints decided on input under revision
// that the product acts on, save those kept already, in one transaction.
func (r *Recorder) record(ctx context.Context, loanID string, input any,
	kept func(ctx context.Context, loanID, entrypoint, revision string, in, res []byte) (string, bool),
	entrypoints []string, results []any, revision string) ([]Recorded, error) {
	out := make([]Recorded, len(entrypoints))
	var err error
	var in []byte
	var toStore []*domain.Decision
	var storedAt []int
	for i, entrypoint := range entrypoints {
		result := results[i]
		out[i].Result = result
		if rec := recorded[entrypoint]; rec == 0 || rec == forLoans && loanID == "" {
			continue
		}
		if in == nil {
			if in, err = json.Marshal(input); err != nil {
				return nil, fmt.Errorf("record %s: %w", entrypoint, err)
			}
		}
		res, err := domain.EncodeAnswer(result)
		if err != nil {
			return nil, fmt.Errorf("record %s: %w", entrypoint, err)
		}
		// A loan that sees the same decision again (the same page
		// reloaded) keeps the one record of it.
		if loanID != "" {
			if id, ok := kept(ctx, loanID, entrypoint, revision, in, res); ok {
				out[i].ID = id
				continue
			}
		}
		toStore = append(toStore, &domain.Decision{Entrypoint: entrypoint, LoanID: loanID, Input: in, Result: res, Revision: revision})
		storedAt = append(storedAt, i)
	}
	if len(toStore) > 0 {
		if err := r.store.CreateDecisions(ctx, toStore...); err != nil {
			return nil, err
		}
		for j, d := range toStore {
			out[storedAt[j]].ID = d.ID
		}
	}
	return out, nil
}

// decideAll decides every entrypoint on input under one revision: in one
// evaluation where the policies allow it (policy.Live's DecideAllAt: the
// rules the entrypoints share are worked out once), else one by one.
func (r *Recorder) decideAll(ctx context.Context, input any, entrypoints []string) ([]any, string, error) {
	if all, ok := r.policy.(allDecider); ok && len(entrypoints) > 1 {
		return all.DecideAllAt(ctx, input, entrypoints...)
	}
	results := make([]any, len(entrypoints))
	var revision string
	for i, entrypoint := range entrypoints {
		result, rev, err := r.policy.DecideAt(ctx, entrypoint, input)
		if err != nil {
			return nil, "", err
		}
		results[i], revision = result, rev
	}
	return results, revision, nil
}

// allDecider evaluates several entrypoints on one input together and names
// the revision that decided (policy.Live).
type allDecider interface {
	DecideAllAt(ctx context.Context, input any, entrypoints ...string) ([]any, string, error)
}
