// Package app wires the product's services: the one place where each
// service (accounts, loans, prequal, portal, conditions, decisions,
// exports) and the
// decision log they share are made and handed what they need. cmd/heloc
// calls New and hands the result to server/web, which only translates the
// wire and calls them; server/web's tests call New the same way, so the
// server they test is wired as the binary's is. It imports no server/web.
package app

import (
	"errors"
	"os"
	"path/filepath"
	"time"

	"github.com/heloc/heloc/server/accounts"
	"github.com/heloc/heloc/server/blobs"
	"github.com/heloc/heloc/server/conditions"
	"github.com/heloc/heloc/server/crypt"
	"github.com/heloc/heloc/server/decisions"
	"github.com/heloc/heloc/server/exports"
	"github.com/heloc/heloc/server/letters"
	"github.com/heloc/heloc/server/loans"
	"github.com/heloc/heloc/server/los"
	"github.com/heloc/heloc/server/mail"
	"github.com/heloc/heloc/server/portal"
	"github.com/heloc/heloc/server/prequal"
	"github.com/heloc/heloc/server/providers"
)

// Store is the database as the services need it, all of them together
// (server/store.DB).
type Store interface {
	accounts.Store
	loans.Store
	loans.DocumentStore
	loans.CoborrowerStore
	letters.Store
	prequal.Store
	portal.Store
	conditions.Store
	decisions.Store
	decisions.RecordStore
	exports.Store
}

// Policy is the policy engine as the services need it (policy.Live).
type Policy interface {
	loans.Policy
	decisions.Policy
}

// Config is what the services are told by cmd/heloc.
type Config struct {
	// ProductName names the lender in e-mails and authenticator apps.
	ProductName string
	// PublicURL is the address people use (PUBLIC_URL), from which the
	// letters link to the borrower's pages; empty: they say to sign in.
	PublicURL string
	// FunnelVariant is the funnel's variant (FUNNEL_VARIANT), "standard"
	// when empty.
	FunnelVariant string
	// Now is the clock (time.Now when nil); the policies never read one.
	Now func() time.Time
	// SessionSecret keys the hashes of one-time codes (accounts).
	SessionSecret []byte
	// Keyring seals secrets at rest: the portal users' authenticator
	// secrets, uploaded documents, the loan systems' drop files.
	Keyring *crypt.Keyring
	// Mailer sends sign-in codes and condition e-mails. Required.
	Mailer mail.Sender
	// Credit is the credit bureau's soft pull and Valuation the automated
	// valuation model (server/providers): the prequalification's. Both are
	// required.
	Credit    providers.Credit
	Valuation providers.Valuation
	// Identity verifies a person's photo ID; Income is the payroll network
	// income verification asks. nil: none is connected.
	Identity providers.Identity
	Income   providers.Income
	// Blobs keeps uploaded documents, sealed with Keyring; UploadLimit is
	// the largest file accepted (0: loans.DefaultUploadLimit). nil Blobs:
	// uploads are refused, the documents are still listed.
	Blobs       blobs.Store
	UploadLimit int64
	// LoanSystems are the loan-origination systems exports go to
	// (server/los), by target; nil: a file drop per target under the
	// system's temporary folder (tests).
	LoanSystems los.Systems
}

// Services are the product's services, wired: what web.New is handed
// (web.Services is this type).
type Services struct {
	Accounts   *accounts.Service
	Loans      *loans.Service
	Prequal    *prequal.Service
	Portal     *portal.Service
	Conditions *conditions.Service
	Decisions  *decisions.Service
	Exports    *exports.Service
	// Recorder is the decision log: the loan, prequal and conditions
	// services record the decisions they act on through it, and so does
	// the HTTP layer (the pages a loan sees, the portal's access).
	Recorder *decisions.Recorder
}

// New makes every service over db and policy.
func New(cfg Config, db Store, policy Policy, schemas loans.Schemas) (*Services, error) {
	if cfg.Keyring == nil {
		return nil, errors.New("app: a keyring is required")
	}
	if cfg.Mailer == nil {
		return nil, errors.New("app: a mailer is required")
	}
	if cfg.Credit == nil || cfg.Valuation == nil {
		return nil, errors.New("app: a credit and a valuation provider are required")
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.LoanSystems == nil {
		systems, err := los.New(los.Config{DropDir: filepath.Join(os.TempDir(), "heloc-exports"), Sealer: cfg.Keyring})
		if err != nil {
			return nil, err
		}
		cfg.LoanSystems = systems
	}
	// The decision log every service records through.
	recorder := decisions.NewRecorder(db, policy)
	// The letters to the people on a loan (server/letters), each recorded with it.
	post := letters.NewPost(cfg.Mailer, db, cfg.ProductName, nil).WithSite(cfg.PublicURL)

	// The loan service: who may change an application, its validation,
	// saving and status, its documents and the vendors it asks.
	loanService := loans.New(db, policy, schemas, cfg.FunnelVariant, cfg.Now).
		WithIdentity(cfg.Identity).
		WithIncome(cfg.Income).
		WithRecorder(recorder).
		WithLetters(post).
		WithCoborrowers(db)
	// Without Blobs the documents are still listed and their requirements
	// decided; an upload is refused.
	loanService.WithDocuments(loans.DocumentStorage{Store: db, Blobs: cfg.Blobs, Sealer: cfg.Keyring, Limit: cfg.UploadLimit})
	// The prequalification: the estimate, the answers, the soft pull, the
	// preview offer and its notice, the waitlist. A submission is decided
	// again on the application's figures by the same rules and inputs
	// (prequal.Service.Redecide), which the loan service calls before it
	// submits.
	prequalService := prequal.New(db, loanService, policy, recorder, prequal.Config{
		Credit: cfg.Credit, Valuation: cfg.Valuation, Sealer: cfg.Keyring, Letters: post, Now: cfg.Now})
	loanService.WithRedecide(prequalService.Redecide).WithPropertyScreen(prequalService.ScreenProperty)
	portalService := portal.New(db, loanService, policy, cfg.Now).WithLetters(post)
	// A closed application's documents are listed, and no file is taken.
	loanService.WithClosedCheck(portalService.Closed)
	return &Services{
		Accounts: accounts.New(db, cfg.Mailer, cfg.Keyring, cfg.SessionSecret, cfg.ProductName, cfg.Now),
		Loans:    loanService,
		Prequal:  prequalService,
		Portal:   portalService,
		// No condition is set on an application a decision closed (the
		// underwriting table's, as the portal reads it).
		Conditions: conditions.New(db, policy, cfg.Mailer, cfg.ProductName, cfg.Now).WithRecorder(recorder).WithLetters(post).
			WithAddressCheck(loanService.CheckAddress).WithClosedCheck(portalService.Closed),
		Decisions: decisions.New(db, policy),
		Exports:   exports.New(db, cfg.LoanSystems, cfg.Now),
		Recorder:  recorder,
	}, nil
}
