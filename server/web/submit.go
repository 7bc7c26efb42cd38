package web

import (
	"github.com/gofiber/fiber/v3"
)

// The last steps of the application: the draw's bounds for the
// loan-disbursement page, and the submission. A translation of the wire to
// the loan service (server/loans), which decides what may be submitted
// (and, before it submits, has the prequalification service decide the
// application again on its figures: prequal.Service.Redecide, which
// server/app wires).

// applicationDrawTerms is application.drawTerms: the line
// of the loan's offer, its fee and the bounds of the first draw.
func (s *Server) applicationDrawTerms(c fiber.Ctx, _ []byte) (any, error) {
	a, err := s.applicant(c)
	if err != nil {
		return nil, err
	}
	return s.loans.DisbursementTerms(c.Context(), a)
}

// applicationAddressHistory is application.addressHistory: how far back
// page 1 asks a person's addresses to go, by the rules.
func (s *Server) applicationAddressHistory(c fiber.Ctx, _ []byte) (any, error) {
	if _, err := s.applicant(c); err != nil {
		return nil, err
	}
	return s.loans.ResidenceHistory(c.Context())
}

// applicationSubmit is application.submit: the application handed to the
// lender, read-only from then on.
func (s *Server) applicationSubmit(c fiber.Ctx, _ []byte) (any, error) {
	a, err := s.applicant(c)
	if err != nil {
		return nil, err
	}
	return s.loans.Submit(c.Context(), a)
}
