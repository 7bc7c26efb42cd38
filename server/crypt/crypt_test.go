package crypt_test

import (
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/heloc/heloc/server/crypt"
)

// key returns a 32-byte key filled with b, distinct per b.
func key(b byte) []byte { return bytes.Repeat([]byte{b}, crypt.KeySize) }

// MustKeyring returns a keyring sealing under current, or fails the test.
func MustKeyring(tb testing.TB, current string, keys map[string][]byte) *crypt.Keyring {
	tb.Helper()
	k, err := crypt.NewKeyring(current, keys)
	if err != nil {
		tb.Fatalf("NewKeyring: %v", err)
	}
	return k
}

func TestNewKeyring_Errors(t *testing.T) {
	tests := []struct {
		name    string
		current string
		keys    map[string][]byte
	}{
		{"no keys", "k1", nil},
		{"current key missing", "k2", map[string][]byte{"k1": key(1)}},
		{"key too short", "k1", map[string][]byte{"k1": key(1)[:16]}},
		{"key too long", "k1", map[string][]byte{"k1": append(key(1), 0)}},
		{"old key wrong size", "k1", map[string][]byte{"k1": key(1), "k0": key(2)[:24]}},
		{"id with a dot", "k.1", map[string][]byte{"k.1": key(1)}},
		{"empty id", "", map[string][]byte{"": key(1)}},
		{"id with a space", "k 1", map[string][]byte{"k 1": key(1)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k, err := crypt.NewKeyring(tt.current, tt.keys)
			if err == nil {
				t.Fatalf("got keyring %v, want an error", k)
			}
			for _, b := range tt.keys {
				if len(b) > 0 && strings.Contains(err.Error(), hex.EncodeToString(b)) {
					t.Errorf("got error %q, want it not to show the key", err)
				}
			}
		})
	}
}

func TestSealOpen_RoundTrip(t *testing.T) {
	k := MustKeyring(t, "2026a", map[string][]byte{"2026a": key(1)})
	tests := []struct {
		name           string
		plaintext, aad []byte
	}{
		{"ssn", []byte("123-45-6789"), []byte("applicant:42")},
		{"empty plaintext", []byte{}, []byte("applicant:42")},
		{"no aad", []byte("secret"), nil},
		{"unicode", []byte("José Ñúñez"), []byte("loan:7")},
		{"binary", []byte{0, 1, 2, 255, 254}, []byte{0}},
		{"long", bytes.Repeat([]byte("x"), 1<<16), []byte("doc:1")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sealed, err := k.Seal(tt.plaintext, tt.aad)
			if err != nil {
				t.Fatalf("Seal: %v", err)
			}
			if !strings.HasPrefix(sealed, "v1.2026a.") {
				t.Errorf("got %q, want the prefix v1.2026a.", sealed)
			}
			payload := strings.TrimPrefix(sealed, "v1.2026a.")
			raw, err := base64.RawURLEncoding.DecodeString(payload)
			if err != nil {
				t.Fatalf("payload %q is not unpadded base64url: %v", payload, err)
			}
			if want := 12 + len(tt.plaintext) + 16; len(raw) != want {
				t.Errorf("got %d payload bytes, want nonce+ciphertext+tag = %d", len(raw), want)
			}
			if len(tt.plaintext) > 3 && bytes.Contains(raw, tt.plaintext) {
				t.Error("got the plaintext inside the sealed value")
			}
			got, err := k.Open(sealed, tt.aad)
			if err != nil {
				t.Fatalf("Open: %v", err)
			}
			if !bytes.Equal(got, tt.plaintext) {
				t.Errorf("got %q, want %q", got, tt.plaintext)
			}
		})
	}
}

// Two seals of the same value differ, so equal SSNs are not visible as
// equal ciphertexts.
func TestSeal_FreshNonceEachTime(t *testing.T) {
	k := MustKeyring(t, "k1", map[string][]byte{"k1": key(1)})
	seen := map[string]bool{}
	for range 100 {
		s, err := k.Seal([]byte("123-45-6789"), []byte("r1"))
		if err != nil {
			t.Fatal(err)
		}
		if seen[s] {
			t.Fatalf("got %q twice, want every seal distinct", s)
		}
		seen[s] = true
	}
}

