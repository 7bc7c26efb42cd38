package web

import (
	"context"
	"log/slog"
	"time"

	"github.com/gofiber/fiber/v3"
)

// handleHealth answers 200 only when the database answers and a policy
// revision is loaded, so a load balancer sends no traffic before both.
func (s *Server) handleHealth(c fiber.Ctx) error {
	ctx, cancel := context.WithTimeout(c.Context(), 2*time.Second)
	defer cancel()
	status := fiber.Map{"database": "ok", "policies": "ok"}
	code := fiber.StatusOK
	if err := s.store.Ping(ctx); err != nil {
		s.log.WarnContext(ctx, "health: database", slog.String("error", err.Error()))
		status["database"] = "unavailable"
		code = fiber.StatusServiceUnavailable
	}
	if s.policy == nil || s.policy.Revision() == "" {
		status["policies"] = "unavailable"
		code = fiber.StatusServiceUnavailable
	} else {
		status["revision"] = s.policy.Revision()
	}
	c.Set(fiber.HeaderCacheControl, "no-store")
	return c.Status(code).JSON(status)
}
