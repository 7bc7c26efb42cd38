// Package password holds the rules a borrower's password must meet and the
// one way it is stored: argon2id in the PHC string format.
package password

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	_ "embed"
	"encoding/base64"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"

	"github.com/heloc/heloc/server/domain"
)

// Length limits, counted in characters (runes), not bytes, so a password in
// any script is measured as the borrower sees it.
const (
	// MinLength comes from the spec: "Password: minimum 8 characters when given".
	MinLength = 8
	// MaxLength is ours: long enough for any passphrase, short enough that
	// no one can make us hash megabytes.
	MaxLength = 128
)

// Parameters of new hashes: OWASP's Password Storage Cheat Sheet argon2id
// configuration (19 MiB, 2 passes, 1 lane). Verify reads the parameters from
// each stored hash, so raising these later keeps old hashes working, and
// NeedsRehash tells the caller to upgrade them at the next sign-in.
const (
	memoryKiB = 19456
	passes    = 2
	lanes     = 1
	saltLen   = 16
	keyLen    = 32
)

// Bounds on the parameters Verify accepts, so a corrupt or planted hash
// string cannot make one sign-in take gigabytes or minutes.
const (
	maxMemoryKiB = 1 << 20 // 1 GiB
	maxPasses    = 64
	maxLanes     = 64
	minSaltLen   = 8
	maxSaltLen   = 64
	minKeyLen    = 16
	maxKeyLen    = 128
)

// ErrMalformed is returned by Verify for a string that is not an argon2id
// hash this package can check.
var ErrMalformed = errors.New("password: malformed argon2id hash")

// b64 is the PHC format's encoding: standard alphabet, no padding.
var b64 = base64.RawStdEncoding

// Hash returns pw hashed with argon2id under a fresh random salt, as
// $argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>. It waits for a slot of the
// hashing gate (see limit.go) and answers ErrBusy when none came free.
func Hash(ctx context.Context, pw string) (string, error) {
	salt := make([]byte, saltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("password: salt: %w", err)
	}
	p := params{memory: memoryKiB, passes: passes, lanes: lanes}
	var key []byte
	if err := run(ctx, func() { key = p.key(pw, salt, keyLen) }); err != nil {
		return "", err
	}
	return p.encode(salt, key), nil
}

// Verify reports whether pw matches encoded, a hash from Hash (with any
// parameters within sane bounds). The comparison takes the same time
// wherever the two differ. A malformed encoded is an error, not a mismatch,
// so the caller can tell corrupt data from a wrong password; so is ErrBusy
// (or ctx's error) when no slot of the hashing gate came free.
func Verify(ctx context.Context, pw, encoded string) (bool, error) {
	p, salt, want, err := decode(encoded)
	if err != nil {
		return false, err
	}
	var got []byte
	if err := run(ctx, func() { got = p.key(pw, salt, uint32(len(want))) }); err != nil {
		return false, err
	}
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}

// NeedsRehash reports whether encoded was made with other parameters than
// Hash uses now (or cannot be read), so the caller can re-hash the password
// it has just verified and store the result.
func NeedsRehash(encoded string) bool {
	p, salt, key, err := decode(encoded)
	return err != nil || p != (params{memory: memoryKiB, passes: passes, lanes: lanes}) ||
		len(salt) != saltLen || len(key) != keyLen
}

// dummyHash is the hash of a random password nobody knows, made with the
// current parameters (a test keeps it so).
const dummyHash = "$argon2id$v=19$m=19456,t=2,p=1$tgf7ya7or8E74llrQxNsMw$oA6DcSkUsERHzPN7STkOqQ5Yjg5O6PmIqQ2TN24zATo"

// VerifyDummy spends the time (and takes the slot) of a real Verify and
// always fails. Sign-in calls it when no account has the e-mail given, so
// the response time does not tell an attacker which e-mails have accounts.
// Its error is ErrBusy or ctx's, as Verify's.
func VerifyDummy(ctx context.Context, pw string) error {
	_, err := Verify(ctx, pw, dummyHash)
	return err
}

// Check returns nil if pw may be used as a new password, and otherwise an
// EINVALID *domain.Error naming the field "password" with words the
// borrower's form shows beside it.
func Check(pw string) error {
	var msg string
	switch n := utf8.RuneCountInString(pw); {
	case n < MinLength:
		msg = "Use at least 8 characters."
	case n > MaxLength:
		msg = "Use at most 128 characters."
	case IsCommon(pw):
		msg = "This password is too common. Choose another."
	default:
		return nil
	}
	return &domain.Error{
		Code:    domain.EINVALID,
		Message: "Some fields need attention.",
		Fields:  []domain.FieldError{{Path: "password", Message: msg}},
	}
}

// params are argon2id's cost parameters as the PHC string writes them.
type params struct {
	memory uint32 // m, KiB
	passes uint32 // t
	lanes  uint8  // p
}

func (p params) key(pw string, salt []byte, n uint32) []byte {
	return argon2.IDKey([]byte(pw), salt, p.passes, p.memory, p.lanes, n)
}

func (p params) encode(salt, key []byte) string {
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s",
		argon2.Version, p.memory, p.passes, p.lanes, b64.EncodeToString(salt), b64.EncodeToString(key))
}

// decode parses a PHC argon2id string strictly: exactly the fields Hash
// writes, in its order, each within bounds.
func decode(encoded string) (p params, salt, key []byte, err error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[0] != "" || parts[1] != "argon2id" || parts[2] != "v="+strconv.Itoa(argon2.Version) {
		return p, nil, nil, ErrMalformed
	}
	fields := strings.Split(parts[3], ",")
	if len(fields) != 3 {
		return p, nil, nil, ErrMalformed
	}
	m, errM := param(fields[0], "m=", maxMemoryKiB)
	t, errT := param(fields[1], "t=", maxPasses)
	l, errP := param(fields[2], "p=", maxLanes)
	if errM != nil || errT != nil || errP != nil || m < 8*l {
		return p, nil, nil, ErrMalformed
	}
	p = params{memory: m, passes: t, lanes: uint8(l)}
	salt, errS := b64.Strict().DecodeString(parts[4])
	key, errK := b64.Strict().DecodeString(parts[5])
	if errS != nil || errK != nil || len(salt) < minSaltLen || len(salt) > maxSaltLen || len(key) < minKeyLen || len(key) > maxKeyLen {
		return p, nil, nil, ErrMalformed
	}
	return p, salt, key, nil
}

// param reads "<name><n>" with 1 <= n <= max.
func param(field, name string, max uint32) (uint32, error) {
	digits, ok := strings.CutPrefix(field, name)
	if !ok {
		return 0, ErrMalformed
	}
	n, err := strconv.ParseUint(digits, 10, 32)
	if err != nil || n < 1 || n > uint64(max) {
		return 0, ErrMalformed
	}
	return uint32(n), nil
}

// commonList is the deny list: passwords of 8 or more characters that
// attackers try first (the top of the well-known breach-corpus lists),
// lowercase, one per line. Edit the file to add more.
//
//go:embed common-passwords.txt
var commonList string

var common = func() map[string]bool {
	m := map[string]bool{}
	for line := range strings.Lines(commonList) {
		if w := strings.TrimRight(line, "\r\n"); w != "" {
			m[strings.ToLower(w)] = true
		}
	}
	return m
}()

// IsCommon reports whether pw is on the deny list, ignoring case, since
// "Password1" is tried as early as "password1".
func IsCommon(pw string) bool { return common[strings.ToLower(pw)] }
