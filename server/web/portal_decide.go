package web

import (
	"github.com/gofiber/fiber/v3"

	"github.com/heloc/heloc/server/portal"
)

// Credit decisions on a submitted loan (issue 23): portal.credit for a user
// who may read the loan, portal.decide for one who may decide it
// (loans.decide: administrators and underwriters), and application.decision
// for the borrower in their own session. The rules of a decision are the
// portal service's (server/portal/decide.go), which also records its audit
// entry in the decision's transaction.

// portalCredit is portal.credit: the loan's credit decision and what one
// may be.
func (s *Server) portalCredit(c fiber.Ctx, in loanIDInput) (any, error) {
	if _, err := s.authorizeLoan(c, "loans.read", in.LoanID); err != nil {
		return nil, err
	}
	return s.portal.Credit(c.Context(), in.LoanID)
}

// portalDecide is portal.decide: record the user's credit decision.
func (s *Server) portalDecide(c fiber.Ctx, in portal.DecideInput) (any, error) {
	u, err := s.authorizeLoan(c, "loans.decide", in.LoanID)
	if err != nil {
		return nil, err
	}
	return s.portal.Decide(c.Context(), u, c.IP(), in)
}

// applicationDecision is application.decision: the lender's decision on
// the signed-in borrower's application, as they read it.
func (s *Server) applicationDecision(c fiber.Ctx, _ []byte) (any, error) {
	a, err := s.applicant(c)
	if err != nil {
		return nil, err
	}
	loan, err := s.loans.LoanOf(c.Context(), a)
	if err != nil {
		return nil, err
	}
	return s.portal.BorrowerDecision(c.Context(), loan.ID)
}
