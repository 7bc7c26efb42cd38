package password_test

import (
	"context"
	"encoding/base64"
	"errors"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/password"
)

// MustHash hashes pw or fails the test.
func MustHash(tb testing.TB, pw string) string {
	tb.Helper()
	h, err := password.Hash(ctx, pw)
	if err != nil {
		tb.Fatalf("Hash: %v", err)
	}
	return h
}

var ctx = context.Background()

var phc = regexp.MustCompile(`^\$argon2id\$v=19\$m=19456,t=2,p=1\$([A-Za-z0-9+/]{22})\$([A-Za-z0-9+/]{43})$`)

// Hash writes OWASP's parameters in the PHC format, and the key in it is
// argon2id of the password under the salt in it.
func TestHash_Format(t *testing.T) {
	h := MustHash(t, "correct horse battery staple")
	m := phc.FindStringSubmatch(h)
	if m == nil {
		t.Fatalf("got %q, want $argon2id$v=19$m=19456,t=2,p=1$<22 chars>$<43 chars>", h)
	}
	salt, _ := base64.RawStdEncoding.DecodeString(m[1])
	key, _ := base64.RawStdEncoding.DecodeString(m[2])
	if len(salt) != 16 || len(key) != 32 {
		t.Fatalf("got %d-byte salt and %d-byte key, want 16 and 32", len(salt), len(key))
	}
	want := argon2.IDKey([]byte("correct horse battery staple"), salt, 2, 19456, 1, 32)
	if string(key) != string(want) {
		t.Errorf("got key %x, want argon2id(pw, salt) = %x", key, want)
	}
	if h2 := MustHash(t, "correct horse battery staple"); h2 == h {
		t.Errorf("got the same hash twice, want a fresh salt each time")
	}
	if password.NeedsRehash(h) {
		t.Errorf("got NeedsRehash true for a fresh hash, want false")
	}
}

