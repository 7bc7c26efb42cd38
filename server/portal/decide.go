package portal

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/store"
)

// Credit decisions on a submitted application (issue 23): an underwriter
// or an administrator (access action loans.decide) approves with final
// terms, counters with a lower line, declines with its principal reasons,
// suspends for missing information until a day, or records the borrower's
// withdrawal. Each is one call of Decide, decided against the rules:
//
//   - the offer the rules make on the application's figures: the preview
//     offer decided again on the input it was decided on at submission (the
//     application's home, income, debts and the bureau's data), with the
//     line chosen as the line requested;
//   - heloc.underwriting.decision, which validates the action, its line
//     against that offer, its reasons against Form C-1's table and its day;
//   - for a decline, heloc.notice.adverse_action on the same facts, with
//     the underwriting decision's reasons: the notice the borrower is given.
//
// The decisions, the credit decision, the loan's status and the audit
// entry are stored in one transaction (store.RecordCreditDecision).

const (
	decideAction          = "loans.decide"
	underwritingDecision  = "heloc.underwriting.decision"
	underwritingActions   = "heloc.underwriting.actions"
	underwritingReasons   = "heloc.underwriting.reasons"
	underwritingLabels    = "heloc.underwriting.labels"
	underwritingDeadlines = "heloc.underwriting.deadlines"
	noticeEntrypoint      = "heloc.notice.adverse_action"
	submittedStatus       = "applicationSubmitted"
	maxCreditDecisionNote = 2000
)

// DecideInput is a credit decision on a loan (schemas #DecideInput): the
// action, the line (approve, counteroffer), the reasons' codes (decline),
// the day the information is needed by (suspend), and a note: for a
// suspension, what is needed, which the borrower reads; otherwise the
// underwriter's, for the file.
type DecideInput struct {
	LoanID   string   `json:"loanId"`
	Action   string   `json:"action"`
	Line     *int64   `json:"line"`
	Reasons  []string `json:"reasons"`
	NeededBy *string  `json:"neededBy"`
	Note     string   `json:"note"`
}

// CreditView is a loan's credit decision as the portal's loan page shows
// it, with what a decision may be (schemas #PortalCreditView): the latest
// decision (nil before one); whether the loan is submitted (only then is
// one made); the day Reg B's 30 days end for a submitted, undecided one;
// the actions, the reasons a decline may give and how many; the offer the
// rules make on the application's figures (nil without one).
type CreditView struct {
	Decision   *CreditDecisionView   `json:"decision"`
	Submitted  bool                  `json:"submitted"`
	DecideBy   *string               `json:"decideBy"`
	Actions    []CreditAction        `json:"actions"`
	MaxReasons int                   `json:"maxReasons"`
	Reasons    []domain.CreditReason `json:"reasons"`
	Offer      *OfferBounds          `json:"offer"`
}

// CreditAction is an action an underwriter may take, with its words,
// whether it closes the application (no decision follows it) and whether
// it ends the underwriter's review.
type CreditAction struct {
	Code        string `json:"code"`
	Label       string `json:"label"`
	Description string `json:"description"`
	Needs       string `json:"needs"`
	Closes      bool   `json:"closes"`
	Reviewed    bool   `json:"reviewed"`
}

// OfferBounds are the lines the rules allow on the application's figures
// and the line the borrower asked for at submission.
type OfferBounds struct {
	Eligible      bool   `json:"eligible"`
	MinLine       int64  `json:"minLine"`
	MaxLine       int64  `json:"maxLine"`
	RequestedLine *int64 `json:"requestedLine"`
}

// CreditDecisionView is a stored credit decision in words: its status
// label, and for a decline the notice's principal reasons.
type CreditDecisionView struct {
	Action string `json:"action"`
	Label  string `json:"label"`
	// Closed says the decision closed the application (closes): no other
	// decision and no new condition follows it. Reviewed says it ended
	// the underwriter's review (the table's reviewed).
	Closed     bool                  `json:"closed"`
	Reviewed   bool                  `json:"reviewed"`
	LineAmount *int64                `json:"lineAmount"`
	NeededBy   *string               `json:"neededBy"`
	Reasons    []domain.CreditReason `json:"reasons"`
	Note       string                `json:"note"`
	DecidedBy  domain.StaffRef       `json:"decidedBy"`
	DecidedAt  time.Time             `json:"decidedAt"`
	Notice     *NoticeView           `json:"notice"`
	// noticeID is the stored notice's decision, for its whole and its PDF.
	noticeID *string
}

