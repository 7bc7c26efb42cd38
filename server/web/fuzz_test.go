package web_test

import (
	"encoding/json"
	"net/url"
	"testing"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/web"
)

// FuzzSplitInputs: whatever a client sends as tRPC input, the splitter
// either refuses it with a parse error or returns exactly n inputs, each
// valid JSON or absent. `make test` runs the seeds.
func FuzzSplitInputs(f *testing.F) {
	for _, seed := range []string{``, `{}`, `null`, `{"slug":"a"}`, `{"0":{"a":1},"1":null}`, `{"00":1}`, `{"-1":1}`, `{"9":1}`, `[1]`, `{"0":`, "\x00", `{"0":1,"0":2}`} {
		f.Add([]byte(seed), uint8(2), true)
		f.Add([]byte(seed), uint8(1), false)
	}
	f.Fuzz(func(t *testing.T, raw []byte, n uint8, batch bool) {
		calls := int(n%16) + 1
		inputs, err := web.SplitInputs(raw, calls, batch)
		if err != nil {
			if code := domain.ErrorCode(err); code != domain.EPARSE {
				t.Fatalf("got error code %q, want %q", code, domain.EPARSE)
			}
			return
		}
		if len(inputs) != calls {
			t.Fatalf("got %d inputs, want %d", len(inputs), calls)
		}
		for i, in := range inputs {
			if in != nil && !json.Valid(in) {
				t.Fatalf("input %d is not JSON: %q", i, in)
			}
		}
	})
}

// FuzzParseAuthBody: an auth form is read, or refused with a domain error,
// never a panic; what is read has at most 16 fields, none repeated.
func FuzzParseAuthBody(f *testing.F) {
	form := "application/x-www-form-urlencoded"
	for _, seed := range []struct{ ct, body string }{
		{form, "csrfToken=abc&email=a%40b.co&json=true"},
		{form, "a=1&a=2"},
		{form, "%zz=1"},
		{form, ""},
		{"application/json", `{"csrfToken":"x","data":{"firstName":"A"}}`},
		{"application/json", `{"csrfToken":`},
		{"application/json", `[]`},
		{"text/plain", "email=a"},
		{"application/x-www-form-urlencoded; charset=utf-8", "x=" + url.QueryEscape("é")},
	} {
		f.Add(seed.ct, []byte(seed.body))
	}
	f.Fuzz(func(t *testing.T, contentType string, body []byte) {
		values, err := web.ParseAuthBody(contentType, body)
		if err != nil {
			var e *domain.Error
			if domain.ErrorCode(err) == domain.EINTERNAL || !errorsAs(err, &e) {
				t.Fatalf("got %v, want a domain error", err)
			}
			return
		}
		if len(values) > 16 {
			t.Fatalf("got %d fields, want at most 16", len(values))
		}
		for k, v := range values {
			if len(v) != 1 {
				t.Fatalf("field %q has %d values, want 1", k, len(v))
			}
		}
	})
}

func errorsAs(err error, target **domain.Error) bool {
	e, ok := err.(*domain.Error)
	*target = e
	return ok
}
