package web

import (
	"sync"

	"github.com/gofiber/fiber/v3"

	"github.com/heloc/heloc/server/portal"
	"github.com/heloc/heloc/server/schema"
)

// The whole application on the portal's loan page (issue 23, item 2):
// portal.application for any user who may read the loan, portal.hmda (the
// demographic answers, which are not for underwriting) for a role granted
// hmda.read. Each opening is a view of personal data, audited.

// portalApplication is portal.application: the application in words, with
// the credit report's summary and the rules' CLTV and DTI.
func (s *Server) portalApplication(c fiber.Ctx, in loanIDInput) (any, error) {
	u, err := s.authorizeLoan(c, "loans.read", in.LoanID)
	if err != nil {
		return nil, err
	}
	labels, err := enumLabels(s.schemas)
	if err != nil {
		return nil, err
	}
	v, err := s.portal.Application(c.Context(), in.LoanID, labels)
	if err != nil {
		return nil, err
	}
	if err := s.recordAudit(c, u, "loans.read", in.LoanID, "application", ""); err != nil {
		return nil, err
	}
	return v, nil
}

// portalHmda is portal.hmda: each person's demographic (HMDA) answers, to
// a role granted hmda.read only.
func (s *Server) portalHmda(c fiber.Ctx, in loanIDInput) (any, error) {
	u, err := s.authorizeLoan(c, "hmda.read", in.LoanID)
	if err != nil {
		return nil, err
	}
	labels, err := enumLabels(s.schemas)
	if err != nil {
		return nil, err
	}
	v, err := s.portal.Hmda(c.Context(), in.LoanID, labels)
	if err != nil {
		return nil, err
	}
	if err := s.recordAudit(c, u, "hmda.read", in.LoanID, "demographic answers", ""); err != nil {
		return nil, err
	}
	return v, nil
}

// contentLabels is content.labels: the schema's #EnumLabels whole, to any
// page (the words of the enumerations are no secret).
func (s *Server) contentLabels(c fiber.Ctx, _ []byte) (any, error) {
	return enumLabels(s.schemas)
}

// labelTable is the schema's #EnumLabels, read once: every server of the
// process compiles the same embedded schema.
var labelTable struct {
	once   sync.Once
	labels portal.Labels
	err    error
}

// enumLabels is the schema's table of the words for its enumerations
// (#EnumLabels, every field of which is concrete: decoding an empty object
// against it gives the whole table).
func enumLabels(set *schema.Set) (portal.Labels, error) {
	labelTable.once.Do(func() {
		labelTable.err = set.Decode("EnumLabels", []byte("{}"), &labelTable.labels)
	})
	return labelTable.labels, labelTable.err
}