func TestVerify(t *testing.T) {
	h := MustHash(t, "Tr0ub4dor&3")
	tests := []struct {
		name, pw string
		want     bool
	}{
		{"the password", "Tr0ub4dor&3", true},
		{"another case", "tr0ub4dor&3", false},
		{"a trailing space", "Tr0ub4dor&3 ", false},
		{"a prefix", "Tr0ub4dor&", false},
		{"empty", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := password.Verify(ctx, tt.pw, h)
			if err != nil {
				t.Fatalf("Verify: %v", err)
			}
			if got != tt.want {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

// Verify takes the parameters from the stored string, so hashes made before
// the parameters are raised (or after) still verify, and NeedsRehash says
// which to upgrade.
func TestVerify_ReadsParametersFromTheString(t *testing.T) {
	salt := []byte("0123456789abcdef")
	tests := []struct {
		name    string
		m, t    uint32
		p       uint8
		keyLen  uint32
		encoded string
	}{
		{"weaker, older", 4096, 1, 1, 32, "$argon2id$v=19$m=4096,t=1,p=1$"},
		{"two lanes, shorter key", 8192, 3, 2, 16, "$argon2id$v=19$m=8192,t=3,p=2$"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			key := argon2.IDKey([]byte("s3cret-pass"), salt, tt.t, tt.m, tt.p, tt.keyLen)
			encoded := tt.encoded + base64.RawStdEncoding.EncodeToString(salt) + "$" + base64.RawStdEncoding.EncodeToString(key)
			ok, err := password.Verify(ctx, "s3cret-pass", encoded)
			if err != nil || !ok {
				t.Fatalf("got %v, %v, want true", ok, err)
			}
			if ok, _ := password.Verify(ctx, "s3cret-pasS", encoded); ok {
				t.Errorf("got true for a wrong password, want false")
			}
			if !password.NeedsRehash(encoded) {
				t.Errorf("got NeedsRehash false for m=%d,t=%d,p=%d, want true", tt.m, tt.t, tt.p)
			}
		})
	}
}

func TestVerify_Malformed(t *testing.T) {
	good := MustHash(t, "whatever-it-is")
	parts := strings.Split(good, "$") // "", argon2id, v=19, params, salt, key
	with := func(i int, s string) string {
		p := append([]string(nil), parts...)
		p[i] = s
		return strings.Join(p, "$")
	}
	tests := []struct{ name, encoded string }{
		{"empty", ""},
		{"plain text", "whatever-it-is"},
		{"bcrypt", "$2a$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy"},
		{"argon2i", with(1, "argon2i")},
		{"argon2d", with(1, "argon2d")},
		{"old version", with(2, "v=16")},
		{"no version", with(2, "")},
		{"params out of order", with(3, "t=2,m=19456,p=1")},
		{"missing param", with(3, "m=19456,t=2")},
		{"extra param", with(3, "m=19456,t=2,p=1,k=1")},
		{"non-numeric param", with(3, "m=lots,t=2,p=1")},
		{"signed param", with(3, "m=+19456,t=2,p=1")},
		{"zero passes", with(3, "m=19456,t=0,p=1")},
		{"zero lanes", with(3, "m=19456,t=2,p=0")},
		{"too many lanes", with(3, "m=19456,t=2,p=65")},
		{"memory below 8 per lane", with(3, "m=15,t=2,p=2")},
		{"memory too large", with(3, "m=99999999,t=2,p=1")},
		{"passes too many", with(3, "m=19456,t=1000,p=1")},
		{"salt not base64", with(4, "!!!!")},
		{"salt padded", with(4, parts[4]+"==")},
		{"salt too short", with(4, "c2FsdA")},
		{"key not base64", with(5, "***")},
		{"key too short", with(5, "a2V5")},
		{"key empty", with(5, "")},
		{"trailing field", good + "$x"},
		{"no leading $", strings.TrimPrefix(good, "$")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ok, err := password.Verify(ctx, "whatever-it-is", tt.encoded)
			if !errors.Is(err, password.ErrMalformed) || ok {
				t.Errorf("got %v, %v, want false, ErrMalformed", ok, err)
			}
			if !password.NeedsRehash(tt.encoded) {
				t.Errorf("got NeedsRehash false for a malformed hash, want true")
			}
		})
	}
}

// The dummy hash is made with today's parameters, so VerifyDummy costs
// what a real Verify costs; and it matches nothing likely.
func TestVerifyDummy(t *testing.T) {
	if password.NeedsRehash(password.DummyHash) {
		t.Fatalf("dummy hash %q uses other parameters than Hash: regenerate it", password.DummyHash)
	}
	for _, pw := range []string{"", "password", "dummy"} {
		if ok, err := password.Verify(ctx, pw, password.DummyHash); ok || err != nil {
			t.Errorf("Verify(%q, dummy): got %v, %v, want false, nil", pw, ok, err)
		}
	}
	if err := password.VerifyDummy(ctx, "anything at all"); err != nil {
		t.Errorf("VerifyDummy: %v", err)
	}
}

func TestCheck(t *testing.T) {
	const (
		short  = "Use at least 8 characters."
		long   = "Use at most 128 characters."
		common = "This password is too common. Choose another."
	)
	tests := []struct {
		name, pw, want string // want "" means accepted
	}{
		{"empty", "", short},
		{"seven characters", "k7#vQ2m", short},
		{"eight characters", "k7#vQ2mz", ""},
		{"seven characters in eight-plus bytes", "ñandú€1", short},
		{"eight non-ASCII characters", "ñandú€12", ""},
		{"a passphrase", "correct horse battery staple", ""},
		{"128 characters", strings.Repeat("aB3$", 32), ""},
		{"129 characters", strings.Repeat("aB3$", 32) + "x", long},
		{"128 characters of 2 bytes each", strings.Repeat("é", 128), ""},
		{"password", "password", common},
		{"Password, capitalised", "Password", common},
		{"PASSWORD1, in capitals", "PASSWORD1", common},
		{"12345678", "12345678", common},
		{"qwertyuiop", "qwertyuiop", common},
		{"iloveyou1", "iloveyou1", common},
		{"common with a twist", "iloveyou1-heloc", ""},
		{"short and common", "123456", short},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := password.Check(tt.pw)
			if tt.want == "" {
				if err != nil {
					t.Fatalf("got %v, want nil", err)
				}
				return
			}
			var e *domain.Error
			if !errors.As(err, &e) {
				t.Fatalf("got %v (%T), want a *domain.Error", err, err)
			}
			if e.Code != domain.EINVALID {
				t.Errorf("got code %q, want %q", e.Code, domain.EINVALID)
			}
			want := []domain.FieldError{{Path: "password", Message: tt.want}}
			if len(e.Fields) != 1 || e.Fields[0] != want[0] {
				t.Errorf("got fields %+v, want %+v", e.Fields, want)
			}
		})
	}
}

// The deny list is what Check assumes: lowercase (it is compared in lower
// case), 8+ characters (shorter ones fail on length first), no duplicates,
// and long enough to matter.
func TestCommonList(t *testing.T) {
	lines := strings.Split(strings.TrimSuffix(password.CommonList, "\n"), "\n")
	if len(lines) < 400 {
		t.Errorf("got %d common passwords, want at least 400", len(lines))
	}
	seen := map[string]int{}
	for i, w := range lines {
		switch {
		case w != strings.ToLower(w):
			t.Errorf("line %d: got %q, want it lowercase", i+1, w)
		case utf8.RuneCountInString(w) < password.MinLength:
			t.Errorf("line %d: got %q, want at least %d characters", i+1, w, password.MinLength)
		case w != strings.TrimSpace(w):
			t.Errorf("line %d: got %q, want no surrounding space", i+1, w)
		case seen[w] > 0:
			t.Errorf("line %d: got %q again (first on line %d), want each once", i+1, w, seen[w])
		}
		seen[w] = i + 1
		if !password.IsCommon(w) || !password.IsCommon(strings.ToUpper(w)) {
			t.Errorf("line %d: got IsCommon(%q) false, want true in any case", i+1, w)
		}
	}
}

func BenchmarkHash(b *testing.B) {
	for b.Loop() {
		if _, err := password.Hash(ctx, "correct horse battery staple"); err != nil {
			b.Fatal(err)
		}
	}
}
