package web

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/heloc/heloc/server/domain"
)

type quoteCurrentInput struct {
	Email               string `json:"email"`
	FetchOriginationFee bool   `json:"fetchOriginationFee"`
	RequestedLine       *int64 `json:"requestedLine,omitempty"`
}

// quote is quote.current (spec §7): eligibility and the preview offer
// decided on the loan's answers and the bureau's data, both stored as
// decisions, with the adverse-action notice the rules make
// (heloc.notice.adverse_action, stored once per decision) when they say
// one is required. Null before the credit check. The e-mail must be the
// applicant's own. The requested line is the amount chosen on the offer
// page, else the saved answer desiredAmount.
func (s *Server) quote(c fiber.Ctx, in quoteCurrentInput) (any, error) {
	a, loan, err := s.applicantLoan(c)
	if err != nil {
		return nil, err
	}
	if !strings.EqualFold(strings.TrimSpace(in.Email), a.Email) {
		return nil, domain.Errorf(domain.EFORBIDDEN, "A quote can be read only by the applicant it was made for.")
	}
	report, coborrower, err := s.loanCreditReports(c.Context(), loan.ID)
	if report == nil || err != nil {
		return nil, err
	}
	input := bureauInput(loan.Answers, report, coborrower, in.RequestedLine, s.now())
	eligibility, err := s.decide(c, "heloc.eligibility.decision", loan.ID, input)
	if err != nil {
		return nil, err
	}
	offer, err := s.decide(c, "heloc.offer.preview", loan.ID, input)
	if err != nil {
		return nil, err
	}
	out := map[string]any{"eligibility": withID(eligibility), "offer": withID(offer), "adverseAction": nil}
	if !in.FetchOriginationFee {
		delete(out["offer"].(map[string]any), "originationFee")
	}
	notice, err := s.adverseAction(c.Context(), loan.ID, input, offer.Result)
	if err != nil {
		return nil, err
	}
	if notice != nil {
		out["adverseAction"] = notice
	}
	return out, nil
}

// bureauInput is the facts of the eligibility, offer and notice policies
// (policy contract, issue 20) made from the loan's answers and the
// bureau's data. It gathers, it decides nothing: both scores as the bureau
// gave them (the rules pick the one used), every mortgage of the report
// with the homeowner's word on it (confirmed true or false, null before
// they said) and the ones they added, the report's other debts, the
// home's value as answered (null when not: a missing fact, never 0), the
// line requested, income and debts as stated, and the report's own
// score block for the notice.
func bureauInput(answers domain.PrequalAnswers, r *domain.CreditReport, coborrower bool, requested *int64, today time.Time) map[string]any {
	said := map[string]domain.MortgageAnswer{}
	for _, m := range answers.Mortgages {
		said[m.ID] = m
	}
	mortgages := []map[string]any{}
	for _, m := range r.Mortgages {
		mortgage := map[string]any{"balance": m.Balance, "monthlyPayment": m.MonthlyPayment,
			"latePaymentDays": m.LatePaymentDays, "latePaymentDate": m.LatePaymentDate,
			"source": "bureau", "confirmed": nil}
		if a, ok := said[m.ID]; ok && !a.AddedByUser {
			mortgage["confirmed"] = a.Confirmed
			if a.Confirmed {
				mortgage["balance"] = a.Balance // the homeowner's correction
			}
		}
		mortgages = append(mortgages, mortgage)
	}
	onReport := map[string]bool{}
	for _, m := range r.Mortgages {
		onReport[m.ID] = true
	}
	for _, a := range answers.Mortgages {
		if a.AddedByUser && !onReport[a.ID] {
			mortgages = append(mortgages, map[string]any{"balance": a.Balance, "latePaymentDays": 0,
				"latePaymentDate": nil, "source": "borrower", "confirmed": true})
		}
	}
	debts := []map[string]any{}
	for _, d := range r.Liabilities {
		debts = append(debts, map[string]any{"monthlyPayment": d.MonthlyPayment, "type": d.Type, "source": "bureau",
			"toBePaidOff": slices.Contains(answers.DebtsToPayOff, d.ID)})
	}
	scores := map[string]any{"borrower": r.Score}
	if coborrower {
		scores["coborrower"] = r.CoborrowerScore
	}
	keyFactors := r.KeyFactors
	if keyFactors == nil {
		keyFactors = []string{}
	}
	input := map[string]any{
		"today":         today.UTC().Format(time.DateOnly),
		"stage":         "preview",
		"creditSource":  "bureau",
		"creditScores":  scores,
		"keyFactors":    keyFactors,
		"propertyValue": answers.PropertyValue,
		"mortgages":     mortgages,
		"hasFbm":        answers.FBM.Any(),
		"requestedLine": requestedLine(requested, answers),
		"annualIncome":  answers.AnnualIncome,
		"monthlyDebts":  answers.MonthlyDebts,
		"debts":         debts,
		"creditReport": map[string]any{
			"score": r.Score, "scoreRange": r.ScoreRange, "pulledOn": r.PulledAt.UTC().Format(time.DateOnly),
			"keyFactors": keyFactors, "bureau": r.Bureau,
		},
	}
	if answers.PropertyUsage != nil {
		input["propertyUsage"] = *answers.PropertyUsage
	}
	if answers.PropertyState != nil {
		input["propertyState"] = *answers.PropertyState
	}
	return input
}

