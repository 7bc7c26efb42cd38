package web

import (
	"github.com/gofiber/fiber/v3"

	"github.com/heloc/heloc/server/prequal"
)

// quote is quote.current (spec §7): eligibility and the preview offer on
// the bureau's data, with the adverse-action notice when the rules make
// one (the prequalification service decides and records them); null
// before the credit check.
func (s *Server) quote(c fiber.Ctx, in prequal.QuoteInput) (any, error) {
	a, err := s.applicant(c)
	if err != nil {
		return nil, err
	}
	q, err := s.prequal.Quote(c.Context(), a, in)
	if q == nil || err != nil {
		return nil, err
	}
	return q, nil
}

// prequalAdverseAction is prequal.adverseAction: the loan's latest notice
// again, or null.
func (s *Server) prequalAdverseAction(c fiber.Ctx, _ []byte) (any, error) {
	a, err := s.applicant(c)
	if err != nil {
		return nil, err
	}
	n, err := s.prequal.AdverseAction(c.Context(), a)
	if n == nil || err != nil {
		return nil, err
	}
	return n, nil
}
