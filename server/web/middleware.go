package web

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"runtime/debug"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/heloc/heloc/server/domain"
)

// contentSecurityPolicy allows only the app's own scripts, fonts and calls.
// Mantine injects style elements, hence 'unsafe-inline' for styles only.
// With the real bot check the reCAPTCHA origins are added.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'%s; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; frame-src 'self'%s; " +
	"frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'"

const recaptchaOrigins = " https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/"

func (s *Server) csp() string {
	if s.botCheck.Mode() == "recaptcha" {
		return fmt.Sprintf(contentSecurityPolicy, recaptchaOrigins, recaptchaOrigins)
	}
	return fmt.Sprintf(contentSecurityPolicy, "", "")
}

// securityHeaders sets the headers every response carries; HSTS only when
// the request came over TLS, since a browser ignores it otherwise.
func (s *Server) securityHeaders(c fiber.Ctx) error {
	c.Set("Content-Security-Policy", s.csp())
	c.Set("X-Content-Type-Options", "nosniff")
	c.Set("Referrer-Policy", "strict-origin-when-cross-origin")
	c.Set("X-Frame-Options", "DENY")
	c.Set("Cross-Origin-Opener-Policy", "same-origin")
	c.Set("Permissions-Policy", "camera=(self), microphone=(), geolocation=(), payment=()")
	if c.Scheme() == "https" {
		c.Set("Strict-Transport-Security", "max-age=63072000; includeSubDomains")
	}
	return c.Next()
}

// requestID gives each request an id, echoed in X-Request-Id and carried in
// the context for logs. A client's own id is not trusted: it could carry
// anything into the logs.
func (s *Server) requestID(c fiber.Ctx) error {
	var b [12]byte
	_, _ = rand.Read(b[:])
	id := hex.EncodeToString(b[:])
	c.Set("X-Request-Id", id)
	c.SetContext(domain.NewContextWithRequestID(c.Context(), id))
	return c.Next()
}

// accessLog logs one line per request. It logs the path without its query
// string, since tRPC queries carry input (an e-mail, say) there.
func (s *Server) accessLog(c fiber.Ctx) error {
	start := time.Now()
	err := c.Next()
	if err != nil {
		if herr := s.app.Config().ErrorHandler(c, err); herr != nil {
			_ = c.SendStatus(fiber.StatusInternalServerError)
		}
	}
	status := c.Response().StatusCode()
	level := slog.LevelInfo
	if status >= 500 {
		level = slog.LevelError
	}
	s.log.LogAttrs(c.Context(), level, "request",
		slog.String("request_id", domain.RequestIDFromContext(c.Context())),
		slog.String("method", c.Method()),
		slog.String("path", c.Path()),
		slog.Int("status", status),
		slog.Duration("duration", time.Since(start)),
	)
	return nil
}

// recoverPanics turns a panic into a 500 with the stack in the log.
func (s *Server) recoverPanics(c fiber.Ctx) (err error) {
	defer func() {
		if r := recover(); r != nil {
			s.log.ErrorContext(c.Context(), "panic", slog.Any("panic", r), slog.String("stack", string(debug.Stack())))
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return c.Next()
}
