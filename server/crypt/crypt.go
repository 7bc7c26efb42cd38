// Package crypt seals PII and secrets before they are stored, with AES-256-GCM
// under a keyring so keys can be rotated: a value names the key that sealed
// it, new values are sealed under the current key, and old values still open
// until a rotation job re-seals them.
package crypt

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// KeySize is the length of every key: AES-256.
const KeySize = 32

// version starts every sealed value, so the format can change later without
// guessing what an old value is.
const version = "v1"

// Errors of Open. They name no key and no plaintext, so they are safe to log.
var (
	// ErrMalformed: the text is not a sealed value of this format.
	ErrMalformed = errors.New("crypt: malformed sealed value")
	// ErrUnknownKey: the value names a key the keyring does not hold, e.g. one
	// retired before every value was re-sealed.
	ErrUnknownKey = errors.New("crypt: sealed under an unknown key")
	// ErrOpen: authentication failed, because the value was altered or was
	// sealed for another record (a different associated data).
	ErrOpen = errors.New("crypt: cannot open sealed value")
)

// keyIDPattern keeps ids free of the "." that separates the parts of a sealed
// value, and short and plain so an id is safe in logs and config.
var keyIDPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// encoding is URL-safe and unpadded so a sealed value fits any text column,
// URL or header without escaping.
var encoding = base64.RawURLEncoding

// Keyring seals under its current key and opens under any key it holds. It
// keeps only the ciphers, not the key bytes, and is safe for concurrent use.
type Keyring struct {
	current string
	aeads   map[string]cipher.AEAD
	// streamKeys are derived from each key for sealed streams only
	// (stream.go), so a stream's keys and the one-shot values' never meet.
	streamKeys map[string][]byte
}

// NewKeyring returns a keyring holding keys (id -> 32-byte key) that seals
// under currentID. The caller may wipe the key slices afterwards.
func NewKeyring(currentID string, keys map[string][]byte) (*Keyring, error) {
	if _, ok := keys[currentID]; !ok {
		return nil, fmt.Errorf("crypt: current key id %q is not among the keys", currentID)
	}
	k := &Keyring{current: currentID, aeads: make(map[string]cipher.AEAD, len(keys)), streamKeys: make(map[string][]byte, len(keys))}
	for id, key := range keys {
		if !keyIDPattern.MatchString(id) {
			return nil, fmt.Errorf("crypt: key id %q: use 1 to 64 letters, digits, '-' or '_'", id)
		}
		if len(key) != KeySize {
			return nil, fmt.Errorf("crypt: key %q is %d bytes, want %d", id, len(key), KeySize)
		}
		block, err := aes.NewCipher(key)
		if err != nil {
			return nil, fmt.Errorf("crypt: key %q: %w", id, err)
		}
		aead, err := cipher.NewGCM(block)
		if err != nil {
			return nil, fmt.Errorf("crypt: key %q: %w", id, err)
		}
		k.aeads[id] = aead
		if k.streamKeys[id], err = hkdf.Key(sha256.New, key, nil, streamKeyInfo, KeySize); err != nil {
			return nil, fmt.Errorf("crypt: key %q: %w", id, err)
		}
	}
	return k, nil
}

// CurrentID is the id of the key new values are sealed under.
func (k *Keyring) CurrentID() string { return k.current }

// Seal encrypts plaintext under the current key as
// "v1.<keyid>.<base64url(nonce||ciphertext)>". aad is the id of the record
// the value belongs to: it is authenticated, not stored, so a value copied
// into another record does not open there.
func (k *Keyring) Seal(plaintext, aad []byte) (string, error) {
	aead := k.aeads[k.current]
	// A random 96-bit nonce per value: safe for far more values than one key
	// will seal before it is rotated (NIST SP 800-38D's 2^32 bound).
	buf := make([]byte, aead.NonceSize(), aead.NonceSize()+len(plaintext)+aead.Overhead())
	if _, err := rand.Read(buf); err != nil {
		return "", fmt.Errorf("crypt: nonce: %w", err)
	}
	buf = aead.Seal(buf, buf, plaintext, aad)
	return version + "." + k.current + "." + encoding.EncodeToString(buf), nil
}

// Open decrypts a value sealed by Seal under any key of the keyring, given the
// same aad. Its errors are ErrMalformed, ErrUnknownKey or ErrOpen (possibly
// wrapped with the key id), never the key or the plaintext.
func (k *Keyring) Open(sealed string, aad []byte) ([]byte, error) {
	id, payload, err := parse(sealed)
	if err != nil {
		return nil, err
	}
	aead, ok := k.aeads[id]
	if !ok {
		return nil, fmt.Errorf("%w %q", ErrUnknownKey, id)
	}
	raw, err := encoding.DecodeString(payload)
	if err != nil || len(raw) < aead.NonceSize()+aead.Overhead() {
		return nil, ErrMalformed
	}
	nonce, ciphertext := raw[:aead.NonceSize()], raw[aead.NonceSize():]
	plaintext, err := aead.Open(nil, nonce, ciphertext, aad)
	if err != nil {
		return nil, ErrOpen
	}
	return plaintext, nil
}

// NeedsRotation reports whether sealed names a key other than the current
// one, so a rotation job knows to open and re-seal it. Text that is not a
// sealed value reports false: re-sealing cannot fix it, and Open says why.
func (k *Keyring) NeedsRotation(sealed string) bool {
	id, _, err := parse(sealed)
	return err == nil && id != k.current
}

// String names the key ids only, so printing a keyring by mistake (%v, %+v,
// a log line) shows no key material.
func (k Keyring) String() string {
	ids := make([]string, 0, len(k.aeads))
	for id := range k.aeads {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return fmt.Sprintf("crypt.Keyring{current: %s, keys: [%s]}", k.current, strings.Join(ids, " "))
}

// GoString is String, so %#v does not dump the ciphers' expanded keys either.
func (k Keyring) GoString() string { return k.String() }

// parse splits a sealed value into its key id and payload.
func parse(sealed string) (id, payload string, err error) {
	v, rest, ok := strings.Cut(sealed, ".")
	if !ok || v != version {
		return "", "", ErrMalformed
	}
	id, payload, ok = strings.Cut(rest, ".")
	if !ok || !keyIDPattern.MatchString(id) || payload == "" {
		return "", "", ErrMalformed
	}
	return id, payload, nil
}
