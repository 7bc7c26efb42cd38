package web_test

import (
	"context"
	"strings"
	"testing"

	"github.com/heloc/heloc/server/store/storetest"
	"github.com/heloc/heloc/server/web"
)

// A NUL in a name made PostgreSQL answer 500 (SQLSTATE 22021) where SQLite
// stored it; a million-character name was stored and an absurd property
// value decided. The schemas refuse them now, so both databases answer 400
// BAD_REQUEST naming the field, and nothing is written.
func TestUnboundedInputIsRefusedOnEveryDatabase(t *testing.T) {
	for _, dialect := range []string{"sqlite", "postgres"} {
		t.Run(dialect, func(t *testing.T) {
			s := mustOpenServerOn(t, dialect)
			b := s.browser(t)
			for _, tt := range []struct{ name, proc, input, path string }{
				{"NUL in a first name", "identity.createAccount", `{"email":"nul@example.com","firstName":"a\u0000b","lastName":"Ng","phone":null}`, "firstName"},
				{"NUL in a last name", "identity.createAccount", `{"email":"nul@example.com","firstName":"Ana","lastName":"\u0000","phone":null}`, "lastName"},
				{"a million-character first name", "identity.createAccount", `{"email":"long@example.com","firstName":"` + strings.Repeat("a", 1_000_000) + `","lastName":"Ng","phone":null}`, "firstName"},
				{"largest int64 property value", "prequal.estimate", `{"propertyValue":9223372036854775807,"mortgageBalance":100000,"propertyUsage":"primaryResidence"}`, "propertyValue"},
			} {
				resp, res := b.trpc("POST", tt.proc, tt.input)
				if resp.StatusCode != 400 || res.Error == nil || res.Error.Data.Code != "BAD_REQUEST" {
					t.Fatalf("%s: got %d %+v, want 400 BAD_REQUEST", tt.name, resp.StatusCode, res.Error)
				}
				if f := res.Error.Data.Fields; len(f) != 1 || f[0].Path != tt.path || !strings.Contains(f[0].Message, "characters") && !strings.Contains(f[0].Message, "100,000,000") {
					t.Fatalf("%s: got fields %+v, want one at %s naming the bound", tt.name, f, tt.path)
				}
			}
			for _, email := range []string{"nul@example.com", "long@example.com"} {
				if a, err := s.DB.FindApplicantByEmail(context.Background(), email); err == nil {
					t.Errorf("got %+v stored, want no account", a)
				}
			}

			// The same for a signed-in applicant changing their name.
			b.signIn("prime@example.com")
			token := b.csrf(applicantAuth)
			resp, body := b.send("POST", applicantAuth+"/session", "application/json", `{"csrfToken":"`+token+`","data":{"firstName":"a\u0000b"}}`, nil)
			if resp.StatusCode != 400 || !strings.Contains(string(body), `"path":"firstName"`) {
				t.Fatalf("session update: got %d %s, want 400 with the first name refused at its field", resp.StatusCode, body)
			}
			if a, err := s.DB.FindApplicantByEmail(context.Background(), "prime@example.com"); err != nil || a.FirstName != "Olivia" {
				t.Fatalf("got %+v, %v; want the name unchanged", a, err)
			}
		})
	}
}

// mustOpenServerOn is MustOpenServer over a fresh database of dialect: a
// SQLite file, or a schema of its own on the PostgreSQL server of
// TEST_DATABASE_URL (default 127.0.0.1:5432), skipping when none answers.
func mustOpenServerOn(tb testing.TB, dialect string) *testServer {
	tb.Helper()
	if dialect == "sqlite" {
		return MustOpenServer(tb, web.Config{})
	}
	return mustOpenServerAt(tb, web.Config{}, storetest.DSN(tb, "postgres"))
}
