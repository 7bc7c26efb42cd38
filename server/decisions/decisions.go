// Package decisions is the portal's view of a loan's stored policy
// decisions: each with its entrypoint in words, its result, its revision and
// time, and the rules and table rows that made it (policy.Engine.Explain:
// the reasons mapped to their rules' METADATA, the rows the result names);
// and a decision replayed under the policy revision served today, with what
// would change field by field (policy.Engine.Replay, OPA's own evaluation,
// as every other decision). server/web translates the wire and calls it.
package decisions

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/heloc/heloc/server/domain"
)

// Store is what the service needs of the database (server/store).
type Store interface {
	ListLoanDecisions(ctx context.Context, loanID string, q domain.DecisionQuery) ([]*domain.Decision, error)
	CountLoanDecisions(ctx context.Context, loanID string) (map[string]int, error)
	FindDecision(ctx context.Context, id string) (*domain.Decision, error)
	// The published policy revisions (revisions.go).
	PolicyRevisionsOf(ctx context.Context, revision string) ([]*domain.PolicyRevision, error)
	ListPolicyRevisions(ctx context.Context) ([]*domain.PolicyRevision, error)
	PolicyRevisionInForce(ctx context.Context, at time.Time) (*domain.PolicyRevision, error)
}

// Policy is what the service needs of the policy engine (policy.Live): each
// answer names the revision that gave it. ExplainOf and ReplayOf use the
// rules of the revision named (its stored source), ExplainOf today's when
// that source is not stored; Replay uses today's.
type Policy interface {
	ExplainOf(ctx context.Context, revision, entrypoint string, result json.RawMessage) (domain.Explanation, string, error)
	Replay(ctx context.Context, entrypoint string, input, result json.RawMessage) ([]domain.DecisionChange, json.RawMessage, string, error)
	ReplayOf(ctx context.Context, revision, entrypoint string, input, result json.RawMessage) ([]domain.DecisionChange, error)
	PackageTitle(entrypoint string) string
	Revision() string
}

// Service is the decisions service.
type Service struct {
	store  Store
	policy Policy
}

// New makes the service.
func New(store Store, policy Policy) *Service {
	return &Service{store: store, policy: policy}
}

// PageSize is how many decisions a page holds.
const PageSize = 20

// words names the entrypoints whose decisions are stored (recorded) as
// staff say them; any other is named by its package's METADATA title.
var words = map[string]string{
	"heloc.eligibility.decision":   "Eligibility",
	"heloc.offer.preview":          "Preview offer",
	"heloc.notice.adverse_action":  "Adverse-action notice",
	"heloc.documents.requirements": "Required documents",
	"heloc.conditions.catalog":     "Condition catalogue",
	"heloc.funnel.pages":           "Pages of the application",
	"heloc.offer.draw":             "Draw terms",
	"heloc.offer.example":          "Truth in Lending example",
	"heloc.employment.history":     "Employment history",
	"heloc.declarations.carried":   "Declarations carried",
	"heloc.declarations.residence": "Current address carried",
	"heloc.submission.readiness":   "Submission readiness",
	"heloc.submission.terms":       "Terms at submission",
	"heloc.licensing.lookup":       "Licensing",
	"heloc.credit.pull":            "Credit pull",
	"heloc.access.decision":        "Portal access",
}

// Title is the entrypoint in words.
func (s *Service) Title(entrypoint string) string {
	if w, ok := words[entrypoint]; ok {
		return w
	}
	if t := s.policy.PackageTitle(entrypoint); t != "" {
		return t
	}
	return entrypoint
}

// Decision is one stored decision as the portal shows it.
type Decision struct {
	ID         string `json:"id"`
	Entrypoint string `json:"entrypoint"`
	Title      string `json:"title"`
	// Summary is the result in a line of words ("Eligible", "No offer:
	// ..."), "" where there is none to give.
	Summary   string          `json:"summary"`
	Revision  string          `json:"revision"`
	CreatedAt time.Time       `json:"createdAt"`
	Input     json.RawMessage `json:"input"`
	Result    json.RawMessage `json:"result"`
	// Explanation is by the rules and tables of ExplainedUnder: the
	// decision's own revision (its source is stored: every revision a
	// server served or published), or today's when that source is not.
	Explanation    domain.Explanation `json:"explanation"`
	ExplainedUnder string             `json:"explainedUnder"`
	// Publication is the publish that made Revision live (heloc policy
	// publish); nil for a revision never published (the rules the binary
	// shipped with).
	Publication *Publication `json:"publication"`
	// TodayDiffers says whether the revision served today decides the
	// stored input otherwise; nil when Revision is today's.
	TodayDiffers *bool `json:"todayDiffers"`
}

