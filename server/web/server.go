// Package web is the HTTP face of the product: the tRPC endpoint, the
// health check, the security headers and the single-page app, on Fiber v3.
package web

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/gorilla/securecookie"

	"github.com/heloc/heloc/server/accounts"
	"github.com/heloc/heloc/server/app"
	"github.com/heloc/heloc/server/conditions"
	"github.com/heloc/heloc/server/decisions"
	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/exports"
	"github.com/heloc/heloc/server/loans"
	"github.com/heloc/heloc/server/mail"
	"github.com/heloc/heloc/server/portal"
	"github.com/heloc/heloc/server/prequal"
	"github.com/heloc/heloc/server/ratelimit"
	"github.com/heloc/heloc/server/schema"
)

// Store is what the web layer itself reads and writes of the database:
// what no service covers yet. The services (Services) have their own
// stores, which cmd/heloc gives them (server/app).
type Store interface {
	// The health check.
	Ping(ctx context.Context) error
	// Sessions and the people they are for (session.go, auth.go): the
	// sign-in protocol's cookies and sessions are the HTTP layer's.
	CreateSession(ctx context.Context, realm domain.Realm, subjectID string, idle, absolute time.Duration) (string, *domain.Session, error)
	FindSession(ctx context.Context, realm domain.Realm, token string) (*domain.Session, error)
	FindApplicantSession(ctx context.Context, token string) (*domain.Session, *domain.Applicant, error)
	// FindApplicantSessionLoan is the session, its applicant, their loan
	// and the loan's latest decision of entrypoint in one query (pages.go).
	FindApplicantSessionLoan(ctx context.Context, token, entrypoint string) (*domain.Session, *domain.Applicant, *domain.Loan, *domain.StoredDecision, error)
	TouchSession(ctx context.Context, realm domain.Realm, token string, idle time.Duration) error
	DeleteSession(ctx context.Context, realm domain.Realm, token string) (bool, error)
	DeleteSessionsForSubject(ctx context.Context, realm domain.Realm, subjectID string) (int, error)
	FindStaffUserByID(ctx context.Context, id string) (*domain.StaffUser, error)
	UpdateApplicant(ctx context.Context, id string, patch domain.ApplicantPatch) (*domain.Applicant, error)

	// The signed-in applicant's loan (account.go, pages.go, prequal.go)
	// and a loan's team for the portal's access decisions (portal_access.go).
	FindLoan(ctx context.Context, id string) (*domain.Loan, error)
	FindLoanByApplicant(ctx context.Context, applicantID string) (*domain.Loan, error)
	FindLoanTeam(ctx context.Context, loanID string) (*domain.LoanTeam, error)

	// The portal's user list and audit log (users.go, audit.go).
	ListStaffUsers(ctx context.Context) ([]*domain.StaffUser, error)
	AppendAudit(ctx context.Context, e *domain.AuditEntry) error
	ListAudit(ctx context.Context, f domain.AuditFilter) (*domain.AuditPage, error)
	ListAuditActions(ctx context.Context) ([]string, error)

	// The public pages' reads (procedures.go).
	ListInsights(ctx context.Context) ([]*domain.Insight, error)
	FindInsight(ctx context.Context, slug string) (*domain.Insight, error)
}

// Services are the product's services, which cmd/heloc makes (server/app's
// New) and the handlers call: accounts, loans, prequal, portal,
// conditions, decisions, exports and the decision log they record
// through. web.New makes none of them, and sets nothing on them.
type Services = app.Services

