package web

import (
	"time"

	"github.com/gofiber/fiber/v3"
)

// policyRevisions is policy.revisions: every policy revision published
// with `heloc policy publish` or `rollback` (issue 24), newest first, with
// who, when, why, from when, the checks it passed and its impact, to the
// portal users who may read them (policy.read). It reads no borrower's
// data, so it is not audited.
func (s *Server) policyRevisions(c fiber.Ctx, _ []byte) (any, error) {
	if _, err := s.authorize(c, "policy.read"); err != nil {
		return nil, err
	}
	if s.decisions == nil {
		return nil, errNoDecisions
	}
	return s.decisions.Revisions(c.Context(), time.Now())
}
