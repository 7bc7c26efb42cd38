package web

import (
	"strings"

	"github.com/gofiber/fiber/v3"

	"github.com/heloc/heloc/server/conditions"
	"github.com/heloc/heloc/server/domain"
)

// Underwriting conditions: portal.conditions, portal.addCondition,
// portal.clearCondition and portal.resendCondition for portal users (conditions.manage, or loans.read
// to look), conditions.list and conditions.answer for the borrower. The
// rules of conditions are the conditions service's (server/conditions);
// this file asks the access policy, records the audit log and translates
// the wire.

// portalConditions is the loan's conditions for a user who may manage them
// or read the loan. Opening borrowers' answers (addresses, jobs, letters)
// is a view of personal data, and is recorded.
func (s *Server) portalConditions(c fiber.Ctx, in loanIDInput) (any, error) {
	u, canManage, err := s.authorizeConditions(c, in.LoanID)
	if err != nil {
		return nil, err
	}
	view, err := s.conditions.ForLoan(c.Context(), in.LoanID, canManage)
	if err != nil {
		return nil, err
	}
	if answered := answeredCodes(view.Conditions); len(answered) > 0 {
		if err := s.recordAudit(c, u, "conditions.read", in.LoanID, "condition answers", "answers of conditions "+strings.Join(answered, ", ")); err != nil {
			return nil, err
		}
	}
	return view, nil
}

// addCondition sets a condition of the catalogue on the loan.
func (s *Server) addCondition(c fiber.Ctx, in conditions.AddInput) (any, error) {
	u, err := s.authorizeLoan(c, "conditions.manage", in.LoanID)
	if err != nil {
		return nil, err
	}
	added, err := s.conditions.Add(c.Context(), u, in)
	if err != nil {
		return nil, err
	}
	if err := s.recordAudit(c, u, "conditions.add", in.LoanID, "condition "+added.Code, conditionDetail(added)); err != nil {
		return nil, err
	}
	return added, nil
}

// clearCondition clears or waives one of the loan's conditions.
func (s *Server) clearCondition(c fiber.Ctx, in conditions.ResolveInput) (any, error) {
	u, err := s.authorizeLoan(c, "conditions.manage", in.LoanID)
	if err != nil {
		return nil, err
	}
	resolved, err := s.conditions.Resolve(c.Context(), u, in)
	if err != nil {
		return nil, err
	}
	action := "conditions.clear"
	if resolved.Status == conditions.StatusWaived {
		action = "conditions.waive"
	}
	if err := s.recordAudit(c, u, action, in.LoanID, "condition "+resolved.Code, "status, note"); err != nil {
		return nil, err
	}
	return resolved, nil
}

// resendCondition e-mails an open e-mail condition's message again.
func (s *Server) resendCondition(c fiber.Ctx, in conditions.ResendInput) (any, error) {
	u, err := s.authorizeLoan(c, "conditions.manage", in.LoanID)
	if err != nil {
		return nil, err
	}
	sent, err := s.conditions.Resend(c.Context(), in)
	if err != nil {
		return nil, err
	}
	if err := s.recordAudit(c, u, "conditions.resend", in.LoanID, "condition "+sent.Code, "e-mail"); err != nil {
		return nil, err
	}
	return sent, nil
}

// conditionsList is the signed-in borrower's conditions.
func (s *Server) conditionsList(c fiber.Ctx, _ []byte) (any, error) {
	a, err := s.applicant(c)
	if err != nil {
		return nil, err
	}
	return s.conditions.Mine(c.Context(), a)
}

// conditionsAnswer stores the borrower's answer to one of their conditions.
func (s *Server) conditionsAnswer(c fiber.Ctx, in conditions.AnswerInput) (any, error) {
	a, err := s.applicant(c)
	if err != nil {
		return nil, err
	}
	return s.conditions.Answer(c.Context(), a, in)
}

// authorizeConditions lets a user who may manage the loan's conditions
// look at them, and one who may read the loan; it says which.
func (s *Server) authorizeConditions(c fiber.Ctx, loanID string) (*domain.StaffUser, bool, error) {
	u, err := s.authorizeLoan(c, "conditions.manage", loanID)
	if err == nil {
		return u, true, nil
	}
	if domain.ErrorCode(err) != domain.EFORBIDDEN {
		return nil, false, err
	}
	if u, err = s.authorizeLoan(c, "loans.read", loanID); err != nil {
		return nil, false, err
	}
	return u, false, nil
}

// answeredCodes are the codes of the conditions whose answers the view
// shows.
func answeredCodes(list []conditions.Condition) []string {
	var codes []string
	for _, c := range list {
		if c.Answer != nil {
			codes = append(codes, c.Code)
		}
	}
	return codes
}

// conditionDetail names what was set, never the note's words.
func conditionDetail(c *conditions.Condition) string {
	detail := c.Kind + " condition for the " + c.Party
	if c.Note != "" {
		detail += ", with a note"
	}
	if c.MailSentAt != nil {
		detail += ", e-mail sent"
	}
	return detail
}
