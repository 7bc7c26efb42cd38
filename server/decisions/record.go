package decisions

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"

	lru "github.com/hashicorp/golang-lru/v2"

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
	"heloc.offer.draw":           always,
	"heloc.offer.example":        always,
	"heloc.employment.history":   always,
	"heloc.submission.readiness": always,
	// Whether the terms chosen still stand at submission (application.submit).
	"heloc.submission.terms": always,
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
	CreateDecision(ctx context.Context, entrypoint, loanID string, input, result []byte, revision string) (string, error)
	LatestDecision(ctx context.Context, loanID, entrypoint string) (*domain.Decision, error)
}

// Decider evaluates an entrypoint and names the revision that decided
// (policy.Live).
type Decider interface {
	DecideAt(ctx context.Context, entrypoint string, input any) (any, string, error)
}

// Recorder decides and records. It is loans.Recorder and
// conditions.Recorder, and the HTTP layer's own decisions go through it.
type Recorder struct {
	store  RecordStore
	policy Decider
	// memo remembers each loan's latest recorded decision per entrypoint
	// (and subject) when this process is its database's one writer
	// (SQLite); nil otherwise.
	memo *lru.Cache[string, recordedMemo]
}

// memoSize bounds the memo: a loan and entrypoint each.
const memoSize = 1 << 16

// NewRecorder makes the decision log over store, deciding with policy.
// oneWriter says this process is the database's one writer (SQLite): only
// then may it remember what it last recorded instead of looking.
func NewRecorder(store RecordStore, policy Decider, oneWriter bool) *Recorder {
	r := &Recorder{store: store, policy: policy}
	if oneWriter {
		memo, err := lru.New[string, recordedMemo](memoSize)
		if err != nil {
			panic(err) // only for a size <= 0
		}
		r.memo = memo
	}
	return r
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
	d, err := r.Decide(ctx, entrypoint, loanID, "", input)
	return d.Result, err
}

// Decide evaluates entrypoint and stores the decision when it is one the
// product acts on, with the loan it was made for ("" when there is none
// yet). subject is a subject of its own besides the loan (a portal user and
// action), "" when there is none: the memo of the last record is kept per
// loan, entrypoint and subject, also when there is no loan. A decision that
// cannot be stored is not acted on: the error is returned.
func (r *Recorder) Decide(ctx context.Context, entrypoint, loanID, subject string, input any) (Recorded, error) {
	result, revision, err := r.policy.DecideAt(ctx, entrypoint, input)
	if err != nil {
		return Recorded{}, err
	}
	if rec := recorded[entrypoint]; rec == 0 || rec == forLoans && loanID == "" {
		return Recorded{Result: result}, nil
	}
	in, err := json.Marshal(input)
	if err != nil {
		return Recorded{}, fmt.Errorf("record %s: %w", entrypoint, err)
	}
	// The same input under the same revision has the same result (a policy
	// is a function of its input and its revision), so a loan this process
	// last recorded this very decision for needs no second look.
	memoKey, seen := loanID+"\x00"+entrypoint+"\x00"+subject, recordedAs(revision, in)
	if id, ok := r.lastRecorded(memoKey, seen); ok {
		return Recorded{ID: id, Result: result}, nil
	}
	out, err := json.Marshal(result)
	if err != nil {
		return Recorded{}, fmt.Errorf("record %s: %w", entrypoint, err)
	}
	// A loan that sees the same decision again (the same page reloaded)
	// keeps the one record of it.
	if loanID != "" {
		last, err := r.store.LatestDecision(ctx, loanID, entrypoint)
		if err == nil && last.Revision == revision && bytes.Equal(last.Input, in) && bytes.Equal(last.Result, out) {
			r.remember(memoKey, seen, last.ID)
			return Recorded{ID: last.ID, Result: result}, nil
		}
	}
	id, err := r.store.CreateDecision(ctx, entrypoint, loanID, in, out, revision)
	if err != nil {
		return Recorded{}, err
	}
	if loanID != "" || subject != "" {
		r.remember(memoKey, seen, id)
	}
	return Recorded{ID: id, Result: result}, nil
}

// recordedMemo is the decision this process last stored (or found stored)
// for a loan and entrypoint: the hash of its revision and input, and its id.
type recordedMemo struct {
	seen [sha256.Size]byte
	id   string
}

// recordedAs is what a memo compares: the revision and the input.
func recordedAs(revision string, input []byte) [sha256.Size]byte {
	h := sha256.New()
	h.Write([]byte(revision))
	h.Write([]byte{0})
	h.Write(input)
	var sum [sha256.Size]byte
	h.Sum(sum[:0])
	return sum
}

// lastRecorded is the id of the loan's latest stored decision when it is
// this one. Only where this process is the database's one writer (SQLite):
// with several servers over PostgreSQL another may have stored a later
// decision, so each looks at the database.
func (r *Recorder) lastRecorded(key string, seen [sha256.Size]byte) (string, bool) {
	if r.memo == nil {
		return "", false
	}
	m, ok := r.memo.Get(key)
	if !ok || m.seen != seen {
		return "", false
	}
	return m.id, true
}

func (r *Recorder) remember(key string, seen [sha256.Size]byte, id string) {
	if r.memo != nil {
		r.memo.Add(key, recordedMemo{seen: seen, id: id})
	}
}
