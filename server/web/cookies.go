package web

import "github.com/gofiber/fiber/v3"

// Session cookie base names, one per realm, so the applicant and portal
// sessions never share a cookie.
const (
	applicantSessionCookie = "heloc-applicant.session"
	portalSessionCookie    = "heloc-portal.session"
)

// cookieName adds the __Host- prefix behind TLS, which binds the cookie to
// this host, path / and Secure.
func (s *Server) cookieName(base string, c fiber.Ctx) string {
	if c.Scheme() == "https" {
		return "__Host-" + base
	}
	return base
}
