package web

import (
	"github.com/gofiber/fiber/v3"
)

// The income-verification page's procedures (screens.md application6): a
// translation of the wire to the loan service, which decides whose income
// may be verified and how.

type incomeVerificationInput struct {
	Party string `json:"party"`
}

// verificationIncome is verification.income: how each person chose to
// verify their income, their jobs and the income documents still asked.
func (s *Server) verificationIncome(c fiber.Ctx, _ []byte) (any, error) {
	a, err := s.applicant(c)
	if err != nil {
		return nil, err
	}
	return s.loans.Income(c.Context(), a)
}

// payrollRequestsPerAccount bounds the requests to the payroll network
// one applicant's connections may make in a window: each is paid for. A
// connection the loan has the network's answer to already makes none.
const payrollRequestsPerAccount = 10

// verificationConnectPayroll is verification.connectPayroll: the party's
// jobs verified by the payroll network.
func (s *Server) verificationConnectPayroll(c fiber.Ctx, in incomeVerificationInput) (any, error) {
	a, err := s.applicant(c)
	if err != nil {
		return nil, err
	}
	return s.loans.ConnectPayroll(c.Context(), a, in.Party, func() error {
		return s.limit("payroll|account|"+a.ID, payrollRequestsPerAccount)
	})
}

// verificationIncomeDocuments is verification.incomeDocuments: the party
// will upload pay documents.
func (s *Server) verificationIncomeDocuments(c fiber.Ctx, in incomeVerificationInput) (any, error) {
	a, err := s.applicant(c)
	if err != nil {
		return nil, err
	}
	return s.loans.ChooseDocuments(c.Context(), a, in.Party)
}
