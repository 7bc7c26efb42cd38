package web

import (
	"strings"

	"github.com/gofiber/fiber/v3"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/prequal"
)

// The prequalification's procedures: a translation of the wire to the
// prequalification service (server/prequal), which decides and records.

// estimate is prequal.estimate: eligibility and the preview offer from
// self-reported answers, for the signed-in applicant's loan when there is
// one.
func (s *Server) estimate(c fiber.Ctx, in prequal.EstimateInput) (any, error) {
	id, err := s.who(c, domain.RealmApplicant)
	if err != nil {
		return nil, err
	}
	return s.prequal.Estimate(c.Context(), id.applicant, in)
}

// knockout is prequal.knockout: the /prequal path's first answers decided
// by the rules as they are given, for the signed-in applicant's loan when
// there is one (a visitor has no account yet on that path).
func (s *Server) knockout(c fiber.Ctx, in prequal.KnockoutInput) (any, error) {
	id, err := s.who(c, domain.RealmApplicant)
	if err != nil {
		return nil, err
	}
	return s.prequal.Knockout(c.Context(), id.applicant, in)
}

// prequalAnswers is prequal.answers: the loan's answers, so a refresh, a
// closed tab or another device loses nothing.
func (s *Server) prequalAnswers(c fiber.Ctx, _ []byte) (any, error) {
	a, err := s.applicant(c)
	if err != nil {
		return nil, err
	}
	return s.prequal.Answers(c.Context(), a)
}

// saveAnswers is prequal.save: the page's answers (validated against
// #SaveAnswersInput before this runs) merged into the loan's.
func (s *Server) saveAnswers(c fiber.Ctx, in prequal.SaveInput) (any, error) {
	a, err := s.applicant(c)
	if err != nil {
		return nil, err
	}
	return s.prequal.SaveAnswers(c.Context(), a, in)
}

// valuationsPerAccount bounds the requests to the valuation model one
// applicant's valuations may make in a window: the AVM and, after a
// low-confidence answer, the cascade each count, as each is paid for. A
// valuation the loan has already is answered again without one.
const valuationsPerAccount = 10

// prequalValuation is prequal.valuation: the automated valuation of the
// home, or null. It is a GET, which the property-value page sends on every
// visit and which no bot check guards: each request the service makes of
// the model is spent from the applicant's limit first.
func (s *Server) prequalValuation(c fiber.Ctx, _ []byte) (any, error) {
	a, err := s.applicant(c)
	if err != nil {
		return nil, err
	}
	v, err := s.prequal.Valuation(c.Context(), a, func() error {
		return s.limit("valuation|account|"+a.ID, valuationsPerAccount)
	})
	if v == nil || err != nil {
		return nil, err
	}
	return v, nil
}

// creditPullsPerAccount bounds the soft pulls one applicant may ask for in
// a window: each is a bureau request.
const creditPullsPerAccount = 10

// creditCheck is prequal.creditCheck: a soft pull under the authorization
// the person agreed to, kept with the client's address and user agent.
// The limit is spent by the service once its own refusals have passed, so
// that it counts the pulls the bureau is asked for.
func (s *Server) creditCheck(c fiber.Ctx, in prequal.CreditCheckInput) (any, error) {
	a, err := s.applicant(c)
	if err != nil {
		return nil, err
	}
	client := prequal.Client{Address: c.IP(), UserAgent: truncate(c.Get(fiber.HeaderUserAgent), 500)}
	r, err := s.prequal.CreditCheck(c.Context(), a, in, client, func() error {
		return s.limit("credit|account|"+a.ID, creditPullsPerAccount)
	})
	if r == nil || err != nil {
		return nil, err
	}
	return r, nil
}

func truncate(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n])
	}
	return strings.ToValidUTF8(s, "")
}

// prequalCreditReport is prequal.creditReport: the loan's report, or null
// before a pull.
func (s *Server) prequalCreditReport(c fiber.Ctx, _ []byte) (any, error) {
	a, err := s.applicant(c)
	if err != nil {
		return nil, err
	}
	r, err := s.prequal.CreditReport(c.Context(), a)
	if r == nil || err != nil {
		return nil, err
	}
	return r, nil
}