// NoticeView is the adverse-action notice a decline produced, as stored:
// its principal reasons in the notice's words and its day.
type NoticeView struct {
	Reasons []string `json:"reasons"`
	Date    *string  `json:"date"`
}

// mayDecide asks the access policy whether u's role may decide the loan.
func (s *Service) mayDecide(ctx context.Context, u *domain.StaffUser, loanID string) (bool, error) {
	team, err := s.store.FindLoanTeam(ctx, loanID)
	if err != nil {
		return false, err
	}
	out, err := s.policy.Decide(ctx, "heloc.access.decision", map[string]any{"role": u.Role, "action": decideAction, "assigned": team.AssignedTo(u)})
	if err != nil {
		return false, err
	}
	var d struct {
		Allow bool `json:"allow"`
	}
	return d.Allow, domain.DecodeAnswer(out, &d)
}

// Decide records u's credit decision on the loan, decided against the
// rules, and answers the loan's credit view. ip is where u called from,
// for the audit entry. A user whose role may not decide is refused
// (EFORBIDDEN); a loan that is not submitted is ECONFLICT; a choice the
// rules refuse is EINVALID with each refusal at its field, and nothing is
// stored.
func (s *Service) Decide(ctx context.Context, u *domain.StaffUser, ip string, in DecideInput) (*CreditView, error) {
	if ok, err := s.mayDecide(ctx, u, in.LoanID); err != nil {
		return nil, err
	} else if !ok {
		return nil, domain.Errorf(domain.EFORBIDDEN, "Your role does not allow this.")
	}
	loan, err := s.store.FindLoan(ctx, in.LoanID)
	if err != nil {
		return nil, err
	}
	if loan.ApplicationStatus != submittedStatus {
		return nil, domain.Errorf(domain.ECONFLICT, "Only a submitted application is decided.")
	}
	note := strings.TrimSpace(in.Note)
	if len([]rune(note)) > maxCreditDecisionNote {
		return nil, domain.InvalidField("note", fmt.Sprintf("Keep the note within %d characters.", maxCreditDecisionNote))
	}
	facts, stored, err := s.submissionFacts(ctx, in.LoanID)
	if err != nil {
		return nil, err
	}
	today := s.now().UTC().Format(time.DateOnly)
	var others []*domain.Decision

	// The offer on the application's figures, with the line chosen.
	offerFacts := map[string]any{"eligible": false}
	if in.Action == domain.CreditApprove || in.Action == domain.CreditCounteroffer {
		input := maps.Clone(facts)
		if in.Line != nil {
			input["requestedLine"] = *in.Line
		}
		d, offer, err := s.decideOffer(ctx, in.LoanID, input)
		if err != nil {
			return nil, err
		}
		offerFacts = map[string]any{"eligible": offer.Eligible, "minLine": int64(offer.MinLine), "maxLine": int64(offer.MaxLine),
			"requestedLine": s.askedLine(ctx, in.LoanID, stored)}
		others = append(others, d)
	}
	// The loan's decision so far: the rules refuse any other once it
	// closed the application (a decline, a withdrawal).
	var current any
	var following string
	if cd, err := s.store.LatestCreditDecision(ctx, in.LoanID); err == nil {
		current, following = cd.Action, cd.ID
	} else if domain.ErrorCode(err) != domain.ENOTFOUND {
		return nil, err
	}
	uwInput := map[string]any{"action": in.Action, "line": in.Line, "reasons": nonNil(in.Reasons), "neededBy": in.NeededBy,
		"today": today, "offer": offerFacts, "current": current}
	uw, uwResult, err := s.decideRecord(ctx, underwritingDecision, in.LoanID, uwInput)
	if err != nil {
		return nil, err
	}
	var decided struct {
		Valid    bool    `json:"valid"`
		Line     *int64  `json:"line"`
		NeededBy *string `json:"neededBy"`
		Notice   bool    `json:"notice"`
		Reasons  []struct {
			Code          string `json:"code"`
			AdverseAction string `json:"adverseAction"`
		} `json:"reasons"`
		Errors []struct {
			Field   string `json:"field"`
			Message string `json:"message"`
		} `json:"errors"`
	}
	if err := domain.DecodeAnswer(uwResult, &decided); err != nil {
		return nil, err
	}
	var refused []domain.FieldError
	for _, e := range decided.Errors {
		refused = append(refused, domain.FieldError{Path: e.Field, Message: e.Message})
	}
	if in.Action == domain.CreditSuspend && note == "" {
		refused = append(refused, domain.FieldError{Path: "note", Message: "Say what information is needed: the borrower reads it."})
	}
	if !decided.Valid || len(refused) > 0 {
		return nil, refusal(refused)
	}
	cd := &domain.CreditDecision{LoanID: in.LoanID, Action: in.Action, LineAmount: decided.Line, NeededBy: decided.NeededBy, Note: note,
		DecidedBy: domain.StaffRef{ID: u.ID, FirstName: u.FirstName, LastName: u.LastName, Email: u.Email, Role: u.Role}}
	for _, r := range decided.Reasons {
		cd.Reasons = append(cd.Reasons, domain.CreditReason{Code: r.Code, Words: r.AdverseAction})
	}
	rec := store.CreditDecisionRecord{Decision: cd, Validation: uw, Others: others, Following: following}
	if decided.Notice {
		// The notice of action taken, from the same rules as at
		// prequalification, explaining this decision on the same facts.
		input := maps.Clone(facts)
		input["today"] = today
		input["decision"] = map[string]any{"eligible": false, "outcome": "ineligible", "reasons": uwResult.(map[string]any)["reasons"]}
		notice, _, err := s.decideRecord(ctx, noticeEntrypoint, in.LoanID, input)
		if err != nil {
			return nil, err
		}
		rec.Others, rec.Notice = append(rec.Others, notice), notice
	}
	detail := in.Action
	if cd.LineAmount != nil {
		detail += fmt.Sprintf(" line %d", *cd.LineAmount)
	}
	if cd.NeededBy != nil {
		detail += " needed by " + *cd.NeededBy
	}
	for _, r := range cd.Reasons {
		detail += " " + r.Code
	}
	rec.Audit = &domain.AuditEntry{ActorID: u.ID, ActorEmail: u.Email, ActorRole: u.Role, Action: decideAction,
		Subject: "credit decision", Detail: detail, IP: ip}
	if err := s.store.RecordCreditDecision(ctx, rec); err != nil {
		return nil, err
	}
	s.tellDecision(ctx, loan, cd)
	return s.Credit(ctx, in.LoanID)
}

