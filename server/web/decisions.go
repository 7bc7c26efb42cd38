package web

import (
	"encoding/json"
	"fmt"

	"github.com/gofiber/fiber/v3"
)

// recorded lists the entrypoints whose decisions change what a borrower is
// offered or shown; each is stored with its input, result and revision so
// that it can be replayed and explained (architecture, "Data").
var recorded = map[string]bool{
	"heloc.eligibility.decision":   true,
	"heloc.offer.preview":          true,
	"heloc.documents.requirements": true,
	"heloc.conditions.catalog":     true,
}

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
	result, revision, err := s.policy.DecideAt(c.Context(), entrypoint, input)
	if err != nil {
		return decision{}, err
	}
	if !recorded[entrypoint] {
		return decision{Result: result}, nil
	}
	in, err := json.Marshal(input)
	if err != nil {
		return decision{}, fmt.Errorf("record %s: %w", entrypoint, err)
	}
	out, err := json.Marshal(result)
	if err != nil {
		return decision{}, fmt.Errorf("record %s: %w", entrypoint, err)
	}
	id, err := s.store.CreateDecision(c.Context(), entrypoint, loanID, in, out, revision)
	if err != nil {
		return decision{}, err
	}
	return decision{ID: id, Result: result}, nil
}
