package web

import (
	"github.com/gofiber/fiber/v3"
)

// The identity-verification page's procedures: a translation of the wire
// to the loan service (server/loans/identity.go).

// identityChecksPerAccount bounds the ID checks one applicant may ask for
// in a window: each is a request to the identity provider, paid for. A
// call the loan service refuses before asking the provider (a photo
// missing, an ID already passed) counts for nothing.
const identityChecksPerAccount = 10

type verifyIdentityInput struct {
	Party  string `json:"party"`
	IDType string `json:"idType"`
}

// verificationIdentityStatus is verification.identityStatus: the IDs
// offered and each person's last check and uploaded sides.
func (s *Server) verificationIdentityStatus(c fiber.Ctx, _ []byte) (any, error) {
	a, err := s.applicant(c)
	if err != nil {
		return nil, err
	}
	return s.loans.IdentityStatus(c.Context(), a)
}

// verificationIdentity is verification.identity: check a person's ID with
// the identity provider (#VerifyIdentityInput).
func (s *Server) verificationIdentity(c fiber.Ctx, in verifyIdentityInput) (any, error) {
	a, err := s.applicant(c)
	if err != nil {
		return nil, err
	}
	return s.loans.VerifyIdentity(c.Context(), a, in.Party, in.IDType, func() error {
		return s.limit("identity|account|"+a.ID, identityChecksPerAccount)
	})
}
