package schema_test

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/heloc/heloc/rules"
	"github.com/heloc/heloc/server/schema"
)

// Every table that compliance edits matches its CUE definition.
func TestPolicyTablesMatchTheirSchemas(t *testing.T) {
	problems, err := MustLoad(t).CheckTables(rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
	var n int
	_ = fs.WalkDir(rules.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if _, ok := schema.TableDefinition(p); ok {
			n++
		}
		return err
	})
	if n == 0 {
		t.Fatal("got no table files, want every policy's tables checked")
	}
}

// A typo in a table is reported with the file, the field and the line.
func TestATypoInATableNamesTheFileAndField(t *testing.T) {
	tests := []struct {
		name, yaml, field string
	}{
		{"a misspelt key", "order:\n  propertyValue: 1\nsectoins:\n  application: Personal Info\n", "sectoins"},
		{"a negative order number", "order:\n  propertyValue: -1\n", "order.propertyValue"},
		{"a number where a label belongs", "sections:\n  application: 12\n", "sections.application"},
		{"an unknown page condition", "pages:\n  - {path: /app/application/1, label: One, area: application, step: application, when: always}\n", "pages.0.when"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := fstest.MapFS{"heloc/funnel/tables/data.yaml": {Data: []byte(tt.yaml)}}
			problems, err := MustLoad(t).CheckTables(fsys)
			if err != nil {
				t.Fatal(err)
			}
			if len(problems) == 0 {
				t.Fatal("got no problem, want the typo reported")
			}
			p := problems[0]
			if p.File != "heloc/funnel/tables/data.yaml" || p.Field != tt.field || p.Line == 0 || !strings.Contains(p.String(), tt.field) {
				t.Fatalf("got %+v, want file, field %q and line", p, tt.field)
			}
		})
	}
}

func TestATableWithoutASchemaIsReported(t *testing.T) {
	fsys := fstest.MapFS{"heloc/mystery/tables/data.yaml": {Data: []byte("x: 1\n")}}
	problems, err := MustLoad(t).CheckTables(fsys)
	if err != nil {
		t.Fatal(err)
	}
	if len(problems) != 1 || !strings.Contains(problems[0].Message, "#MysteryTables") {
		t.Fatalf("got %v, want a missing #MysteryTables reported", problems)
	}
}
