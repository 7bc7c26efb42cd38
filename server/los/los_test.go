package los_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/heloc/heloc/server/crypt"
	"github.com/heloc/heloc/server/los"
)

const loanID = "0123456789abcdef0123456789abcdef"

var file = []byte(`<?xml version="1.0" encoding="UTF-8"?>` + "\n<MESSAGE><TaxpayerIdentifierValue>123456789</TaxpayerIdentifierValue></MESSAGE>\n")

// ssn is the borrower's SSN in file, looked for in the drop's bytes.
const ssn = "123456789"

// keys is the keyring the drop's files are sealed with in these tests.
var keys = func() *crypt.Keyring {
	k, err := crypt.NewKeyring("k1", map[string][]byte{"k1": bytes.Repeat([]byte{7}, crypt.KeySize)})
	if err != nil {
		panic(err)
	}
	return k
}()

func TestFileDrop(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "exports", "encompass")
	drop := &los.FileDrop{Dir: dir, Sealer: keys, Now: func() time.Time { return time.Date(2026, 11, 27, 15, 4, 5, 0, time.UTC) }}

	receipt, err := drop.Send(t.Context(), loanID, file)
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^` + loanID + `-20261127T150405Z-[0-9a-f]{8}\.xml\.sealed$`).MatchString(receipt.ID) {
		t.Fatalf("receipt: got %q, want <loan>-<time>-<random>.xml.sealed", receipt.ID)
	}
	got, err := os.ReadFile(filepath.Join(dir, receipt.ID))
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(got, []byte(ssn)) || bytes.Contains(got, []byte("MESSAGE")) {
		t.Fatalf("the dropped file holds the XML in clear: %q", got)
	}
	opened, err := los.OpenDropped(keys, receipt.ID, got)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(opened, file) {
		t.Fatalf("opened: got %q, want %q", opened, file)
	}
	for path, want := range map[string]os.FileMode{dir: 0o700, filepath.Join(dir, receipt.ID): 0o600} {
		info, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if info.Mode().Perm() != want {
			t.Errorf("%s: mode %v, want %v (the file holds SSNs)", path, info.Mode().Perm(), want)
		}
	}

	t.Run("a second export is a second file", func(t *testing.T) {
		again, err := drop.Send(t.Context(), loanID, file)
		if err != nil {
			t.Fatal(err)
		}
		if again.ID == receipt.ID {
			t.Fatalf("got the same name %q twice", again.ID)
		}
		entries, _ := os.ReadDir(dir)
		if len(entries) != 2 {
			t.Fatalf("got %d entries, want 2 files and no temporary one left", len(entries))
		}
	})

	t.Run("a file renamed, altered or under another key does not open", func(t *testing.T) {
		other := strings.Replace(receipt.ID, loanID, "fedcba9876543210fedcba9876543210", 1)
		altered := bytes.Clone(got)
		altered[len(altered)-3] ^= 1
		stranger, err := crypt.NewKeyring("k2", map[string][]byte{"k2": bytes.Repeat([]byte{8}, crypt.KeySize)})
		if err != nil {
			t.Fatal(err)
		}
		for name, open := range map[string]func() ([]byte, error){
			"another loan's name":  func() ([]byte, error) { return los.OpenDropped(keys, other, got) },
			"not a sealed name":    func() ([]byte, error) { return los.OpenDropped(keys, strings.TrimSuffix(receipt.ID, ".sealed"), got) },
			"an altered byte":      func() ([]byte, error) { return los.OpenDropped(keys, receipt.ID, altered) },
			"a keyring without k1": func() ([]byte, error) { return los.OpenDropped(stranger, receipt.ID, got) },
		} {
			if xml, err := open(); err == nil {
				t.Errorf("%s: opened to %q", name, xml)
			}
		}
	})

	t.Run("a loan id that is not one is refused", func(t *testing.T) {
		for _, id := range []string{"../etc/passwd", "", "a/b"} {
			if _, err := drop.Send(t.Context(), id, file); err == nil {
				t.Errorf("%q: got no error", id)
			}
		}
	})

	t.Run("without a sealer the file is in clear (tests only)", func(t *testing.T) {
		clear := &los.FileDrop{Dir: t.TempDir()}
		receipt, err := clear.Send(t.Context(), loanID, file)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasSuffix(receipt.ID, ".xml") {
			t.Fatalf("receipt: got %q, want <loan>-<time>-<random>.xml", receipt.ID)
		}
		if got, err := os.ReadFile(filepath.Join(clear.Dir, receipt.ID)); err != nil || !bytes.Equal(got, file) {
			t.Fatalf("got %q, %v, want the file as given", got, err)
		}
	})
}

// The server gives los.New its keyring: every target's drop seals.
func TestNewSealsTheDropWithItsSealer(t *testing.T) {
	dir := t.TempDir()
	systems, err := los.New(los.Config{DropDir: dir, Sealer: keys})
	if err != nil {
		t.Fatal(err)
	}
	for _, target := range []string{los.TargetEncompass, los.TargetByte, los.TargetLendingPad} {
		receipt, err := systems[target].Send(t.Context(), loanID, file)
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join(dir, target, receipt.ID))
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(got, []byte(ssn)) {
			t.Fatalf("%s: the SSN is in clear in %s", target, receipt.ID)
		}
		if opened, err := los.OpenDropped(keys, receipt.ID, got); err != nil || !bytes.Equal(opened, file) {
			t.Fatalf("%s: opened to %q, %v, want the file as sent", target, opened, err)
		}
	}
}

func TestNewPicksTheFileDropUnlessAnAPIIsConfigured(t *testing.T) {
	dir := t.TempDir()
	systems, err := los.New(los.Config{DropDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	for _, target := range []string{los.TargetEncompass, los.TargetByte, los.TargetLendingPad} {
		sys, err := systems.For(target)
		if err != nil {
			t.Fatal(err)
		}
		if sys.Name() != "file drop" {
			t.Fatalf("%s: got %q, want the file drop", target, sys.Name())
		}
		receipt, err := sys.Send(t.Context(), loanID, file)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(filepath.Join(dir, target, receipt.ID)); err != nil {
			t.Errorf("%s: the file is not in its own folder: %v", target, err)
		}
	}
	if _, err := systems.For("calyx"); err == nil {
		t.Error("an unknown target: got a system")
	}

	systems, err = los.New(los.Config{DropDir: dir, LendingPad: los.EndpointConfig{URL: "https://lp.example/import", APIKey: "k"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := systems[los.TargetLendingPad].Name(); got != "LendingPad import" {
		t.Errorf("lendingpad: got %q, want its import", got)
	}
	if got := systems[los.TargetByte].Name(); got != "file drop" {
		t.Errorf("byte: got %q, want the file drop", got)
	}

	for name, cfg := range map[string]los.Config{
		"a URL without its key":             {DropDir: dir, Byte: los.EndpointConfig{URL: "https://byte.example/import"}},
		"Encompass without its credentials": {DropDir: dir, Encompass: los.EncompassConfig{URL: "https://api.example"}},
		"no folder for the file drop":       {},
	} {
		if _, err := los.New(cfg); err == nil {
			t.Errorf("%s: got no error", name)
		}
	}
}

func TestConfigFromEnv(t *testing.T) {
	env := map[string]string{"LOS_BYTE_URL": "https://byte.example/import", "LOS_BYTE_API_KEY": "key"}
	cfg := los.ConfigFromEnv(func(k string) string { return env[k] }, "/srv/data")
	if cfg.DropDir != filepath.Join("/srv/data", "exports") {
		t.Errorf("DropDir: got %q, want the data folder's exports", cfg.DropDir)
	}
	if cfg.Byte.URL != "https://byte.example/import" || cfg.Byte.APIKey != "key" || cfg.LendingPad.URL != "" {
		t.Errorf("got %+v", cfg)
	}
}

// TestEncompass runs the adapter against a stand-in for Developer Connect
// that answers the three calls as its documentation describes them.
func TestEncompass(t *testing.T) {
	var calls []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls = append(calls, r.Method+" "+r.URL.Path)
		switch r.URL.Path {
		case "/oauth2/v1/token":
			user, pass, _ := r.BasicAuth()
			r.ParseForm()
			if user != "client" || pass != "secret" || r.Form.Get("grant_type") != "password" ||
				r.Form.Get("username") != "api-user@encompass:BE11000000" || r.Form.Get("password") != "pw" {
				http.Error(w, "bad credentials", http.StatusUnauthorized)
				return
			}
			json.NewEncoder(w).Encode(map[string]string{"access_token": "tok", "token_type": "Bearer"})
		case "/encompass/v3/converter/loans":
			body, _ := io.ReadAll(r.Body)
			if r.Header.Get("Authorization") != "Bearer tok" || r.Header.Get("Content-Type") != "application/vnd.elliemae.mismo34+xml" || string(body) != string(file) {
				http.Error(w, "bad request", http.StatusBadRequest)
				return
			}
			w.Write([]byte(`{"applications":[{"borrower":{"firstName":"Pat"}}]}`))
		case "/encompass/v3/loans":
			body, _ := io.ReadAll(r.Body)
			if r.URL.Query().Get("loanFolder") != "Imports" || r.URL.Query().Get("view") != "id" || !strings.Contains(string(body), "Pat") {
				http.Error(w, "bad request", http.StatusBadRequest)
				return
			}
			w.WriteHeader(http.StatusCreated)
			w.Write([]byte(`{"id":"5f1e2d3c-0000-4000-8000-000000000001"}`))
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	cfg := los.EncompassConfig{URL: srv.URL, ClientID: "client", ClientSecret: "secret", Username: "api-user", Password: "pw", Instance: "BE11000000", LoanFolder: "Imports"}
	systems, err := los.New(los.Config{DropDir: t.TempDir(), Encompass: cfg, Client: srv.Client()})
	if err != nil {
		t.Fatal(err)
	}
	receipt, err := systems[los.TargetEncompass].Send(t.Context(), loanID, file)
	if err != nil {
		t.Fatalf("%v (calls %v)", err, calls)
	}
	if receipt.ID != "5f1e2d3c-0000-4000-8000-000000000001" {
		t.Fatalf("receipt: got %q, want Encompass's loan id", receipt.ID)
	}

	t.Run("a refusal is an error naming the status, not the answer", func(t *testing.T) {
		bad := cfg
		bad.Password = "wrong"
		_, err := (&los.Encompass{Config: bad, Client: srv.Client()}).Send(t.Context(), loanID, file)
		if err == nil || !strings.Contains(err.Error(), "401") || strings.Contains(err.Error(), "bad credentials") {
			t.Fatalf("got %v, want an error with the status only", err)
		}
	})
}

func TestEndpoint(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		switch {
		case r.Header.Get("Authorization") != "Bearer key":
			http.Error(w, "no", http.StatusForbidden)
		case r.Header.Get("Content-Type") != "application/xml" || r.Header.Get("X-Loan-Id") != loanID || string(body) != string(file):
			http.Error(w, "bad", http.StatusBadRequest)
		case r.URL.Path == "/located":
			w.Header().Set("Location", "/loans/LP-42")
			w.WriteHeader(http.StatusAccepted)
		default:
			w.Write([]byte(`{"id":"BYTE-7"}`))
		}
	}))
	defer srv.Close()
	for path, want := range map[string]string{"/import": "BYTE-7", "/located": "LP-42"} {
		p := &los.Endpoint{System: "Byte import", URL: srv.URL + path, APIKey: "key", Client: srv.Client()}
		receipt, err := p.Send(t.Context(), loanID, file)
		if err != nil {
			t.Fatal(err)
		}
		if receipt.ID != want {
			t.Errorf("%s: got %q, want %q", path, receipt.ID, want)
		}
	}
	p := &los.Endpoint{System: "Byte import", URL: srv.URL + "/import", APIKey: "wrong", Client: srv.Client()}
	if _, err := p.Send(t.Context(), loanID, file); err == nil || !strings.Contains(err.Error(), "403") {
		t.Fatalf("got %v, want the refusal's status", err)
	}
}
