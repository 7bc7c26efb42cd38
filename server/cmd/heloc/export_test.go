package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/heloc/heloc/server/los"
)

const (
	exportLoan = "0123456789abcdef0123456789abcdef"
	exportSSN  = "123456789"
	// Two AES-256 keys, base64 of 32 bytes each.
	exportKey1 = "AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE="
	exportKey2 = "AgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgI="
)

var exportXML = []byte(`<?xml version="1.0" encoding="UTF-8"?>` + "\n" +
	`<MESSAGE xmlns="http://www.mismo.org/residential/2009/schemas"><TaxpayerIdentifierValue>` + exportSSN + `</TaxpayerIdentifierValue></MESSAGE>` + "\n")

// The server's drop holds each file sealed, with no SSN in clear, and
// `heloc export open` prints it back as sent, with the server's keys, also
// after a rotation that keeps the old key.
func TestExportOpen(t *testing.T) {
	drop := t.TempDir()
	serverEnv := env(map[string]string{"LOS_DROP_DIR": drop, "ENCRYPTION_KEYS": "k1:" + exportKey1})
	keyring, err := exportKeyring(serverEnv)
	if err != nil {
		t.Fatal(err)
	}
	systems, err := loanSystems(serverEnv, t.TempDir(), keyring)
	if err != nil {
		t.Fatal(err)
	}
	receipt, err := systems[los.TargetByte].Send(t.Context(), exportLoan, exportXML)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(drop, los.TargetByte, receipt.ID)
	sealed, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(sealed, []byte(exportSSN)) || !strings.HasSuffix(path, ".xml.sealed") {
		t.Fatalf("the drop holds %s: %q, want a sealed file with no SSN in clear", receipt.ID, sealed)
	}

	for name, keys := range map[string]string{"the server's keys": "k1:" + exportKey1, "after a rotation": "k2:" + exportKey2 + ",k1:" + exportKey1} {
		t.Run(name, func(t *testing.T) {
			var out bytes.Buffer
			if err := exportCommand(context.Background(), []string{"open", path}, env(map[string]string{"ENCRYPTION_KEYS": keys}), &out); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(out.Bytes(), exportXML) {
				t.Fatalf("got %q, want the file as sent", out.Bytes())
			}
		})
	}

	renamed := filepath.Join(t.TempDir(), strings.Replace(receipt.ID, exportLoan, "fedcba9876543210fedcba9876543210", 1))
	if err := os.WriteFile(renamed, sealed, 0o600); err != nil {
		t.Fatal(err)
	}
	unsealedName := filepath.Join(t.TempDir(), strings.TrimSuffix(receipt.ID, ".sealed"))
	if err := os.WriteFile(unsealedName, sealed, 0o600); err != nil {
		t.Fatal(err)
	}
	noKeys := t.TempDir()
	for name, tc := range map[string]struct {
		args []string
		env  map[string]string
		want string
	}{
		"another key":                 {[]string{"open", path}, map[string]string{"ENCRYPTION_KEYS": "k2:" + exportKey2}, "sealed under an unknown key"},
		"a file renamed":              {[]string{"open", renamed}, map[string]string{"ENCRYPTION_KEYS": "k1:" + exportKey1}, "cannot open"},
		"no keys, none in DATA_DIR":   {[]string{"open", path}, map[string]string{"DATA_DIR": noKeys}, "ENCRYPTION_KEYS is not set"},
		"no keys in production":       {[]string{"open", path}, map[string]string{"APP_ENV": "production"}, "ENCRYPTION_KEYS is required"},
		"no file":                     {[]string{"open"}, map[string]string{"ENCRYPTION_KEYS": "k1:" + exportKey1}, "usage: heloc export open FILE"},
		"an unknown command":          {[]string{"close", path}, map[string]string{"ENCRYPTION_KEYS": "k1:" + exportKey1}, "usage: heloc export open FILE"},
		"a name not of a sealed file": {[]string{"open", unsealedName}, map[string]string{"ENCRYPTION_KEYS": "k1:" + exportKey1}, "is not a sealed file of the drop"},
		"no such file":                {[]string{"open", path + ".gone"}, map[string]string{"ENCRYPTION_KEYS": "k1:" + exportKey1}, "no such file"},
	} {
		t.Run(name, func(t *testing.T) {
			var out bytes.Buffer
			err := exportCommand(context.Background(), tc.args, env(tc.env), &out)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want an error saying %q", err, tc.want)
			}
			if out.Len() != 0 {
				t.Fatalf("printed %q on a refusal", out.Bytes())
			}
		})
	}
	if err := run(context.Background(), []string{"export"}); err == nil || !strings.Contains(err.Error(), "usage: heloc export open") {
		t.Errorf("heloc export: got %v, want its usage", err)
	}
	// Opening never generates keys where it found none.
	if entries, _ := os.ReadDir(noKeys); len(entries) != 0 {
		t.Errorf("DATA_DIR holds %d entries, want none", len(entries))
	}
}

// In development `heloc export open` takes the keys the server generated
// into DATA_DIR, as `heloc serve` does.
func TestExportOpenWithTheDevelopmentKeys(t *testing.T) {
	dataDir := t.TempDir()
	cfg, err := loadConfig(env(map[string]string{"DATA_DIR": dataDir}))
	if err != nil {
		t.Fatal(err)
	}
	keyring, err := cfg.Secrets.keyring()
	if err != nil {
		t.Fatal(err)
	}
	systems, err := loanSystems(env(map[string]string{}), dataDir, keyring)
	if err != nil {
		t.Fatal(err)
	}
	receipt, err := systems[los.TargetEncompass].Send(t.Context(), exportLoan, exportXML)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	path := filepath.Join(dataDir, "exports", los.TargetEncompass, receipt.ID)
	if err := exportCommand(context.Background(), []string{"open", path}, env(map[string]string{"DATA_DIR": dataDir}), &out); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), exportXML) {
		t.Fatalf("got %q, want the file as sent", out.Bytes())
	}
}