// refusal is the underwriting policy's errors as field errors, the first
// one's words as the error's own.
func refusal(fields []domain.FieldError) error {
	if len(fields) == 0 {
		return domain.Errorf(domain.EINVALID, "The decision could not be recorded.")
	}
	return &domain.Error{Code: domain.EINVALID, Message: fields[0].Message, Fields: fields}
}

// Credit is the loan's credit view: its latest credit decision in words,
// what a decision may be, and the offer the rules make on the
// application's figures.
func (s *Service) Credit(ctx context.Context, loanID string) (*CreditView, error) {
	loan, err := s.store.FindLoan(ctx, loanID)
	if err != nil {
		return nil, err
	}
	v := &CreditView{Submitted: loan.ApplicationStatus == submittedStatus, Actions: []CreditAction{}, Reasons: []domain.CreditReason{}}
	if err := s.decideInto(ctx, underwritingActions, nil, &v.Actions); err != nil {
		return nil, err
	}
	var reasons struct {
		MaxReasons int                   `json:"maxReasons"`
		Reasons    []domain.CreditReason `json:"reasons"`
	}
	if err := s.decideInto(ctx, underwritingReasons, nil, &reasons); err != nil {
		return nil, err
	}
	v.MaxReasons, v.Reasons = reasons.MaxReasons, reasons.Reasons
	if v.Decision, err = s.creditDecision(ctx, loanID); err != nil {
		return nil, err
	}
	if !v.Submitted {
		return v, nil
	}
	if v.Decision == nil {
		row, err := s.store.FindPipelineRow(ctx, loanID)
		if err != nil {
			return nil, err
		}
		if err := s.deadlines(ctx, []*domain.PipelineRow{row}); err != nil {
			return nil, err
		}
		v.DecideBy = row.DecideBy
	}
	facts, stored, err := s.submissionFacts(ctx, loanID)
	if domain.ErrorCode(err) == domain.ECONFLICT {
		return v, nil
	} else if err != nil {
		return nil, err
	}
	out, err := s.policy.Decide(ctx, offerEntrypoint, facts)
	if err != nil {
		return nil, err
	}
	raw, err := json.Marshal(out)
	if err != nil {
		return nil, err
	}
	offer, err := domain.ReadOffer(raw)
	if err != nil {
		return nil, err
	}
	v.Offer = &OfferBounds{Eligible: offer.Eligible, MinLine: int64(offer.MinLine), MaxLine: int64(offer.MaxLine), RequestedLine: s.askedLine(ctx, loanID, stored)}
	return v, nil
}

