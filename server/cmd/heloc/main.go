// Command heloc is the product's one binary: the web server, and the
// commands operators and compliance staff run beside it.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"regexp"
	"syscall"
	"time"

	"github.com/heloc/heloc/fixtures"
	"github.com/heloc/heloc/rules"
	"github.com/heloc/heloc/schemas"
	"github.com/heloc/heloc/server/app"
	"github.com/heloc/heloc/server/blobs"
	"github.com/heloc/heloc/server/botcheck"
	"github.com/heloc/heloc/server/mail"
	"github.com/heloc/heloc/server/password"
	"github.com/heloc/heloc/server/providers"
	"github.com/heloc/heloc/server/ratelimit"
	"github.com/heloc/heloc/server/schema"
	"github.com/heloc/heloc/server/store"
	"github.com/heloc/heloc/server/web"
	"github.com/heloc/heloc/webapp"
)

const usage = `usage: heloc [command]

commands:
  serve         start the web server (the default)
  policy test                run the Rego tests and the table checks of the policies
  policy eval ENTRYPOINT     evaluate an entrypoint: input JSON on stdin, result on stdout
  policy replay DECISION_ID  re-evaluate a stored decision under the current rules
  policy impact PROPOSED_RULES_DIR [--since YYYY-MM-DD] [--until YYYY-MM-DD] [--json]
                decide the stored decisions in the range (a loan's latest of each entrypoint,
                every visitor's estimate) under the current rules and the proposed ones and
                report what changes: eligibility's flips and reasons, lines and APRs, by state,
                and by the HMDA groups of the borrowers who answered (the fair-lending view)
  admin create --email E --first-name F --last-name L [--role R] [--loan-officer-tag T] [--password-stdin] [--json]
                create a portal user (the first administrator): the password is read
                from stdin; the authenticator secret and recovery codes are printed once
  audit purge   delete the audit entries older than 25 months (the server does it daily)
  export open FILE
                print a sealed file of the loan system's drop (LOS_DROP_DIR) as its MISMO XML,
                opened with ENCRYPTION_KEYS (in development, DATA_DIR's secrets.json)
  seed pipeline --loans N [--seed S]
                add N made-up borrowers with a loan each, to try the portal's pipeline at scale
The policy commands read RULES_DIR when it is set, else the built-in policies.
`

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "heloc:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string) error {
	cmd := "serve"
	if len(args) > 0 {
		cmd = args[0]
	}
	switch cmd {
	case "serve":
		return serve(ctx)
	case "policy":
		return policyCommand(ctx, args[1:])
	case "admin":
		return adminCommand(ctx, args[1:], os.Stdin, os.Stdout)
	case "seed":
		return seedCommand(ctx, args[1:], os.Stdout)
	case "audit":
		return auditCommand(ctx, args[1:], os.Stdout)
	case "export":
		return exportCommand(ctx, args[1:], os.Getenv, os.Stdout)
	case "help", "-h", "--help":
		fmt.Print(usage)
		return nil
	}
	return fmt.Errorf("unknown command %q\n%s", cmd, usage)
}

