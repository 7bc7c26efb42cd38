package web

import (
	"github.com/gofiber/fiber/v3"

	"github.com/heloc/heloc/server/domain"
)

// recordAudit appends one entry to the audit log: u took action (on loanID
// when it is about one loan) on subject, with detail naming fields, never
// their values. Callers record every staff view of personal data and every
// change; an error fails the request, so nothing is shown unaudited.
func (s *Server) recordAudit(c fiber.Ctx, u *domain.StaffUser, action, loanID, subject, detail string) error {
	return s.store.AppendAudit(c.Context(), &domain.AuditEntry{
		ActorID: u.ID, ActorEmail: u.Email, ActorRole: u.Role,
		Action: action, LoanID: loanID, Subject: subject, Detail: detail, IP: c.IP(),
	})
}