// Kind is an entrypoint with how many of the loan's decisions it made.
type Kind struct {
	Entrypoint string `json:"entrypoint"`
	Title      string `json:"title"`
	Count      int    `json:"count"`
	// Page: a page decision (PageEntrypoints), not a credit decision.
	Page bool `json:"page"`
}

// PageEntrypoints are the entrypoints whose decisions say what a page
// shows or asks (the application's pages, the documents and conditions
// asked for, the gaps asked about, the draw's bounds, the disclosures'
// example, the ZIP's state, whether submission may go ahead, a portal
// user's access, the declarations and current address an application
// starts from, the kind of a credit pull) rather than decide the credit: the loan page lists
// them only when asked (ListCredit leaves them out).
var PageEntrypoints = []string{"heloc.funnel.pages", "heloc.documents.requirements", "heloc.conditions.catalog",
	"heloc.employment.history", "heloc.offer.draw", "heloc.offer.example", "heloc.licensing.lookup",
	"heloc.submission.readiness", "heloc.access.decision", "heloc.declarations.carried", "heloc.declarations.residence", "heloc.credit.pull"}

// Page is a page of a loan's decisions, newest first.
type Page struct {
	Items []Decision `json:"items"`
	// NextCursor continues the list; null on the last page.
	NextCursor *string `json:"nextCursor"`
	// Kinds are the entrypoints of all the loan's decisions, by title.
	Kinds []Kind `json:"kinds"`
	// Revision is the policy revision served today.
	Revision string `json:"revision"`
}

// List is a page of the loan's stored decisions (of entrypoint only, when
// it is not ""), newest first, after cursor (a page's NextCursor) when it
// is not "".
func (s *Service) List(ctx context.Context, loanID, entrypoint, cursor string) (*Page, error) {
	return s.list(ctx, loanID, domain.DecisionQuery{Entrypoint: entrypoint}, cursor)
}

// ListCredit is List of the credit decisions only: every kind but
// PageEntrypoints.
func (s *Service) ListCredit(ctx context.Context, loanID, cursor string) (*Page, error) {
	return s.list(ctx, loanID, domain.DecisionQuery{Except: PageEntrypoints}, cursor)
}

func (s *Service) list(ctx context.Context, loanID string, q domain.DecisionQuery, cursor string) (*Page, error) {
	q.Limit = PageSize + 1
	if cursor != "" {
		c, err := parseCursor(cursor)
		if err != nil {
			return nil, err
		}
		q.Before = c
	}
	rows, err := s.store.ListLoanDecisions(ctx, loanID, q)
	if err != nil {
		return nil, err
	}
	counts, err := s.store.CountLoanDecisions(ctx, loanID)
	if err != nil {
		return nil, err
	}
	page := &Page{Items: []Decision{}, Kinds: []Kind{}, Revision: s.policy.Revision()}
	for _, name := range slices.Sorted(maps.Keys(counts)) {
		page.Kinds = append(page.Kinds, Kind{Entrypoint: name, Title: s.Title(name), Count: counts[name], Page: slices.Contains(PageEntrypoints, name)})
	}
	slices.SortStableFunc(page.Kinds, func(a, b Kind) int { return strings.Compare(a.Title, b.Title) })
	if len(rows) > PageSize {
		last := rows[PageSize-1]
		next := strconv.FormatInt(last.CreatedAt.UnixMilli(), 10) + "." + last.ID
		page.NextCursor = &next
		rows = rows[:PageSize]
	}
	published := publications{}
	for _, d := range rows {
		x, under, err := s.policy.ExplainOf(ctx, d.Revision, d.Entrypoint, d.Result)
		if err != nil {
			return nil, fmt.Errorf("decision %s: %w", d.ID, err)
		}
		item := Decision{
			ID: d.ID, Entrypoint: d.Entrypoint, Title: s.Title(d.Entrypoint), Summary: summary(d.Entrypoint, d.Result),
			Revision: d.Revision, CreatedAt: d.CreatedAt, Input: d.Input, Result: d.Result,
			Explanation: x, ExplainedUnder: under,
		}
		if item.Publication, err = published.of(ctx, s.store, d.Revision); err != nil {
			return nil, err
		}
		if d.Revision != page.Revision {
			changes, _, _, err := s.policy.Replay(ctx, d.Entrypoint, d.Input, d.Result)
			if err != nil {
				return nil, fmt.Errorf("decision %s: %w", d.ID, err)
			}
			differs := len(changes) > 0
			item.TodayDiffers = &differs
		}
		page.Items = append(page.Items, item)
	}
	return page, nil
}

