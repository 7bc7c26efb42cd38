package web

import "github.com/gofiber/fiber/v3"

// applicantSessionCookie is the applicant realm's session cookie; the
// portal's has a name of its own, so the two sessions never share one.
const applicantSessionCookie = "heloc-applicant.session"

// cookieName adds the __Host- prefix behind TLS, which binds the cookie to
// this host, path / and Secure.
func (s *Server) cookieName(base string, c fiber.Ctx) string {
	if c.Scheme() == "https" {
		return "__Host-" + base
	}
	return base
}
