package web

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"

	"github.com/gofiber/fiber/v3"
)

// recorded lists the entrypoints whose decisions the product acts on: what
// a borrower is offered, shown or refused, and what a portal user may do.
// Each is stored with its input, result and revision so that it can be
// replayed and explained (architecture, "Data"). Each is recorded where it
// is acted on; a read that decides nothing for anyone (the funnel's order
// and labels, the credit ranges, the creditor's states, the consents'
// wording, the roles) is not recorded, nor are a page's own reads of an
// entrypoint recorded where it is acted on (the ZIP lookup while typing,
// the portal's buttons per permission).
var recorded = map[string]recording{
	"heloc.eligibility.decision":   always,
	"heloc.offer.preview":          always,
	"heloc.notice.adverse_action":  always,
	"heloc.documents.requirements": always,
	"heloc.conditions.catalog":     always,
	"heloc.funnel.pages":           forLoans,
	// The loan service's (loans.Recorder): the first draw's bounds, the
	// employment gaps asked about, and whether the application may be
	// submitted.
	"heloc.offer.draw":           always,
	"heloc.employment.history":   always,
	"heloc.submission.readiness": always,
	// Whether the terms chosen still stand at submission (application.submit).
	"heloc.submission.terms": always,
	// A ZIP code's state kept on a loan, or a visitor put on the waitlist.
	"heloc.licensing.lookup": always,
	// Whether a portal user may take an action (on a loan), per user.
	"heloc.access.decision": always,
}

// loanRecorder is the decision log as the loan service is handed it
// (loans.Recorder).
type loanRecorder struct{ s *Server }

func (r loanRecorder) Record(ctx context.Context, entrypoint, loanID string, input any) (any, error) {
	d, err := r.s.decideFor(ctx, entrypoint, loanID, input)
	return d.Result, err
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

// decision is a policy result with the id of its stored record ("" for
// entrypoints that are not recorded).
type decision struct {
	ID     string
	Result any
}

// decide evaluates entrypoint and stores the decision when it is one the
// product acts on, with the loan it was made for ("" when there is none
// yet). A decision that cannot be stored is not acted on.
func (s *Server) decide(c fiber.Ctx, entrypoint, loanID string, input any) (decision, error) {
	return s.decideFor(c.Context(), entrypoint, loanID, input)
}

// decideFor is decide outside a request's handler (the loan service's
// re-decision at submission).
func (s *Server) decideFor(ctx context.Context, entrypoint, loanID string, input any) (decision, error) {
	return s.decideAs(ctx, entrypoint, loanID, "", input)
}

// decideAs is decideFor for a subject of its own besides the loan (a
// portal user and action): the memo of the last record is kept per loan,
// entrypoint and subject, also when there is no loan.
func (s *Server) decideAs(ctx context.Context, entrypoint, loanID, subject string, input any) (decision, error) {
	result, revision, err := s.policy.DecideAt(ctx, entrypoint, input)
	if err != nil {
		return decision{}, err
	}
	if r := recorded[entrypoint]; r == 0 || r == forLoans && loanID == "" {
		return decision{Result: result}, nil
	}
	in, err := json.Marshal(input)
	if err != nil {
		return decision{}, fmt.Errorf("record %s: %w", entrypoint, err)
	}
	// The same input under the same revision has the same result (a policy
	// is a function of its input and its revision), so a loan this server
	// last recorded this very decision for needs no second look.
	memoKey, seen := loanID+"\x00"+entrypoint+"\x00"+subject, recordedAs(revision, in)
	if id, ok := s.lastRecorded(memoKey, seen); ok {
		return decision{ID: id, Result: result}, nil
	}
	out, err := json.Marshal(result)
	if err != nil {
		return decision{}, fmt.Errorf("record %s: %w", entrypoint, err)
	}
	// A loan that sees the same decision again (the same page reloaded)
	// keeps the one record of it.
	if loanID != "" {
		last, err := s.store.LatestDecision(ctx, loanID, entrypoint)
		if err == nil && last.Revision == revision && bytes.Equal(last.Input, in) && bytes.Equal(last.Result, out) {
			s.remember(memoKey, seen, last.ID)
			return decision{ID: last.ID, Result: result}, nil
		}
	}
	id, err := s.store.CreateDecision(ctx, entrypoint, loanID, in, out, revision)
	if err != nil {
		return decision{}, err
	}
	if loanID != "" || subject != "" {
		s.remember(memoKey, seen, id)
	}
	return decision{ID: id, Result: result}, nil
}

// recordedMemo is the decision this server last stored (or found stored)
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
// this one. Only where this server is the database's one writer (SQLite):
// with several servers over PostgreSQL another may have stored a later
// decision, so each looks at the database.
func (s *Server) lastRecorded(key string, seen [sha256.Size]byte) (string, bool) {
	if s.recordMemo == nil {
		return "", false
	}
	m, ok := s.recordMemo.Get(key)
	if !ok || m.seen != seen {
		return "", false
	}
	return m.id, true
}

func (s *Server) remember(key string, seen [sha256.Size]byte, id string) {
	if s.recordMemo != nil {
		s.recordMemo.Add(key, recordedMemo{seen: seen, id: id})
	}
}
