package web

import (
	"log/slog"
	"net/url"
	"regexp"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/heloc/heloc/server/domain"
)

// A client-side error worth knowing about, logged by its code (POST _log
// of either sign-in API).

var logCode = regexp.MustCompile(`^[A-Za-z0-9_]{1,64}$`)

const maxClientLog = 2 << 10

// clientLog is POST _log: a client-side error worth knowing about. Only
// its level and code are kept; its message may hold personal data. It has
// the guards of every auth call (X-Same-Origin, this server's Origin, the
// bot check; the body guards of every route, bodies.go) but the CSRF token:
// a log line changes nothing of anyone's, and the client logs the failure
// to fetch that token too.
func (s *Server) clientLog(c fiber.Ctx, api authAPI, _ url.Values) (any, error) {
	if c.Get("X-Same-Origin") != "1" || !s.sameOrigin(c) {
		return nil, authErr(403, "AccessDenied", "This API answers only the product's own pages.")
	}
	if len(c.Body()) > maxClientLog {
		return nil, domain.Errorf(domain.ETOOLARGE, "The log line is too large.")
	}
	// The free limit before the paid check.
	if ok, retry := s.limiter.Allow("log|"+limitAddr(c), logLinesPerMin, time.Minute); !ok {
		return nil, &domain.Error{Code: domain.ETOOMANY, RetryAfter: retry, Message: "Too many log lines."}
	}
	if err := s.authHumanCheck(c); err != nil {
		return nil, err
	}
	form, err := parseAuthBody(c.Get(fiber.HeaderContentType), c.Body())
	if err != nil {
		return nil, err
	}
	code := form.Get("code")
	if !logCode.MatchString(code) {
		code = "UNKNOWN"
	}
	// The line is logged at the client's level, so it carries one level.
	level := map[string]slog.Level{"debug": slog.LevelDebug, "warn": slog.LevelWarn}[form.Get("level")]
	if level == slog.LevelInfo {
		level = slog.LevelError // what NextAuth's client sends unless it says otherwise
	}
	s.log.Log(c.Context(), level, "client log", slog.String("realm", string(api.realm)), slog.String("code", code))
	return fiber.Map{}, nil
}
