package web

import (
	"strings"

	"github.com/gofiber/fiber/v3"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/loans"
)

// The coborrower's procedures (issue 23 item 4): a translation of the wire
// to the loan service (server/loans/coborrower.go). coborrower.status and
// coborrower.invite are the borrower's; the others are the coborrower's
// own, in their own applicant session.

// coborrowerInvitesPerLoan bounds the invitations one borrower may send
// in a window: each is an e-mail to someone else.
const coborrowerInvitesPerLoan = 5

// clientMeta is where an act came from: the client's address as the
// server computes it (trusted proxies respected) and its browser.
func clientMeta(c fiber.Ctx) loans.SignMeta {
	return loans.SignMeta{IP: c.IP(), UserAgent: strings.ToValidUTF8(truncate(c.Get(fiber.HeaderUserAgent), 500), "")}
}

// coborrowerStatus is coborrower.status: the borrower's view of their
// coborrower.
func (s *Server) coborrowerStatus(c fiber.Ctx, _ []byte) (any, error) {
	a, err := s.applicant(c)
	if err != nil {
		return nil, err
	}
	return s.loans.Coborrower(c.Context(), a)
}

// coborrowerInvite is coborrower.invite: the invitation e-mailed (again)
// to the borrower's coborrower, its link on this site.
func (s *Server) coborrowerInvite(c fiber.Ctx, _ []byte) (any, error) {
	a, err := s.applicant(c)
	if err != nil {
		return nil, err
	}
	if err := s.limit("coborrowerInvite|account|"+a.ID, coborrowerInvitesPerLoan); err != nil {
		return nil, err
	}
	return s.loans.InviteCoborrower(c.Context(), a, s.origin(c))
}

// coborrowerGet is coborrower.get: the coborrower's own page.
func (s *Server) coborrowerGet(c fiber.Ctx, _ []byte) (any, error) {
	a, err := s.applicant(c)
	if err != nil {
		return nil, err
	}
	return s.loans.CoborrowerView(c.Context(), a)
}

// coborrowerAuthorize is coborrower.authorize (#CoborrowerAuthorizationInput).
func (s *Server) coborrowerAuthorize(c fiber.Ctx, in loans.CoborrowerAuthorization) (any, error) {
	a, err := s.applicant(c)
	if err != nil {
		return nil, err
	}
	// Their authorization, then the soft pull it authorizes (prequal.CoborrowerCreditCheck).
	return s.prequal.CoborrowerCreditCheck(c.Context(), a, in, clientMeta(c), func() error {
		return s.limit("credit|account|"+a.ID, creditPullsPerAccount)
	})
}

// coborrowerDeclarations is coborrower.declarations (#DeclarationAnswers).
func (s *Server) coborrowerDeclarations(c fiber.Ctx, in domain.Declarations) (any, error) {
	a, err := s.applicant(c)
	if err != nil {
		return nil, err
	}
	return s.loans.CoborrowerDeclarations(c.Context(), a, in, clientMeta(c))
}

// coborrowerDemographics is coborrower.demographics (#Demographics).
func (s *Server) coborrowerDemographics(c fiber.Ctx, in domain.Demographics) (any, error) {
	a, err := s.applicant(c)
	if err != nil {
		return nil, err
	}
	return s.loans.CoborrowerDemographics(c.Context(), a, in, clientMeta(c))
}

// coborrowerDisclosures is coborrower.disclosures: the documents the
// coborrower reads and signs.
func (s *Server) coborrowerDisclosures(c fiber.Ctx, _ []byte) (any, error) {
	a, err := s.applicant(c)
	if err != nil {
		return nil, err
	}
	return s.loans.CoborrowerDisclosures(c.Context(), a)
}

// coborrowerSign is coborrower.sign (#SignInput): the coborrower's own
// consent and signatures, recorded with their address and browser.
func (s *Server) coborrowerSign(c fiber.Ctx, in loans.SignInput) (any, error) {
	a, err := s.applicant(c)
	if err != nil {
		return nil, err
	}
	if err := s.limit("sign|account|"+a.ID, signaturesPerAccount); err != nil {
		return nil, err
	}
	return s.loans.CoborrowerSign(c.Context(), a, in, clientMeta(c))
}
