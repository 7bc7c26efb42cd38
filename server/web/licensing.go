package web

import (
	"github.com/gofiber/fiber/v3"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/prequal"
)

// Waitlist sign-ups allowed per client address per decisionWindow when the
// configuration does not say: a household, not a list of addresses.
const defaultWaitlistLimit = 10

type zipInput struct {
	Zip   string `json:"zip"`
	State string `json:"state,omitempty"`
}

// licensingLookup is licensing.lookup: the ZIP code's state and whether
// the lender is licensed there, and with an address's state whether it is
// the ZIP code's (data.heloc.licensing.lookup). Not recorded: the page
// reads it as the visitor types; the lookups acted on (the waitlist, a
// loan's state) are.
func (s *Server) licensingLookup(c fiber.Ctx, in zipInput) (any, error) {
	return s.policy.Decide(c.Context(), "heloc.licensing.lookup", in)
}

// licensingStates is licensing.states: the lender, its NMLS ID and every
// state with its licence, for the /license page.
func (s *Server) licensingStates(c fiber.Ctx, _ []byte) (any, error) {
	return s.policy.Decide(c.Context(), "heloc.licensing.states", nil)
}

// prequalQuestions is prequal.questions: the look-backs and credit bands
// the prequalification's questions name, the eligibility table's (a page
// asks what the rules read).
func (s *Server) prequalQuestions(c fiber.Ctx, _ []byte) (any, error) {
	return s.policy.Decide(c.Context(), "heloc.eligibility.questions", nil)
}

// currentConsents is consents.current: the wording each consent form shows
// today, with its version.
func (s *Server) currentConsents(c fiber.Ctx, _ []byte) (any, error) {
	return s.policy.Decide(c.Context(), "heloc.consents.current", nil)
}

type consentText struct {
	Kind    string `json:"kind"`
	Version string `json:"version"`
}

// consentVersions is the current version of each consent's wording, by kind.
func (s *Server) consentVersions(c fiber.Ctx) (map[string]string, error) {
	var current struct {
		Consents []consentText `json:"consents"`
	}
	v, err := s.policy.Decide(c.Context(), "heloc.consents.current", nil)
	if err != nil {
		return nil, err
	}
	if err := domain.DecodeAnswer(v, &current); err != nil {
		return nil, err
	}
	out := make(map[string]string, len(current.Consents))
	for _, ct := range current.Consents {
		out[ct.Kind] = ct.Version
	}
	return out, nil
}

// joinWaitlist is prequal.joinWaitlist: a visitor's contact kept, sealed,
// until their state opens (the prequalification service decides whether
// the ZIP code's state is one to wait for). The sign-ups are limited per
// client address first.
func (s *Server) joinWaitlist(c fiber.Ctx, in prequal.WaitlistInput) (any, error) {
	if err := s.limitWaitlist(c); err != nil {
		return nil, err
	}
	return s.prequal.JoinWaitlist(c.Context(), in)
}

// limitWaitlist spends one of the client address's waitlist sign-ups, as
// limitDecisions does for the estimates: a visitor has no account to count.
func (s *Server) limitWaitlist(c fiber.Ctx) error {
	if s.cfg.WaitlistLimit <= 0 {
		return nil
	}
	if ok, retry := s.limiter.Allow("prequal.joinWaitlist|ip|"+limitAddr(c), s.cfg.WaitlistLimit, decisionWindow); !ok {
		return &domain.Error{Code: domain.ETOOMANY, RetryAfter: retry, Message: "Too many requests. Wait a few minutes and try again."}
	}
	return nil
}
