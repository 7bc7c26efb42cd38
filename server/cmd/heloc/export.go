package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/heloc/heloc/server/crypt"
	"github.com/heloc/heloc/server/los"
)

const exportUsage = "usage: heloc export open FILE (a <loan>-<time>-<random>.xml.sealed file of the drop; the XML goes to stdout)"

// exportCommand is `heloc export open FILE`: it prints the MISMO XML of a
// sealed file of the loan system's drop (LOS_DROP_DIR) on stdout, for the
// person or the pick-up job that hands it to the loan system. The drop is
// sealed because the files hold SSNs; this is the one way back to the XML,
// with the server's keys, so no copy in clear lies in the drop meanwhile.
func exportCommand(_ context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	if len(args) != 2 || args[0] != "open" {
		return errors.New(exportUsage)
	}
	keys, err := exportKeyring(getenv)
	if err != nil {
		return err
	}
	sealed, err := os.ReadFile(args[1])
	if err != nil {
		return err
	}
	// The file's name is authenticated with it: a file renamed does not open.
	xml, err := los.OpenDropped(keys, filepath.Base(args[1]), sealed)
	if err != nil {
		return err
	}
	_, err = stdout.Write(xml)
	return err
}

// exportKeyring is the server's keyring, for opening the drop on a machine
// that runs no server: ENCRYPTION_KEYS, or outside production the
// development keys in DATA_DIR/secrets.json. Unlike loadConfig it needs
// nothing else of the server's configuration, and it never generates keys,
// since new keys would open nothing.
func exportKeyring(getenv func(string) string) (*crypt.Keyring, error) {
	var s secrets
	if keys := getenv("ENCRYPTION_KEYS"); keys != "" {
		if err := s.readEncryptionKeys(keys); err != nil {
			return nil, err
		}
		return s.keyring()
	}
	if getenv("APP_ENV") == "production" {
		return nil, errors.New("ENCRYPTION_KEYS is required to open the drop: give the server's keys (id:base64key,...)")
	}
	path := filepath.Join(or(getenv("DATA_DIR"), "./data"), "secrets.json")
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("ENCRYPTION_KEYS is not set and %s does not exist: give the server's keys (id:base64key,...)", path)
	}
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	return s.keyring()
}

// loanSystems are the loan-origination systems exports go to, from LOS_*
// (los.ConfigFromEnv): a file drop per target under DATA_DIR/exports unless
// a target's API is configured. The drop's files are sealed with keyring,
// like every other file the server keeps at rest.
func loanSystems(getenv func(string) string, dataDir string, keyring *crypt.Keyring) (los.Systems, error) {
	if keyring == nil {
		return nil, errors.New("los: the file drop needs the keyring to seal its files")
	}
	c := los.ConfigFromEnv(getenv, dataDir)
	c.Sealer = keyring
	return los.New(c)
}
