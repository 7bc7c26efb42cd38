// Package los hands MISMO 3.4 files to loan-origination systems. Every
// system is one interface, System; the adapters are Encompass (ICE Mortgage
// Technology's Developer Connect API), Byte and LendingPad (an import
// endpoint each), and a file drop, the default, which writes each file,
// sealed with the server's keyring, to a folder for the loan system (or a
// person) to pick up. Which target goes where is configuration (Config,
// ConfigFromEnv): a target with an API configured goes to its adapter,
// every other to the file drop.
package los

import (
	"context"
	"fmt"
	"net/http"
	"path/filepath"
	"time"
)

// System takes a loan's MISMO file and answers with its receipt.
type System interface {
	// Send hands over xml, the MISMO file of the loan loanID.
	Send(ctx context.Context, loanID string, xml []byte) (Receipt, error)
	// Name says what receives the files, for the export's record
	// ("file drop", "Encompass API").
	Name() string
}

// Receipt is a loan system's answer for a file it took: its id for the
// loan or the file.
type Receipt struct {
	ID string `json:"id"`
}

// The targets, as the portal and mismo.Target name them.
const (
	TargetEncompass  = "encompass"
	TargetByte       = "byte"
	TargetLendingPad = "lendingpad"
)

// Config says where each target's files go.
type Config struct {
	// DropDir is the file drop's folder; each target has its own
	// subfolder. Default: DATA_DIR/exports.
	DropDir string
	// Sealer seals the files of the drop (FileDrop.Sealer): the server's
	// keyring. Without it they are written in clear, which only tests do.
	Sealer    Sealer
	Encompass EncompassConfig
	// Byte and LendingPad are import endpoints; a target without a URL
	// goes to the file drop.
	Byte       EndpointConfig
	LendingPad EndpointConfig
	// Client makes the adapters' requests (a 30-second timeout by default).
	Client *http.Client
}

// EndpointConfig is an import endpoint that takes a MISMO file by POST.
type EndpointConfig struct {
	URL    string
	APIKey string
}

// Systems is the System of each target.
type Systems map[string]System

// New makes the systems of cfg: each target's adapter when it is
// configured, else a file drop in its own folder under cfg.DropDir.
func New(cfg Config) (Systems, error) {
	if cfg.DropDir == "" {
		return nil, fmt.Errorf("los: a file drop folder is required")
	}
	client := cfg.Client
	if client == nil {
		client = &http.Client{Timeout: 30 * time.Second}
	}
	drop := func(target string) System {
		return &FileDrop{Dir: filepath.Join(cfg.DropDir, target), Sealer: cfg.Sealer}
	}
	s := Systems{TargetEncompass: drop(TargetEncompass), TargetByte: drop(TargetByte), TargetLendingPad: drop(TargetLendingPad)}
	if cfg.Encompass.URL != "" {
		if err := cfg.Encompass.check(); err != nil {
			return nil, err
		}
		s[TargetEncompass] = &Encompass{Config: cfg.Encompass, Client: client}
	}
	for target, c := range map[string]EndpointConfig{TargetByte: cfg.Byte, TargetLendingPad: cfg.LendingPad} {
		if c.URL == "" {
			continue
		}
		name := map[string]string{TargetByte: "Byte", TargetLendingPad: "LendingPad"}[target]
		if c.APIKey == "" {
			return nil, fmt.Errorf("los: %s needs an API key (LOS_%s_API_KEY) with its URL", name, envName(target))
		}
		s[target] = &Endpoint{System: name + " import", URL: c.URL, APIKey: c.APIKey, Client: client}
	}
	return s, nil
}

// For returns the system of target.
func (s Systems) For(target string) (System, error) {
	sys, ok := s[target]
	if !ok {
		return nil, fmt.Errorf("los: no system for target %q", target)
	}
	return sys, nil
}

// ConfigFromEnv reads the configuration from the environment (README,
// "Export to the loan system"): LOS_DROP_DIR (default dataDir/exports);
// LOS_ENCOMPASS_URL with LOS_ENCOMPASS_CLIENT_ID, LOS_ENCOMPASS_CLIENT_SECRET,
// LOS_ENCOMPASS_USERNAME, LOS_ENCOMPASS_PASSWORD, LOS_ENCOMPASS_INSTANCE and
// LOS_ENCOMPASS_LOAN_FOLDER; LOS_BYTE_URL with LOS_BYTE_API_KEY;
// LOS_LENDINGPAD_URL with LOS_LENDINGPAD_API_KEY.
func ConfigFromEnv(getenv func(string) string, dataDir string) Config {
	c := Config{DropDir: getenv("LOS_DROP_DIR")}
	if c.DropDir == "" {
		c.DropDir = filepath.Join(dataDir, "exports")
	}
	c.Encompass = EncompassConfig{
		URL: getenv("LOS_ENCOMPASS_URL"), ClientID: getenv("LOS_ENCOMPASS_CLIENT_ID"), ClientSecret: getenv("LOS_ENCOMPASS_CLIENT_SECRET"),
		Username: getenv("LOS_ENCOMPASS_USERNAME"), Password: getenv("LOS_ENCOMPASS_PASSWORD"), Instance: getenv("LOS_ENCOMPASS_INSTANCE"),
		LoanFolder: getenv("LOS_ENCOMPASS_LOAN_FOLDER"),
	}
	c.Byte = EndpointConfig{URL: getenv("LOS_BYTE_URL"), APIKey: getenv("LOS_BYTE_API_KEY")}
	c.LendingPad = EndpointConfig{URL: getenv("LOS_LENDINGPAD_URL"), APIKey: getenv("LOS_LENDINGPAD_API_KEY")}
	return c
}

func envName(target string) string {
	return map[string]string{TargetEncompass: "ENCOMPASS", TargetByte: "BYTE", TargetLendingPad: "LENDINGPAD"}[target]
}
