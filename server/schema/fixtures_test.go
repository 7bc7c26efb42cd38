package schema_test

import (
	"encoding/json"
	"io/fs"
	"strings"
	"testing"

	"github.com/heloc/heloc/fixtures"
	"github.com/heloc/heloc/server/domain"
)

// The example applications that tests and the demo share are ones the
// server would accept: each validates as #Application.
func TestFixtureApplicationsAreValid(t *testing.T) {
	names, err := fs.Glob(fixtures.FS, "policy-inputs/documents-*.json")
	if err != nil {
		t.Fatal(err)
	}
	if len(names) == 0 {
		t.Fatal("got no documents fixtures")
	}
	s := MustLoad(t)
	for _, name := range names {
		t.Run(strings.TrimPrefix(name, "policy-inputs/"), func(t *testing.T) {
			b, err := fs.ReadFile(fixtures.FS, name)
			if err != nil {
				t.Fatal(err)
			}
			var doc struct{ Application json.RawMessage }
			if err := json.Unmarshal(b, &doc); err != nil {
				t.Fatal(err)
			}
			var out any
			if err := s.Decode("Application", doc.Application, &out); err != nil {
				t.Fatalf("got %v %v, want the fixture accepted", err, domain.ErrorFields(err))
			}
		})
	}
}
