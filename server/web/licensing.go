package web

import (
	"encoding/json"
	"strings"

	"github.com/gofiber/fiber/v3"

	"github.com/heloc/heloc/server/domain"
)

// Waitlist sign-ups allowed per client address per decisionWindow when the
// configuration does not say: a household, not a list of addresses.
const defaultWaitlistLimit = 10

type zipInput struct {
	Zip string `json:"zip"`
}

// licensingLookup is licensing.lookup: the ZIP code's state and whether
// the lender is licensed there (data.heloc.licensing.lookup). Not recorded:
// the page reads it as the visitor types; the lookups acted on (the
// waitlist, a loan's state) are.
func (s *Server) licensingLookup(c fiber.Ctx, in zipInput) (any, error) {
	return s.policy.Decide(c.Context(), "heloc.licensing.lookup", map[string]any{"zip": in.Zip})
}

// licensingStates is licensing.states: the lender, its NMLS ID and every
// state with its licence, for the /license page.
func (s *Server) licensingStates(c fiber.Ctx, _ []byte) (any, error) {
	return s.policy.Decide(c.Context(), "heloc.licensing.states", nil)
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
	if err := s.decideInto(c.Context(), "heloc.consents.current", nil, &current); err != nil {
		return nil, err
	}
	out := make(map[string]string, len(current.Consents))
	for _, ct := range current.Consents {
		out[ct.Kind] = ct.Version
	}
	return out, nil
}

type joinWaitlistInput struct {
	FirstName string  `json:"firstName"`
	LastName  string  `json:"lastName"`
	Email     string  `json:"email"`
	Zip       string  `json:"zip"`
	Phone     *string `json:"phone"`
}

type licensingLookup struct {
	State     *string `json:"state"`
	StateName *string `json:"stateName"`
	Licensed  bool    `json:"licensed"`
	OpensOn   *string `json:"opensOn"`
}

// joinWaitlist is prequal.joinWaitlist: it keeps a visitor's contact, sealed,
// until their state opens, and says when that is when it is known. Only a
// ZIP code of a state without a licence joins; the contact is never logged.
func (s *Server) joinWaitlist(c fiber.Ctx, in joinWaitlistInput) (any, error) {
	if err := s.limitWaitlist(c); err != nil {
		return nil, err
	}
	var place licensingLookup
	// Recorded: the lookup decides whether the visitor is put on the
	// waitlist (there is no loan yet).
	d, err := s.decideFor(c.Context(), "heloc.licensing.lookup", "", map[string]any{"zip": in.Zip})
	if err != nil {
		return nil, err
	}
	if err := remarshal(d.Result, &place); err != nil {
		return nil, err
	}
	switch {
	case place.State == nil:
		return nil, zipError("We could not find the state of this ZIP code. Check it and try again.")
	case place.Licensed:
		return nil, zipError("We already lend in " + *place.StateName + ": go on with your application.")
	}
	contact, err := json.Marshal(map[string]any{
		"firstName": strings.TrimSpace(in.FirstName), "lastName": strings.TrimSpace(in.LastName),
		"email": strings.ToLower(strings.TrimSpace(in.Email)), "phone": in.Phone,
	})
	if err != nil {
		return nil, err
	}
	seal := func(id string) (string, error) { return s.cfg.Keyring.Seal(contact, []byte("waitlist|"+id)) }
	if _, err := s.store.AddToWaitlist(c.Context(), *place.State, in.Zip[:5], seal); err != nil {
		return nil, err
	}
	return fiber.Map{"state": *place.State, "stateName": *place.StateName, "opensOn": place.OpensOn}, nil
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

func zipError(msg string) error {
	return &domain.Error{Code: domain.EINVALID, Message: msg, Fields: []domain.FieldError{{Path: "zip", Message: msg}}}
}