// Policy is what the web layer needs of the policy engine.
type Policy interface {
	Decider
	// Revision names the policies served (the health check, system.info);
	// decisions are recorded through the decision log (Services.Recorder).
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
	// PublicURL is the address people use ("https://heloc.example.com"),
	// scheme and host only: the links mailed to them (a portal invite, a
	// two-step reset) and the same-origin check of every mutation use it.
	// Empty: the request's own scheme and host, which a client chooses.
	PublicURL string
	// BodyLimit caps every request body but an upload's, in bytes (1 MiB
	// when 0); no more of a body is ever read (bodies.go).
	BodyLimit int
	// Now is the clock (time.Now by default); the policies never read one.
	Now func() time.Time
	// TrustProxy makes X-Forwarded-Proto and X-Forwarded-For count, for a
	// server behind a TLS-terminating proxy, when they come from a trusted
	// proxy: one of TrustedProxies (addresses or CIDR ranges), or, when that
	// is empty, any peer on loopback or a private network.
	TrustProxy     bool
	TrustedProxies []string

	// EstimateLimit and PagesLimit cap prequal.estimate and funnel.pages
	// calls per client address (per account when signed in) in 15 minutes:
	// 0 means the default (30 and 600), a negative number no limit.
	EstimateLimit int
	PagesLimit    int
	// WaitlistLimit caps prequal.joinWaitlist calls per client address in
	// 15 minutes: 0 means the default (10), a negative number no limit.
	WaitlistLimit int
	// BotCheckLimit caps the human checks verified per client address in
	// 15 minutes (each is a paid request to reCAPTCHA): 0 means the default
	// (1,000), a negative number no limit.
	BotCheckLimit int
	// FunnelVariant is the funnel's variant (FUNNEL_VARIANT): the
	// funnel.pages policy's input.variant, "standard" when empty;
	// "withoutPropertyUsage" leaves the property-usage question out.
	FunnelVariant string

	// SessionSecret signs session cookies and CSRF tokens (the accounts
	// service keys the hashes of one-time codes with it too); without it
	// every sign-in call answers NO_SECRET.
	SessionSecret []byte
	// SessionIdle and SessionMaxAge end a session after that long without
	// activity, or that long after sign-in (defaults 30 minutes, 12 hours).
	SessionIdle   time.Duration
	SessionMaxAge time.Duration
	// Outbox, when set, is the sandbox mailer (cmd/heloc gives it to the
	// services to send through), shown at /dev/outbox outside production.
	Outbox *mail.Outbox
	// UploadConcurrency is how many uploads are read at once
	// (UPLOAD_CONCURRENCY; 0: DefaultUploadConcurrency); one that finds no
	// free slot within 2 s answers TOO_MANY_REQUESTS with Retry-After.
	UploadConcurrency int
	// Services are the services the handlers call (server/app makes them).
	// Required.
	Services Services
	// Limiter counts the rate-limited events (sign-in tries, accounts,
	// client log lines, decision calls); nil means one in this process's
	// memory. Several servers over one database share a store-backed one.
	Limiter ratelimit.Allower
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

	cookies  *securecookie.SecureCookie
	csrfKey  []byte
	limiter  ratelimit.Allower
	accounts *accounts.Service
	loans    *loans.Service
	// prequal is the prequalification service (server/prequal).
	prequal *prequal.Service
	// uploads bounds the uploads read at once (Config.UploadConcurrency).
	uploads *slots
	portal  *portal.Service
	// conditions is the underwriting conditions service (server/conditions).
	conditions *conditions.Service
	// decisions explains and replays a loan's stored decisions
	// (server/decisions); exports sends it to the loan system
	// (server/exports).
	decisions *decisions.Service
	exports   *exports.Service
	// recorder decides and records the decisions the product acts on
	// (decisions.go).
	recorder *decisions.Recorder
	// checkAnswer, when set (only by the tests, export_test.go), sees
	// every procedure's answer before it is sent, to validate it against
	// the procedure's result definition.
	checkAnswer func(procedure string, answer any)
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
	if cfg.SessionIdle <= 0 {
		cfg.SessionIdle = defaultSessionIdle
	}
	if cfg.SessionMaxAge <= 0 {
		cfg.SessionMaxAge = defaultSessionMaxAge
	}
	if cfg.Limiter == nil {
		cfg.Limiter = ratelimit.New(cfg.Now)
	}
	cfg.EstimateLimit = orDefault(cfg.EstimateLimit, defaultEstimatesLimit)
	cfg.PagesLimit = orDefault(cfg.PagesLimit, defaultPagesLimit)
	cfg.WaitlistLimit = orDefault(cfg.WaitlistLimit, defaultWaitlistLimit)
	cfg.BotCheckLimit = orDefault(cfg.BotCheckLimit, defaultBotCheckLimit)
	if cfg.FunnelVariant == "" {
		cfg.FunnelVariant = "standard"
	}
	svc := cfg.Services
	if svc.Accounts == nil || svc.Loans == nil || svc.Prequal == nil || svc.Portal == nil || svc.Conditions == nil ||
		svc.Decisions == nil || svc.Exports == nil || svc.Recorder == nil {
		return nil, errors.New("web: every service is required (server/app makes them)")
	}
	s := &Server{cfg: cfg, store: store, policy: policy, schemas: schemas, botCheck: botCheck, log: log,
		cookies:    newCookieCodec(cfg.SessionSecret, cfg.SessionMaxAge),
		csrfKey:    deriveKey(cfg.SessionSecret, "heloc csrf"),
		limiter:    cfg.Limiter,
		accounts:   svc.Accounts,
		loans:      svc.Loans,
		prequal:    svc.Prequal,
		portal:     svc.Portal,
		conditions: svc.Conditions,
		decisions:  svc.Decisions,
		exports:    svc.Exports,
		recorder:   svc.Recorder,
		uploads:    newSlots(orDefault(cfg.UploadConcurrency, DefaultUploadConcurrency), uploadsPerApplicant),
	}
	app, err := newSPA(assets, routes, botCheck.Mode() == "sandbox", func() any { info, _ := s.systemInfo(nil, nil); return info })
	if err != nil {
		return nil, err
	}
	s.spa = app
	fcfg := fiber.Config{
		AppName: cfg.ProductName,
		// Bodies are streamed, never read before a handler asks: readBodies
		// reads all but an upload's, at most BodyLimit of them (bodies.go).
		BodyLimit:                    cfg.BodyLimit,
		StreamRequestBody:            true,
		DisablePreParseMultipartForm: true,
		// A query's input travels in its URL; 16 KiB of request line and
		// headers leaves room for a page's answers.
		ReadBufferSize: 16 << 10,
		ReadTimeout:    15 * time.Second,
		WriteTimeout:   30 * time.Second,
		IdleTimeout:    60 * time.Second,
		ErrorHandler:   s.handleError,
	}
	trust, err := newProxyTrust(cfg.TrustProxy || len(cfg.TrustedProxies) > 0, cfg.TrustedProxies)
	if err != nil {
		return nil, fmt.Errorf("web: %w", err)
	}
	if trust.on {
		fcfg.TrustProxy = true
		fcfg.ProxyHeader = fiber.HeaderXForwardedFor
		fcfg.EnableIPValidation = true
		fcfg.TrustProxyConfig = trust.fiberConfig()
	}
	// c.IP() is requestCtx.IP: the client address, rightmost untrusted hop
	// first, never the header as sent.
	s.app = fiber.NewWithCustomCtx(func(app *fiber.App) fiber.CustomCtx {
		return &requestCtx{DefaultCtx: fiber.NewDefaultCtx(app), trust: &trust}
	}, fcfg)
	s.procs = s.procedures()
	s.routes()
	s.app.Server().Handler = guardUnread(s.app.Server().Handler)
	return s, nil
}