func serve(ctx context.Context) error {
	cfg, err := loadConfig(os.Getenv)
	if err != nil {
		return fmt.Errorf("config: %w", err)
	}
	collectLessOften(serverHeapLimit)
	log := newLogger(cfg)

	db, err := store.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer db.Close()
	keyring, err := cfg.Secrets.keyring()
	if err != nil {
		return err
	}
	// The loans' answers and the credit reports are sealed with it.
	db.Sealer = keyring
	if cfg.Demo {
		if err := db.SeedDemo(ctx, fixtures.FS); err != nil {
			return fmt.Errorf("demo data: %w", err)
		}
	}
	live, err := servePolicies(ctx, cfg, db, log)
	if err != nil {
		return err
	}
	schemaSet, err := schema.Load(schemas.FS)
	if err != nil {
		return err
	}
	assets, err := webapp.Dist()
	if err != nil {
		return err
	}
	var routes struct{ Routes []web.Route }
	if err := json.Unmarshal(webapp.RoutesJSON, &routes); err != nil {
		return fmt.Errorf("webapp routes: %w", err)
	}

	if cfg.HashConcurrency > 0 {
		password.SetConcurrency(cfg.HashConcurrency, password.MaxWait)
	}
	wcfg := web.Config{ProductName: cfg.ProductName, Production: cfg.Production, PublicURL: cfg.PublicURL, TrustProxy: cfg.TrustProxy, TrustedProxies: cfg.TrustedProxies,
		EstimateLimit: cfg.EstimateLimit, PagesLimit: cfg.PagesLimit, WaitlistLimit: cfg.WaitlistLimit, BotCheckLimit: cfg.BotCheckLimit, FunnelVariant: cfg.FunnelVariant,
		SessionSecret: cfg.Secrets.sessionSecret(), SessionIdle: cfg.SessionIdle, SessionMaxAge: cfg.SessionMaxAge,
		UploadConcurrency: cfg.UploadConcurrency}
	if db.Dialect() == "postgres" {
		// Several servers may share a PostgreSQL database: the rate limits
		// count there, so a client cannot multiply its tries by the number
		// of servers. With SQLite (one server) they count in memory.
		wcfg.Limiter = ratelimit.NewShared(db, func(err error) {
			log.Error("rate limit count failed", slog.String("error", err.Error()))
		})
	}
	// The services' configuration; every service is made in one place,
	// server/app, and handed to the web server, which only calls them.
	acfg := app.Config{ProductName: cfg.ProductName, PublicURL: cfg.PublicURL, FunnelVariant: cfg.FunnelVariant, SessionSecret: wcfg.SessionSecret,
		Keyring: keyring, UploadLimit: cfg.UploadLimit}
	if cfg.SMTP.Host != "" {
		relay, err := mail.NewSMTP(cfg.SMTP)
		if err != nil {
			return err
		}
		acfg.Mailer = mail.Async(relay, func(err error) {
			log.Error("mail delivery failed", slog.String("error", emailAddress.ReplaceAllString(err.Error(), "<address>")))
		})
	} else {
		wcfg.Outbox = mail.NewOutbox(0)
		acfg.Mailer = wcfg.Outbox
	}
	// The credit bureau and the valuation model: the deterministic sandbox
	// of fixtures/personas.json (system.info tells the webapp, which says
	// so). A real vendor is another providers.Credit or providers.Valuation,
	// chosen here by configuration.
	sandbox, err := providers.NewSandbox(fixtures.FS)
	if err != nil {
		return err
	}
	acfg.Credit, acfg.Valuation = sandbox, sandbox
	// The payroll network income verification asks: the sandbox's payroll
	// records of fixtures/personas.json (a real network is another
	// providers.Income).
	if acfg.Income, err = providers.NewSandboxPayroll(fixtures.FS); err != nil {
		return err
	}
	// The identity provider that checks a person's photo ID: the sandbox's
	// results of fixtures/personas.json (a real vendor is another
	// providers.Identity).
	if acfg.Identity, err = providers.NewSandboxIdentity(fixtures.FS); err != nil {
		return err
	}
	// Uploaded documents: sealed with the keyring, kept in BLOB_URL (the
	// folder DATA_DIR/uploads by default) under random names.
	bucket, err := blobs.Open(ctx, cfg.BlobURL)
	if err != nil {
		return err
	}
	defer bucket.Close()
	acfg.Blobs = bucket
	// The loan-origination systems exports go to: a file drop per target
	// under DATA_DIR/exports, its files sealed with the keyring, unless a
	// target's API is configured (LOS_*).
	if acfg.LoanSystems, err = loanSystems(os.Getenv, cfg.DataDir, keyring); err != nil {
		return err
	}
	services, err := app.New(acfg, db, live, schemaSet)
	if err != nil {
		return err
	}
	wcfg.Services = *services
	srv, err := web.New(wcfg,
		db, live, schemaSet, botChecker(cfg), log, assets, routes.Routes)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", ":"+cfg.Port)
	if err != nil {
		return err
	}
	if wcfg.Outbox != nil {
		log.Info("sandbox mail: sign-in codes are shown at /dev/outbox, not sent")
	}
	log.Info("serving", slog.String("url", "http://localhost:"+cfg.Port), slog.String("database", db.Dialect()),
		slog.String("policy_revision", live.Revision()), slog.String("bot_check", cfg.BotCheck))
	fmt.Fprintf(os.Stderr, "\n  %s is running at http://localhost:%s\n\n", cfg.ProductName, cfg.Port)

	go sweepSessions(ctx, db, log)
	go purgeAudit(ctx, db, log)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return srv.Shutdown(shutdownCtx)
}

// rulesFS is the policy folder: RULES_DIR when set, so compliance staff can
// try a change without a new build, else the policies built into the binary.
func rulesFS(dir string) fs.FS {
	if dir != "" {
		return os.DirFS(dir)
	}
	return rules.FS
}

func botChecker(cfg config) web.BotChecker {
	if cfg.BotCheck == "recaptcha" {
		return botcheck.NewRecaptcha(cfg.RecaptchaKey, cfg.RecaptchaSecret, cfg.RecaptchaScore)
	}
	return botcheck.Sandbox{}
}

func newLogger(cfg config) *slog.Logger {
	var level slog.Level
	if err := level.UnmarshalText([]byte(cfg.LogLevel)); err != nil {
		level = slog.LevelInfo
	}
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: level}))
}

// sweepSessions deletes ended sessions now and then; they are refused the
// moment they end, this only keeps the table small.
func sweepSessions(ctx context.Context, db *store.DB, log *slog.Logger) {
	tick := time.NewTicker(10 * time.Minute)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			if n, err := db.DeleteExpiredSessions(ctx); err != nil {
				log.Warn("sweep sessions", slog.String("error", err.Error()))
			} else if n > 0 {
				log.Debug("swept sessions", slog.Int("ended", n))
			}
		}
	}
}

// emailAddress finds e-mail addresses, which a relay's refusal may quote;
// they are personal data and stay out of the logs.
var emailAddress = regexp.MustCompile(`[^\s<>"']+@[^\s<>"']+`)