func TestOpen_Refuses(t *testing.T) {
	k := MustKeyring(t, "k1", map[string][]byte{"k1": key(1)})
	plaintext := []byte("123-45-6789")
	sealed, err := k.Seal(plaintext, []byte("applicant:1"))
	if err != nil {
		t.Fatal(err)
	}
	payload := strings.TrimPrefix(sealed, "v1.k1.")
	raw, _ := base64.RawURLEncoding.DecodeString(payload)
	flip := func(i int) string {
		b := bytes.Clone(raw)
		b[i] ^= 1
		return "v1.k1." + base64.RawURLEncoding.EncodeToString(b)
	}
	other := MustKeyring(t, "k1", map[string][]byte{"k1": key(9)})
	otherSealed, _ := other.Seal(plaintext, []byte("applicant:1"))

	tests := []struct {
		name   string
		sealed string
		aad    string
		want   error
	}{
		{"another record's aad", sealed, "applicant:2", crypt.ErrOpen},
		{"no aad", sealed, "", crypt.ErrOpen},
		{"nonce altered", flip(0), "applicant:1", crypt.ErrOpen},
		{"ciphertext altered", flip(14), "applicant:1", crypt.ErrOpen},
		{"tag altered", flip(len(raw) - 1), "applicant:1", crypt.ErrOpen},
		{"same id, another key", otherSealed, "applicant:1", crypt.ErrOpen},
		{"truncated", "v1.k1." + payload[:20], "applicant:1", crypt.ErrMalformed},
		{"not base64url", "v1.k1.+/+/" + payload, "applicant:1", crypt.ErrMalformed},
		{"padded base64", "v1.k1." + base64.URLEncoding.EncodeToString(raw[:len(raw)-1]), "applicant:1", crypt.ErrMalformed},
		{"unknown key id", "v1.k0." + payload, "applicant:1", crypt.ErrUnknownKey},
		{"unknown version", "v2.k1." + payload, "applicant:1", crypt.ErrMalformed},
		{"no version", "k1." + payload, "applicant:1", crypt.ErrMalformed},
		{"no payload", "v1.k1.", "applicant:1", crypt.ErrMalformed},
		{"no key id", "v1.." + payload, "applicant:1", crypt.ErrMalformed},
		{"plain text", "123-45-6789", "applicant:1", crypt.ErrMalformed},
		{"empty", "", "applicant:1", crypt.ErrMalformed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := k.Open(tt.sealed, []byte(tt.aad))
			if !errors.Is(err, tt.want) {
				t.Fatalf("got %q, %v, want error %v", got, err, tt.want)
			}
			if got != nil {
				t.Errorf("got plaintext %q with the error, want none", got)
			}
			msg := err.Error()
			for _, secret := range []string{string(plaintext), hex.EncodeToString(key(1)), string(key(1))} {
				if strings.Contains(msg, secret) {
					t.Errorf("got error %q, want it to show neither key nor plaintext", msg)
				}
			}
		})
	}
}

// Rotation: a keyring with a new current key still opens the old values,
// says which need re-sealing, and re-sealed values name the new key.
func TestRotation(t *testing.T) {
	old := MustKeyring(t, "2025", map[string][]byte{"2025": key(1)})
	sealedOld, err := old.Seal([]byte("acct 000123"), []byte("loan:9"))
	if err != nil {
		t.Fatal(err)
	}
	rotated := MustKeyring(t, "2026", map[string][]byte{"2025": key(1), "2026": key(2)})
	if got := rotated.CurrentID(); got != "2026" {
		t.Errorf("got current %q, want 2026", got)
	}
	if !rotated.NeedsRotation(sealedOld) {
		t.Errorf("got NeedsRotation false for a value under 2025, want true")
	}
	plain, err := rotated.Open(sealedOld, []byte("loan:9"))
	if err != nil || string(plain) != "acct 000123" {
		t.Fatalf("got %q, %v, want the old value opened", plain, err)
	}
	resealed, err := rotated.Seal(plain, []byte("loan:9"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(resealed, "v1.2026.") || rotated.NeedsRotation(resealed) {
		t.Errorf("got %q (needs rotation %v), want it under 2026 and current", resealed, rotated.NeedsRotation(resealed))
	}
	// Once 2025 is retired, the value it sealed no longer opens.
	retired := MustKeyring(t, "2026", map[string][]byte{"2026": key(2)})
	if _, err := retired.Open(sealedOld, []byte("loan:9")); !errors.Is(err, crypt.ErrUnknownKey) {
		t.Errorf("got %v, want ErrUnknownKey", err)
	}
	if _, err := retired.Open(resealed, []byte("loan:9")); err != nil {
		t.Errorf("got %v, want the re-sealed value to open", err)
	}
}

func TestNeedsRotation(t *testing.T) {
	k := MustKeyring(t, "new", map[string][]byte{"new": key(2), "old": key(1)})
	tests := []struct {
		sealed string
		want   bool
	}{
		{"v1.new.AAAA", false},
		{"v1.old.AAAA", true},
		{"v1.gone.AAAA", true},
		{"v2.old.AAAA", false},
		{"not sealed", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := k.NeedsRotation(tt.sealed); got != tt.want {
			t.Errorf("NeedsRotation(%q): got %v, want %v", tt.sealed, got, tt.want)
		}
	}
}

// Printing a keyring, in any verb, shows ids and no key material.
func TestKeyring_PrintsNoKeys(t *testing.T) {
	k := MustKeyring(t, "b", map[string][]byte{"a": key(0xAB), "b": key(0xCD)})
	for _, s := range []string{fmt.Sprint(k), fmt.Sprintf("%+v", k), fmt.Sprintf("%#v", k), fmt.Sprintf("%v", *k), fmt.Sprintf("%#v", *k)} {
		if s != "crypt.Keyring{current: b, keys: [a b]}" {
			t.Errorf("got %q, want only the ids", s)
		}
	}
}

func TestKeyring_Concurrent(t *testing.T) {
	k := MustKeyring(t, "k1", map[string][]byte{"k1": key(1)})
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			aad := fmt.Appendf(nil, "r%d", i)
			for range 100 {
				s, err := k.Seal([]byte("v"), aad)
				if err != nil {
					t.Error(err)
					return
				}
				if p, err := k.Open(s, aad); err != nil || string(p) != "v" {
					t.Errorf("got %q, %v, want v", p, err)
					return
				}
			}
		})
	}
	wg.Wait()
}