// Replay is a stored decision decided again under today's revision.
type Replay struct {
	DecisionID string `json:"decisionId"`
	Entrypoint string `json:"entrypoint"`
	Title      string `json:"title"`
	// StoredRevision decided it then; CurrentRevision decided it now.
	StoredRevision  string `json:"storedRevision"`
	CurrentRevision string `json:"currentRevision"`
	// The publishes that made each live; nil for one never published.
	StoredPublication  *Publication `json:"storedPublication"`
	CurrentPublication *Publication `json:"currentPublication"`
	// Reproduced says whether the stored revision's own rules, run again
	// on the stored input, give the stored result (an auditor's check);
	// nil when that revision's source is not stored.
	Reproduced *bool `json:"reproduced"`
	// Changed is whether today's result differs; Changes says where.
	Changed bool                    `json:"changed"`
	Changes []domain.DecisionChange `json:"changes"`
	// Summary and Result are today's.
	Summary string          `json:"summary"`
	Result  json.RawMessage `json:"result"`
}

// Replay decides the loan's stored decision id again, with its stored
// input, under the revision served now, and lists what would change.
// NOT_FOUND for a decision of another loan.
func (s *Service) Replay(ctx context.Context, loanID, id string) (*Replay, error) {
	d, err := s.store.FindDecision(ctx, id)
	if err != nil {
		return nil, err
	}
	if d.LoanID != loanID {
		return nil, domain.Errorf(domain.ENOTFOUND, "Decision not found.")
	}
	changes, now, revision, err := s.policy.Replay(ctx, d.Entrypoint, d.Input, d.Result)
	if err != nil {
		return nil, err
	}
	if changes == nil {
		changes = []domain.DecisionChange{}
	}
	out := &Replay{DecisionID: d.ID, Entrypoint: d.Entrypoint, Title: s.Title(d.Entrypoint),
		StoredRevision: d.Revision, CurrentRevision: revision, Changed: len(changes) > 0, Changes: changes,
		Summary: summary(d.Entrypoint, now), Result: now}
	own, err := s.policy.ReplayOf(ctx, d.Revision, d.Entrypoint, d.Input, d.Result)
	switch {
	case err == nil:
		same := len(own) == 0
		out.Reproduced = &same
	case domain.ErrorCode(err) != domain.ENOTFOUND:
		return nil, err
	}
	published := publications{}
	if out.StoredPublication, err = published.of(ctx, s.store, d.Revision); err != nil {
		return nil, err
	}
	if out.CurrentPublication, err = published.of(ctx, s.store, revision); err != nil {
		return nil, err
	}
	return out, nil
}

// parseCursor reads "<milliseconds>.<id>".
func parseCursor(s string) (*domain.DecisionCursor, error) {
	ms, id, ok := strings.Cut(s, ".")
	n, err := strconv.ParseInt(ms, 10, 64)
	if !ok || err != nil || id == "" {
		return nil, &domain.Error{Code: domain.EINVALID, Message: "Some fields need attention.",
			Fields: []domain.FieldError{{Path: "cursor", Message: "Not a cursor of this list."}}}
	}
	return &domain.DecisionCursor{CreatedAtMS: n, ID: id}, nil
}

