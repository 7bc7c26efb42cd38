package web

import (
	"github.com/gofiber/fiber/v3"

	"github.com/heloc/heloc/server/loans"
)

// The disclosures and signing page's procedures: a translation of the wire
// to the loan service (server/loans/sign.go).

// signaturesPerAccount bounds the signing attempts one applicant may make
// in a window: each renders every document.
const signaturesPerAccount = 30

// applicationDisclosures is application.disclosures: the documents to read
// in full, filled in with the loan's terms, and what is signed.
func (s *Server) applicationDisclosures(c fiber.Ctx, _ []byte) (any, error) {
	a, err := s.applicant(c)
	if err != nil {
		return nil, err
	}
	return s.loans.Disclosures(c.Context(), a)
}

// applicationSign is application.sign (#SignInput): the signatures are
// recorded with the client's address as the server computes it (c.IP(),
// trusted proxies respected, as the rate limits count it) and its browser.
func (s *Server) applicationSign(c fiber.Ctx, in loans.SignInput) (any, error) {
	a, err := s.applicant(c)
	if err != nil {
		return nil, err
	}
	if err := s.limit("sign|account|"+a.ID, signaturesPerAccount); err != nil {
		return nil, err
	}
	return s.loans.Sign(c.Context(), a, in, clientMeta(c))
}
