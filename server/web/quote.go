package web

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/heloc/heloc/server/domain"
)

type quoteCurrentInput struct {
	Email               string `json:"email"`
	FetchOriginationFee bool   `json:"fetchOriginationFee"`
}

// quote is quote.current (spec §7): eligibility and the preview offer
// decided on the loan's answers and the bureau's data, both stored as
// decisions, with the adverse-action notice of an ineligible decision
// (stored once per decision). Null before the credit check. The e-mail
// must be the applicant's own.
func (s *Server) quote(c fiber.Ctx, in quoteCurrentInput) (any, error) {
	a, loan, err := s.applicantLoan(c)
	if err != nil {
		return nil, err
	}
	if !strings.EqualFold(strings.TrimSpace(in.Email), a.Email) {
		return nil, domain.Errorf(domain.EFORBIDDEN, "A quote can be read only by the applicant it was made for.")
	}
	report, err := s.loanCreditReport(c.Context(), loan.ID)
	if report == nil || err != nil {
		return nil, err
	}
	input := bureauInput(loan.Answers, report, s.now())
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
	if eligible, _ := out["eligibility"].(map[string]any)["eligible"].(bool); !eligible {
		notice, err := s.adverseAction(c.Context(), loan.ID, eligibility, report, input["creditScore"].(*int))
		if err != nil {
			return nil, err
		}
		out["adverseAction"] = notice
	}
	return out, nil
}

// bureauInput is the eligibility and offer input made from the bureau's
// data: the score used (the lower of borrower's and coborrower's, when
// both have one), the mortgages the homeowner confirmed as liens on this
// home with their corrected balances and the late payments the report
// shows, plus any they added; before they said which, the report's own.
// The home's value is their answer (the valuation accepted or corrected).
func bureauInput(answers domain.PrequalAnswers, r *domain.CreditReport, today time.Time) map[string]any {
	reported := map[string]domain.ReportedMortgage{}
	for _, m := range r.Mortgages {
		reported[m.ID] = m
	}
	mortgages := []map[string]any{}
	var balance int64
	add := func(bal int64, days int, date *string) {
		balance += bal
		mortgages = append(mortgages, map[string]any{"balance": bal, "latePaymentDays": days, "latePaymentDate": date})
	}
	if len(answers.Mortgages) > 0 {
		for _, m := range answers.Mortgages {
			rm, onReport := reported[m.ID]
			switch {
			case m.AddedByUser && !onReport:
				add(m.Balance, 0, nil)
			case m.Confirmed && onReport:
				add(m.Balance, rm.LatePaymentDays, rm.LatePaymentDate)
			}
		}
	} else {
		for _, m := range r.Mortgages {
			add(m.Balance, m.LatePaymentDays, m.LatePaymentDate)
		}
	}
	input := map[string]any{
		"today":           today.UTC().Format(time.DateOnly),
		"propertyValue":   deref(answers.PropertyValue),
		"mortgageBalance": balance,
		"mortgages":       mortgages,
		"creditScore":     scoreUsed(r),
		"hasFbm":          answers.FBM.Any(),
	}
	if answers.PropertyUsage != nil {
		input["propertyUsage"] = *answers.PropertyUsage
	}
	if answers.PropertyState != nil {
		input["propertyState"] = *answers.PropertyState
	}
	return input
}

// scoreUsed is the report's score, or the coborrower's when lower (lender
// practice: the weaker file decides); nil when neither has one.
func scoreUsed(r *domain.CreditReport) *int {
	score := r.Score
	if c := r.CoborrowerScore; c != nil && (score == nil || *c < *score) {
		score = c
	}
	return score
}

func deref(p *int64) int64 {
	if p == nil {
		return 0
	}
	return *p
}

// adverseAction makes and stores (once per decision) the notice of an
// ineligible eligibility decision: its reasons in Regulation B's words,
// the score used with its range, date and key factors, the bureau, and
// the creditor.
func (s *Server) adverseAction(ctx context.Context, loanID string, d decision, r *domain.CreditReport, score *int) (*domain.AdverseActionNotice, error) {
	creditor, err := s.creditor(ctx)
	if err != nil {
		return nil, err
	}
	n := &domain.AdverseActionNotice{
		DecisionID: d.ID, Date: s.now().UTC().Format(time.DateOnly), Reasons: []string{},
		Score: score, ScoreRange: r.ScoreRange, ScoreDate: r.PulledAt.UTC().Format(time.DateOnly),
		KeyFactors: r.KeyFactors, Bureau: r.Bureau, Creditor: creditor,
	}
	result, _ := d.Result.(map[string]any)
	reasons, _ := result["reasons"].([]any)
	for _, v := range reasons {
		reason, _ := v.(map[string]any)
		words, _ := reason["adverseAction"].(string)
		if words == "" {
			words, _ = reason["message"].(string)
		}
		if words != "" && !contains(n.Reasons, words) {
			n.Reasons = append(n.Reasons, words)
		}
	}
	return s.store.SaveAdverseActionNotice(ctx, loanID, n)
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// creditor is the lender as the licensing table names it
// (data.heloc.licensing.states: company, nmlsId, address).
func (s *Server) creditor(ctx context.Context) (domain.Creditor, error) {
	var t struct {
		Company *string `json:"company"`
		NMLSID  *string `json:"nmlsId"`
		Address *string `json:"address"`
	}
	if err := s.decideInto(ctx, "heloc.licensing.states", nil, &t); err != nil {
		return domain.Creditor{}, err
	}
	if t.Company == nil || t.NMLSID == nil || t.Address == nil {
		return domain.Creditor{}, errors.New("adverse action: the licensing table names no lender (company, nmlsId, address)")
	}
	return domain.Creditor{Name: *t.Company, NMLSID: *t.NMLSID, Address: *t.Address}, nil
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
