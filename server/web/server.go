// Package web is the HTTP face of the product: the tRPC endpoint, the
// health check, the security headers and the single-page app, on Fiber v3.
package web

import (
	"context"
	"io/fs"
	"log/slog"
	"net"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/schema"
)

// Store is what the web layer needs of the database.
type Store interface {
	Ping(ctx context.Context) error
	ListInsights(ctx context.Context) ([]*domain.Insight, error)
	FindInsight(ctx context.Context, slug string) (*domain.Insight, error)
	DeleteSession(ctx context.Context, realm domain.Realm, token string) (bool, error)
	CreateDecision(ctx context.Context, entrypoint string, input, result []byte, revision string) (string, error)
}

// Policy is what the web layer needs of the policy engine.
type Policy interface {
	Decide(ctx context.Context, entrypoint string, input any) (any, error)
	// DecideAt also names the revision that decided, for the decision record.
	DecideAt(ctx context.Context, entrypoint string, input any) (any, string, error)
	Revision() string
}

// BotChecker verifies the human-check token that every mutation carries.
type BotChecker interface {
	// Verify returns nil when token proves a human for action.
	Verify(ctx context.Context, token, action, remoteIP string) error
	// Mode is "sandbox" or "recaptcha"; SiteKey is the public key the webapp uses.
	Mode() string
	SiteKey() string
}

// Route is one literal route of the webapp (spec §2).
type Route struct {
	Path  string `json:"path"`
	Title string `json:"title"`
	Area  string `json:"area"`
}

// Config holds what the server is told by cmd/.
type Config struct {
	ProductName string
	Production  bool
	// BodyLimit caps every request body, in bytes.
	BodyLimit int
	// Now is the clock (time.Now by default); the policies never read one.
	Now func() time.Time
	// TrustProxy makes X-Forwarded-Proto and X-Forwarded-For count, for a
	// server behind a TLS-terminating proxy.
	TrustProxy bool
}

// Server wires the handlers to their dependencies.
type Server struct {
	app      *fiber.App
	cfg      Config
	store    Store
	policy   Policy
	schemas  *schema.Set
	botCheck BotChecker
	log      *slog.Logger
	spa      *spa
	procs    map[string]procedure
}

// New builds the server. assets is the built webapp (with index.html at its
// root); routes are its literal routes, answered 200 with the app.
func New(cfg Config, store Store, policy Policy, schemas *schema.Set, botCheck BotChecker, log *slog.Logger, assets fs.FS, routes []Route) (*Server, error) {
	if cfg.BodyLimit == 0 {
		cfg.BodyLimit = 1 << 20
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	s := &Server{cfg: cfg, store: store, policy: policy, schemas: schemas, botCheck: botCheck, log: log}
	app, err := newSPA(assets, routes)
	if err != nil {
		return nil, err
	}
	s.spa = app
	fcfg := fiber.Config{
		AppName:      cfg.ProductName,
		BodyLimit:    cfg.BodyLimit,
		ReadTimeout:  15 * time.Second,
		WriteTimeout: 30 * time.Second,
		IdleTimeout:  60 * time.Second,
		ErrorHandler: s.handleError,
	}
	if cfg.TrustProxy {
		fcfg.TrustProxy = true
		fcfg.ProxyHeader = fiber.HeaderXForwardedFor
		fcfg.TrustProxyConfig = fiber.TrustProxyConfig{Loopback: true, Private: true}
	}
	s.app = fiber.New(fcfg)
	s.procs = s.procedures()
	s.routes()
	return s, nil
}

// routes registers every route of the server, in the order they match.
func (s *Server) routes() {
	s.app.Use(s.requestID, s.accessLog, s.recoverPanics, s.securityHeaders)
	s.app.Get("/healthz", s.handleHealth)
	s.app.Get("/api/trpc/:procs", s.handleTRPC)
	s.app.Post("/api/trpc/:procs", s.handleTRPC)
	s.app.Put("/api/trpc/:procs", s.handleTRPC)
	s.app.Patch("/api/trpc/:procs", s.handleTRPC)
	s.app.All("/api/*", s.handleAPINotFound)
	s.app.Get("/*", s.spa.handle)
}

// Serve answers requests on ln until Shutdown.
func (s *Server) Serve(ln net.Listener) error {
	return s.app.Listener(ln, fiber.ListenConfig{DisableStartupMessage: true})
}

// Shutdown stops taking requests and waits for those under way, until ctx ends.
func (s *Server) Shutdown(ctx context.Context) error {
	return s.app.ShutdownWithContext(ctx)
}

func (s *Server) now() time.Time { return s.cfg.Now() }

// App exposes the Fiber app, for tests that use app.Test.
func (s *Server) App() *fiber.App { return s.app }
