package web

import (
	"mime"

	"github.com/gofiber/fiber/v3"

	"github.com/heloc/heloc/server/letters"
)

// noticePDFPath is the signed-in borrower's download of the notice of
// action taken on their application, as a PDF (issue 23): the same file
// the decline's e-mail carried.
const noticePDFPath = "/api/application/notice.pdf"

// handleNoticePDF is GET /api/application/notice.pdf: the notice of the
// applicant's loan's latest credit decision, as an attachment; NOT_FOUND
// when that decision has none.
func (s *Server) handleNoticePDF(c fiber.Ctx) error {
	c.Set(fiber.HeaderCacheControl, "private, no-store")
	a, err := s.applicant(c)
	if err != nil {
		return err
	}
	loan, err := s.loans.LoanOf(c.Context(), a)
	if err != nil {
		return err
	}
	pdf, err := s.portal.BorrowerNoticePDF(c.Context(), loan.ID)
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderContentType, "application/pdf")
	c.Set(fiber.HeaderContentDisposition, mime.FormatMediaType("attachment", map[string]string{"filename": letters.NoticeFilename}))
	c.Set("Cross-Origin-Resource-Policy", "same-origin")
	return c.Send(pdf)
}