// requestedLine is the amount asked for: the offer page's, else the saved
// answer desiredAmount; nil when neither.
func requestedLine(requested *int64, answers domain.PrequalAnswers) *int64 {
	if requested != nil {
		return requested
	}
	return answers.DesiredAmount
}

// noticeResult is heloc.notice.adverse_action's answer (policy contract).
type noticeResult struct {
	Required    bool            `json:"required"`
	Version     string          `json:"version"`
	Date        string          `json:"date"`
	Reasons     []string        `json:"reasons"`
	ReasonCodes []string        `json:"reasonCodes"`
	Score       *noticeScore    `json:"score"`
	Wording     json.RawMessage `json:"wording"`
	Creditor    domain.Creditor `json:"creditor"`
}

type noticeScore struct {
	Value      *int              `json:"value"`
	Range      domain.ScoreRange `json:"range"`
	Date       string            `json:"date"`
	KeyFactors []string          `json:"keyFactors"`
	Bureau     domain.Bureau     `json:"bureau"`
}

// adverseAction is the notice the rules make of the facts
// (heloc.notice.adverse_action, a recorded decision), stored once per
// decision when the rules say one is required (a decline on verified
// facts); nil otherwise. offer is the heloc.offer.preview result just
// decided on the same facts: the policy takes it as input.decision, the
// decision the notice explains, and does not decide it again. Its content
// is the policy's: the reasons, their codes, the score block, the
// statutory wording with its version and the creditor. A notice that cannot be decided or stored fails the quote, as
// any decision does: no quote is answered without the notice it needs.
func (s *Server) adverseAction(ctx context.Context, loanID string, input map[string]any, offer any) (*domain.AdverseActionNotice, error) {
	facts := make(map[string]any, len(input)+1)
	for k, v := range input {
		facts[k] = v
	}
	facts["decision"] = offer
	d, err := s.decideFor(ctx, "heloc.notice.adverse_action", loanID, facts)
	if err != nil {
		return nil, fmt.Errorf("adverse-action notice: %w", err)
	}
	var r noticeResult
	buf, err := json.Marshal(d.Result)
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(buf, &r); err != nil {
		return nil, fmt.Errorf("adverse-action notice: %w", err)
	}
	if !r.Required {
		return nil, nil
	}
	if string(r.Wording) == "null" {
		r.Wording = nil
	}
	n := &domain.AdverseActionNotice{
		DecisionID: d.ID, Date: r.Date, Reasons: r.Reasons, ReasonCodes: r.ReasonCodes,
		Version: r.Version, Wording: r.Wording, Creditor: r.Creditor, KeyFactors: []string{},
	}
	if n.Date == "" {
		n.Date = s.now().UTC().Format(time.DateOnly)
	}
	if n.Reasons == nil {
		n.Reasons = []string{}
	}
	if sc := r.Score; sc != nil {
		n.Score, n.ScoreRange, n.ScoreDate, n.Bureau = sc.Value, sc.Range, sc.Date, sc.Bureau
		if sc.KeyFactors != nil {
			n.KeyFactors = sc.KeyFactors
		}
	}
	return s.store.SaveAdverseActionNotice(ctx, loanID, n)
}

// prequalAdverseAction is prequal.adverseAction: the loan's latest notice
// again, or null.
func (s *Server) prequalAdverseAction(c fiber.Ctx, _ []byte) (any, error) {
	_, loan, err := s.applicantLoan(c)
	if err != nil {
		return nil, err
	}
	n, err := s.store.LatestAdverseActionNotice(c.Context(), loan.ID)
	if domain.ErrorCode(err) == domain.ENOTFOUND {
		return nil, nil
	}
	return n, err
}
