package web

import (
	"github.com/gofiber/fiber/v3"

	"github.com/heloc/heloc/server/domain"
)

type pagesInput struct {
	Path    string                `json:"path"`
	Answers domain.PrequalAnswers `json:"answers"`
}

// funnelPages is funnel.pages: the pages of the current page's flow that
// this loan sees, in order, with their state and the pages Back and
// Continue go to, as the funnel policy decides them (data.heloc.funnel.pages).
// A signed-in applicant's loan speaks for itself: its status and answers
// come from the store, and the answers in the input are ignored. A visitor
// without a loan sends the answers kept in their browser. The funnel's
// variant is the server's setting (FUNNEL_VARIANT), never the browser's.
func (s *Server) funnelPages(c fiber.Ctx, in pagesInput) (any, error) {
	// Only the yes/no answers decide pages; the rest (income among them)
	// stays out of the decision's stored input.
	input := map[string]any{"path": in.Path, "applicationStatus": nil, "answers": in.Answers.Flags(), "variant": s.cfg.FunnelVariant}
	loan, err := s.signedInLoan(c)
	if err != nil {
		return nil, err
	}
	loanID := ""
	if loan != nil {
		loanID = loan.ID
		input["applicationStatus"] = loan.ApplicationStatus
		input["answers"] = loan.Answers.Flags()
	}
	d, err := s.decide(c, "heloc.funnel.pages", loanID, input)
	if err != nil {
		return nil, err
	}
	return d.Result, nil
}

// signedInLoan is the one way web finds the signed-in applicant's loan
// where having none is no error: nil when nobody is signed in or the
// applicant has none. A procedure that needs the loan asks the loan
// service (loans.LoanOf), which refuses without one.
func (s *Server) signedInLoan(c fiber.Ctx) (*domain.Loan, error) {
	id, err := s.who(c, domain.RealmApplicant)
	if err != nil || id.applicant == nil {
		return nil, err
	}
	loan, err := s.store.FindLoanByApplicant(c.Context(), id.applicant.ID)
	if domain.ErrorCode(err) == domain.ENOTFOUND {
		return nil, nil
	}
	return loan, err
}
