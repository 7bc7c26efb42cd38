package web

import (
	"context"

	"github.com/gofiber/fiber/v3"
)

// The decisions the product acts on are decided and recorded by the
// decision log (decisions.Recorder), which server/app makes and hands to
// the loan, prequalification and conditions services as well as to this
// server (the pages a loan sees, the portal's access); which entrypoints
// are recorded, and when, is said there.

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
	return s.decideFor(c.Context(), entrypoint, loanID, input)
}

// decideFor is decide with a context rather than a request.
func (s *Server) decideFor(ctx context.Context, entrypoint, loanID string, input any) (decision, error) {
	d, err := s.recorder.Decide(ctx, entrypoint, loanID, input)
	return decision{ID: d.ID, Result: d.Result}, err
}