// routes registers every route of the server, in the order they match.
func (s *Server) routes() {
	s.app.Use(s.requestID, s.accessLog, s.recoverPanics, s.securityHeaders, s.readBodies)
	s.app.Get("/healthz", s.handleHealth)
	s.app.Get("/api/trpc/:procs", s.handleTRPC)
	s.app.Post("/api/trpc/:procs", s.handleTRPC)
	s.app.Put("/api/trpc/:procs", s.handleTRPC)
	s.app.Patch("/api/trpc/:procs", s.handleTRPC)
	s.authRoutes()
	s.documentRoutes()
	s.app.Get(exportFilePath, s.handleExportFile)
	s.app.Get(noticePDFPath, s.handleNoticePDF)
	s.app.All("/api/*", s.handleAPINotFound)
	if s.cfg.Outbox != nil && !s.cfg.Production {
		s.app.Get("/dev/outbox", s.handleOutbox)
	}
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

// orDefault is n, def when n is 0, and 0 (no limit) when n is negative.
func orDefault(n, def int) int {
	switch {
	case n == 0:
		return def
	case n < 0:
		return 0
	}
	return n
}

func (s *Server) now() time.Time { return s.cfg.Now() }

// App exposes the Fiber app, for tests that use app.Test.
func (s *Server) App() *fiber.App { return s.app }
