package web

import (
	"time"

	"github.com/gofiber/fiber/v3"
)

type estimateInput struct {
	PropertyValue   int64   `json:"propertyValue"`
	MortgageBalance int64   `json:"mortgageBalance"`
	CreditScore     *int64  `json:"creditScore"`
	PropertyUsage   string  `json:"propertyUsage"`
	PropertyState   *string `json:"propertyState,omitempty"`
	PropertyType    string  `json:"propertyType"`
	HasFbm          bool    `json:"hasFbm"`
}

// policyInput is the eligibility and offer input of the policy contract,
// made from the homeowner's answers and today's date.
func (in estimateInput) policyInput(today time.Time) map[string]any {
	m := map[string]any{
		"today":           today.UTC().Format(time.DateOnly),
		"propertyValue":   in.PropertyValue,
		"mortgageBalance": in.MortgageBalance,
		"creditScore":     in.CreditScore,
		"propertyUsage":   in.PropertyUsage,
		"propertyType":    in.PropertyType,
		"hasFbm":          in.HasFbm,
		"mortgages":       []any{},
	}
	if in.PropertyState != nil {
		m["propertyState"] = *in.PropertyState
	}
	return m
}

// estimate decides eligibility and the preview offer from self-reported
// answers. Both decisions are stored, so each can be replayed and explained.
func (s *Server) estimate(c fiber.Ctx, in estimateInput) (any, error) {
	input := in.policyInput(s.now())
	loanID, err := s.currentLoanID(c)
	if err != nil {
		return nil, err
	}
	eligibility, err := s.decide(c, "heloc.eligibility.decision", loanID, input)
	if err != nil {
		return nil, err
	}
	offer, err := s.decide(c, "heloc.offer.preview", loanID, input)
	if err != nil {
		return nil, err
	}
	return map[string]any{
		"eligibility": withID(eligibility),
		"offer":       withID(offer),
	}, nil
}

// withID adds the stored decision's id to its result.
func withID(d decision) map[string]any {
	out := map[string]any{"decisionId": d.ID}
	if m, ok := d.Result.(map[string]any); ok {
		for k, v := range m {
			out[k] = v
		}
	}
	return out
}