// summary says a result in a line, for the entrypoints whose results have
// a headline; "" for the others.
func summary(entrypoint string, result json.RawMessage) string {
	var r struct {
		Eligible      *bool           `json:"eligible"`
		Outcome       string          `json:"outcome"`
		MaxLine       domain.Dollars  `json:"maxLine"`
		Line          *domain.Dollars `json:"line"`
		APR           float64         `json:"apr"` // percent, not money
		Required      *bool           `json:"required"`
		ReasonCodes   []string        `json:"reasonCodes"`
		TotalRequired *int            `json:"totalRequired"`
		TotalMissing  int             `json:"totalMissing"`
		Reasons       []struct {
			Code string `json:"code"`
		} `json:"reasons"`
		Pages []struct {
			Path  string `json:"path"`
			State string `json:"state"`
		} `json:"pages"`
	}
	if json.Unmarshal(result, &r) != nil {
		return ""
	}
	codes := make([]string, len(r.Reasons))
	for i, reason := range r.Reasons {
		codes[i] = reason.Code
	}
	switch entrypoint {
	case "heloc.eligibility.decision":
		if r.Eligible != nil && *r.Eligible {
			return "Eligible"
		}
		if r.Outcome == "notDecided" || r.Outcome == "mayNotQualify" {
			return outcomeWords[r.Outcome] + ": " + strings.Join(codes, ", ")
		}
		return "Not eligible: " + strings.Join(codes, ", ")
	case "heloc.offer.preview":
		if r.Eligible != nil && *r.Eligible {
			line := int64(r.MaxLine)
			if r.Line != nil {
				line = int64(*r.Line)
			}
			return fmt.Sprintf("A line of %s at %s%% APR", domain.Dollars(line).Format(), strconv.FormatFloat(r.APR, 'f', -1, 64))
		}
		return "No offer: " + strings.Join(codes, ", ")
	case "heloc.notice.adverse_action":
		if r.Required != nil && *r.Required {
			return "Notice required: " + strings.Join(r.ReasonCodes, ", ")
		}
		return "No notice"
	case "heloc.documents.requirements":
		if r.TotalRequired != nil {
			return fmt.Sprintf("%d documents required, %d missing", *r.TotalRequired, r.TotalMissing)
		}
	case "heloc.submission.readiness":
		var ready struct {
			Ready    bool `json:"ready"`
			Blockers []struct {
				Code string `json:"code"`
			} `json:"blockers"`
		}
		if json.Unmarshal(result, &ready) == nil {
			if ready.Ready {
				return "Ready to submit"
			}
			blockers := make([]string, len(ready.Blockers))
			for i, b := range ready.Blockers {
				blockers[i] = b.Code
			}
			return "Not ready: " + strings.Join(blockers, ", ")
		}
	case "heloc.submission.terms":
		var terms struct {
			Change  string  `json:"change"`
			Message *string `json:"message"`
		}
		if json.Unmarshal(result, &terms) == nil && terms.Change != "" {
			if terms.Change == "none" || terms.Message == nil {
				return "The terms chosen stand"
			}
			return *terms.Message
		}
	case "heloc.access.decision":
		var access struct {
			Allow bool   `json:"allow"`
			Scope string `json:"scope"`
		}
		if json.Unmarshal(result, &access) == nil {
			if access.Allow {
				return "Allowed (" + access.Scope + ")"
			}
			return "Refused: " + strings.Join(codes, ", ")
		}
	case "heloc.licensing.lookup":
		var place struct {
			State    *string `json:"state"`
			Licensed bool    `json:"licensed"`
		}
		if json.Unmarshal(result, &place) == nil {
			switch {
			case place.State == nil:
				return "No state for this ZIP code"
			case place.Licensed:
				return "Licensed in " + *place.State
			}
			return "Not licensed in " + *place.State
		}
	case "heloc.funnel.pages":
		for _, p := range r.Pages {
			if p.State == "current" {
				return "On " + p.Path
			}
		}
	}
	return ""
}

// outcomeWords are the outcomes other than eligible and ineligible in
// staff's words.
var outcomeWords = map[string]string{"notDecided": "Not decided", "mayNotQualify": "May not qualify (self-reported)"}