// creditDecision is the loan's latest credit decision in words; nil
// before one.
func (s *Service) creditDecision(ctx context.Context, loanID string) (*CreditDecisionView, error) {
	cd, err := s.store.LatestCreditDecision(ctx, loanID)
	if domain.ErrorCode(err) == domain.ENOTFOUND {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	labels, err := s.creditLabels(ctx)
	if err != nil {
		return nil, err
	}
	v := &CreditDecisionView{Action: cd.Action, Label: labels.of(cd.Action), LineAmount: cd.LineAmount, NeededBy: cd.NeededBy,
		Reasons: cd.Reasons, Note: cd.Note, DecidedBy: cd.DecidedBy, DecidedAt: cd.CreatedAt, noticeID: cd.NoticeID}
	a, err := s.action(ctx, cd.Action)
	if err != nil {
		return nil, err
	}
	v.Closed, v.Reviewed = a.Closes, a.Reviewed
	if v.Reasons == nil {
		v.Reasons = []domain.CreditReason{}
	}
	if cd.NoticeID != nil {
		d, err := s.store.FindDecision(ctx, *cd.NoticeID)
		if err != nil {
			return nil, err
		}
		var n NoticeView
		if err := json.Unmarshal(d.Result, &n); err != nil {
			return nil, err
		}
		if n.Reasons == nil {
			n.Reasons = []string{}
		}
		v.Notice = &n
	}
	return v, nil
}

// Closed says whether the loan's credit decision closed the application
// (closes: a decline, a withdrawal); false before a decision. The
// conditions service asks it before it sets a condition or takes a
// borrower's answer, and the loan service before it takes a document
// (WithClosedCheck of each); it reads the latest decision's action alone.
func (s *Service) Closed(ctx context.Context, loanID string) (bool, error) {
	action, err := s.store.LatestCreditAction(ctx, loanID)
	if domain.ErrorCode(err) == domain.ENOTFOUND {
		return false, nil
	} else if err != nil {
		return false, err
	}
	a, err := s.action(ctx, action)
	return a.Closes, err
}

// action is the underwriting table's row of the action
// (heloc.underwriting.actions); an action it no longer holds neither
// closes the application nor ends the review.
func (s *Service) action(ctx context.Context, code string) (CreditAction, error) {
	var actions []CreditAction
	if err := s.decideInto(ctx, underwritingActions, nil, &actions); err != nil {
		return CreditAction{}, err
	}
	for _, a := range actions {
		if a.Code == code {
			return a, nil
		}
	}
	return CreditAction{Code: code}, nil
}

// creditLabels are the underwriting policy's words for each decided status.
func (s *Service) creditLabels(ctx context.Context) (stepLabels, error) {
	var labels stepLabels
	return labels, s.decideInto(ctx, underwritingLabels, nil, &labels)
}

// deadlines fills DecideBy of each row that is a submitted application
// not yet decided, once the pipeline flags it (heloc.underwriting.deadlines,
// one evaluation for the rows together).
func (s *Service) deadlines(ctx context.Context, rows []*domain.PipelineRow) error {
	days := map[string]bool{}
	var waiting []*domain.PipelineRow
	for _, r := range rows {
		if r.CreditStatus == nil && r.ApplicationStatus == submittedStatus && r.SubmittedAt != nil {
			days[r.SubmittedAt.UTC().Format(time.DateOnly)] = true
			waiting = append(waiting, r)
		}
	}
	if len(waiting) == 0 {
		return nil
	}
	var out map[string]struct {
		DecideBy string `json:"decideBy"`
		Warn     bool   `json:"warn"`
	}
	input := map[string]any{"submitted": slices.Sorted(maps.Keys(days)), "today": s.now().UTC().Format(time.DateOnly)}
	if err := s.decideInto(ctx, underwritingDeadlines, input, &out); err != nil {
		return err
	}
	for _, r := range waiting {
		if d, ok := out[r.SubmittedAt.UTC().Format(time.DateOnly)]; ok && d.Warn {
			r.DecideBy = &d.DecideBy
		}
	}
	return nil
}

// submissionFacts are the facts the loan was last offered on (the input of
// its latest stored preview offer: at submission, the application's
// figures) and that stored decision. A loan without one is ECONFLICT.
func (s *Service) submissionFacts(ctx context.Context, loanID string) (map[string]any, *domain.Decision, error) {
	d, err := s.store.LatestDecision(ctx, loanID, offerEntrypoint)
	if domain.ErrorCode(err) == domain.ENOTFOUND {
		return nil, nil, domain.Errorf(domain.ECONFLICT, "This application has no offer on file to decide on.")
	} else if err != nil {
		return nil, nil, err
	}
	var facts map[string]any
	dec := json.NewDecoder(strings.NewReader(string(d.Input)))
	dec.UseNumber()
	if err := dec.Decode(&facts); err != nil || facts == nil {
		return nil, nil, fmt.Errorf("portal: loan %s: the stored offer's input: %v", loanID, err)
	}
	return facts, d, nil
}

// askedLine is the line the borrower asked for at submission: the one an
// earlier credit decision was validated against (an approval or a
// counteroffer decides the offer again on its own line), else the one of
// the stored preview offer.
func (s *Service) askedLine(ctx context.Context, loanID string, stored *domain.Decision) *int64 {
	if uw, err := s.store.LatestDecision(ctx, loanID, underwritingDecision); err == nil {
		var in struct {
			Offer struct {
				RequestedLine *int64 `json:"requestedLine"`
			} `json:"offer"`
		}
		if json.Unmarshal(uw.Input, &in) == nil && in.Offer.RequestedLine != nil {
			return in.Offer.RequestedLine
		}
	}
	return requestedLine(stored)
}

// requestedLine is the line asked for in a stored preview offer.
func requestedLine(d *domain.Decision) *int64 {
	o, err := domain.ReadOffer(d.Result)
	if err != nil {
		return nil
	}
	if o.RequestedLine != nil {
		n := int64(*o.RequestedLine)
		return &n
	}
	n := o.Amount()
	return &n
}

// decideOffer decides the preview offer on input, as a decision to store.
func (s *Service) decideOffer(ctx context.Context, loanID string, input map[string]any) (*domain.Decision, *domain.Offer, error) {
	d, _, err := s.decideRecord(ctx, offerEntrypoint, loanID, input)
	if err != nil {
		return nil, nil, err
	}
	offer, err := domain.ReadOffer(d.Result)
	return d, offer, err
}

// decideRecord decides entrypoint on input under the live revision and
// gives the decision to store (its input, result and revision) and its
// result as plain JSON values.
func (s *Service) decideRecord(ctx context.Context, entrypoint, loanID string, input any) (*domain.Decision, any, error) {
	out, revision, err := s.policy.DecideAt(ctx, entrypoint, input)
	if err != nil {
		return nil, nil, err
	}
	in, err := json.Marshal(input)
	if err != nil {
		return nil, nil, err
	}
	res, err := json.Marshal(out)
	if err != nil {
		return nil, nil, err
	}
	var plain any
	if err := json.Unmarshal(res, &plain); err != nil {
		return nil, nil, err
	}
	return &domain.Decision{Entrypoint: entrypoint, LoanID: loanID, Input: in, Result: res, Revision: revision}, plain, nil
}

// decideInto decides entrypoint on input into out.
func (s *Service) decideInto(ctx context.Context, entrypoint string, input, out any) error {
	res, err := s.policy.Decide(ctx, entrypoint, input)
	if err != nil {
		return err
	}
	return domain.DecodeAnswer(res, out)
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
