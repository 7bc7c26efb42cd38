package schema_test

import (
	"bytes"
	"os"
	"sync"
	"testing"

	"github.com/heloc/heloc/schemas"
	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/schema"
)

func MustLoad(tb testing.TB) *schema.Set {
	tb.Helper()
	s, err := loadSchemas()
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// loadSchemas loads schemas/ once for the package's tests, as the server
// loads it once for its requests: a Set is only read once loaded, and
// compiling the CUE again for each test was most of the package's time.
var loadSchemas = sync.OnceValues(func() (*schema.Set, error) { return schema.Load(schemas.FS) })

type quoteInput struct {
	Email               string `json:"email"`
	FetchOriginationFee bool   `json:"fetchOriginationFee"`
}

func TestDecodeFillsDefaults(t *testing.T) {
	var in quoteInput
	if err := MustLoad(t).Decode("QuoteCurrentInput", []byte(`{"email":"ana@example.com"}`), &in); err != nil {
		t.Fatal(err)
	}
	if in.Email != "ana@example.com" || in.FetchOriginationFee {
		t.Fatalf("got %+v, want the e-mail and fetchOriginationFee false", in)
	}
}

// Each bad input is refused with a message a form can show beside the field.
func TestDecodeRefusesBadInput(t *testing.T) {
	tests := []struct {
		name, def, input string
		code, path, msg  string
	}{
		{"e-mail without a domain", "QuoteCurrentInput", `{"email":"ana@"}`, domain.EINVALID, "email", "Enter an e-mail address like name@example.com."},
		{"e-mail of the wrong type", "QuoteCurrentInput", `{"email":42}`, domain.EINVALID, "email", "Enter an e-mail address like name@example.com."},
		{"missing e-mail", "QuoteCurrentInput", `{}`, domain.EINVALID, "email", "This field is required."},
		{"unknown field", "QuoteCurrentInput", `{"email":"ana@example.com","isAdmin":true}`, domain.EINVALID, "isAdmin", "This field is not allowed."},
		{"not an object", "QuoteCurrentInput", `[1,2]`, domain.EINVALID, "", "This field has the wrong type."},
		{"object where a string belongs", "QuoteCurrentInput", `{"email":{"x":1}}`, domain.EINVALID, "email", "This field has the wrong type."},
		{"negative balance", "Balance", `-1`, domain.EINVALID, "", "Enter a whole dollar amount from 0 to 100,000,000."},
		{"fractional balance", "Balance", `10.5`, domain.EINVALID, "", "Enter a whole dollar amount from 0 to 100,000,000."},
		{"date in the wrong format", "Date", `"11/22/2026"`, domain.EINVALID, "", "Enter a real date, as yyyy-MM-dd."},
		{"short password", "Password", `"seven77"`, domain.EINVALID, "", "Your password has at least 8 characters."},
		{"slug with a slash", "InsightInput", `{"slug":"../etc"}`, domain.EINVALID, "slug", "Use lowercase letters, digits and hyphens."},
		{"property usage outside the enumeration", "PropertyUsage", `"vacation"`, domain.EINVALID, "", "Choose Primary Home, Secondary Home or Rental Property."},
		{"malformed JSON", "QuoteCurrentInput", `{"email":`, domain.EPARSE, "", ""},
	}
	s := MustLoad(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out any
			err := s.Decode(tt.def, []byte(tt.input), &out)
			if got := domain.ErrorCode(err); got != tt.code {
				t.Fatalf("got code %q (%v), want %q", got, err, tt.code)
			}
			if tt.msg == "" {
				return
			}
			fields := domain.ErrorFields(err)
			if len(fields) != 1 || fields[0].Path != tt.path || fields[0].Message != tt.msg {
				t.Fatalf("got fields %+v, want one at %q saying %q", fields, tt.path, tt.msg)
			}
		})
	}
}

func TestDecodeAcceptsGoodValues(t *testing.T) {
	tests := []struct{ def, input string }{
		{"Balance", `0`},
		{"Balance", `250000`},
		{"Date", `"2026-11-22"`},
		{"Password", `"correct horse"`},
		{"PropertyUsage", `"secondHome"`},
		{"PropertyType", `"condo"`},
		{"InsightInput", `{"slug":"what-is-a-heloc"}`},
	}
	s := MustLoad(t)
	for _, tt := range tests {
		t.Run(tt.def+" "+tt.input, func(t *testing.T) {
			var out any
			if err := s.Decode(tt.def, []byte(tt.input), &out); err != nil {
				t.Fatalf("got %v, want nil", err)
			}
		})
	}
}

// The committed OpenAPI export is what the webapp's types are generated
// from; it must match the schemas (make generate rewrites it).
func TestOpenAPIIsUpToDate(t *testing.T) {
	got, err := MustLoad(t).OpenAPI()
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("../../schemas/openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("schemas/openapi.json is stale: run 'make generate' and commit the result")
	}
}

func BenchmarkDecode(b *testing.B) {
	s := MustLoad(b)
	input := []byte(`{"email":"ana@example.com","fetchOriginationFee":true}`)
	b.ReportAllocs()
	for b.Loop() {
		var in quoteInput
		if err := s.Decode("QuoteCurrentInput", input, &in); err != nil {
			b.Fatal(err)
		}
	}
}

// FuzzDecode feeds arbitrary bytes to the input decoder: it must never
// panic, and must either accept or refuse with a domain error (never an
// internal one), whatever a client sends.
func FuzzDecode(f *testing.F) {
	for _, seed := range []string{
		`{"email":"ana@example.com"}`, `{"email":"ana@example.com","fetchOriginationFee":true}`,
		`{}`, `[]`, `null`, `"x"`, `1e400`, `{"email":{"nested":[1,2,{"a":null}]}}`,
		`{"email":"a@b.co","email":"dup@b.co"}`, `{"slug":"what-is-a-heloc"}`, "{\"email\":\"\xff\"}", `{"a":`,
	} {
		f.Add("QuoteCurrentInput", []byte(seed))
		f.Add("InsightInput", []byte(seed))
	}
	s := MustLoad(f)
	f.Fuzz(func(t *testing.T, def string, input []byte) {
		if def != "QuoteCurrentInput" && def != "InsightInput" {
			return
		}
		var out map[string]any
		err := s.Decode(def, input, &out)
		if err != nil && domain.ErrorCode(err) == domain.EINTERNAL {
			t.Fatalf("got internal error %v for %q", err, input)
		}
	})
}

// BenchmarkDecodeParallel is Decode under concurrent requests, as the
// server sees it; compare with BenchmarkDecode in the same run.
func BenchmarkDecodeParallel(b *testing.B) {
	s := MustLoad(b)
	input := []byte(`{"email":"ana@example.com","fetchOriginationFee":true}`)
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			var in quoteInput
			if err := s.Decode("QuoteCurrentInput", input, &in); err != nil {
				b.Error(err)
				return
			}
		}
	})
}
