package web

import (
	"github.com/gofiber/fiber/v3"

	"github.com/heloc/heloc/server/domain"
)

// authorizeLoan returns the signed-in portal user when the access policy
// lets their role take action on this loan. The policy is told whether the
// loan is the user's (assigned): they are its loan officer or processor, or
// they carry a tag and the loan carries the same one. NOT_FOUND for an
// unknown loan; FORBIDDEN with the policy's reason otherwise.
func (s *Server) authorizeLoan(c fiber.Ctx, action, loanID string) (*domain.StaffUser, error) {
	u, err := s.staffUser(c)
	if err != nil {
		return nil, err
	}
	if loanID == "" {
		return nil, domain.Errorf(domain.ENOTFOUND, "Loan not found.")
	}
	team, err := s.store.FindLoanTeam(c.Context(), loanID)
	if err != nil {
		return nil, err
	}
	if _, err := s.decideAccess(c, u, action, loanID, team.AssignedTo(u), true); err != nil {
		return nil, err
	}
	return u, nil
}

// authorizeScope is authorize for an action over many loans (the
// pipeline): it also says whether the user's grant reaches only the loans
// assigned to them.
func (s *Server) authorizeScope(c fiber.Ctx, action string) (u *domain.StaffUser, assignedOnly bool, err error) {
	if u, err = s.staffUser(c); err != nil {
		return nil, false, err
	}
	scope, err := s.decideAccess(c, u, action, "", false, true)
	if err != nil {
		return nil, false, err
	}
	return u, scope != "all", nil
}
