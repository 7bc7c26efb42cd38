package schema

import (
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	"cuelang.org/go/cue"
	cueerrors "cuelang.org/go/cue/errors"
	"cuelang.org/go/encoding/yaml"
)

// TableError is one problem in a policy data table: the file, the field
// path inside it, the line, and what is wrong.
type TableError struct {
	File    string
	Field   string
	Line    int
	Message string
}

func (e TableError) String() string {
	loc := e.File
	if e.Line > 0 {
		loc = fmt.Sprintf("%s:%d", e.File, e.Line)
	}
	if e.Field != "" {
		return fmt.Sprintf("%s: %s: %s", loc, e.Field, e.Message)
	}
	return fmt.Sprintf("%s: %s", loc, e.Message)
}

// TableDefinition names the CUE definition that checks the table file at
// name: heloc/<area>/tables/data.yaml is checked against #<Area>Tables.
func TableDefinition(name string) (string, bool) {
	parts := strings.Split(name, "/")
	n := len(parts)
	if n < 3 || parts[n-2] != "tables" || (parts[n-1] != "data.yaml" && parts[n-1] != "data.yml") {
		return "", false
	}
	area := parts[n-3]
	var b strings.Builder
	for _, word := range strings.FieldsFunc(area, func(r rune) bool { return r == '_' || r == '-' }) {
		b.WriteString(strings.ToUpper(word[:1]) + word[1:])
	}
	return b.String() + "Tables", true
}

// CheckTables validates every table file of a policy tree (rules/) against
// its CUE definition, so a typo in a table that compliance edits fails the
// tests with the file and field named. It returns every problem found.
func (s *Set) CheckTables(fsys fs.FS) ([]TableError, error) {
	var names []string
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && path.Base(path.Dir(p)) == "tables" {
			names = append(names, p)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	var problems []TableError
	for _, name := range names {
		def, ok := TableDefinition(name)
		if !ok {
			problems = append(problems, TableError{File: name, Message: "a tables/ folder holds only data.yaml"})
			continue
		}
		src, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		problems = append(problems, s.checkTable(name, def, src)...)
	}
	return problems, nil
}

func (s *Set) checkTable(name, def string, src []byte) (problems []TableError) {
	s.with(func(sh *shard) error {
		problems = sh.checkTable(name, def, src)
		return nil
	})
	return problems
}

func (sh *shard) checkTable(name, def string, src []byte) []TableError {
	schema := sh.def(def)
	if !schema.Exists() {
		return []TableError{{File: name, Message: fmt.Sprintf("no CUE definition #%s in schemas/ checks this table", def)}}
	}
	file, err := yaml.Extract(name, src)
	if err != nil {
		return []TableError{{File: name, Message: err.Error()}}
	}
	v := schema.Unify(sh.ctx.BuildFile(file))
	err = v.Validate(cue.Concrete(true))
	if err == nil {
		return nil
	}
	var out []TableError
	seen := map[string]bool{}
	for _, e := range cueerrors.Errors(err) {
		format, args := e.Msg()
		te := TableError{File: name, Field: strings.Join(trimDef(e.Path()), "."), Message: fmt.Sprintf(format, args...)}
		for _, p := range cueerrors.Positions(e) {
			if p.Filename() == name {
				te.Line = p.Line()
				break
			}
		}
		if key := te.String(); !seen[key] {
			seen[key] = true
			out = append(out, te)
		}
	}
	return out
}

func trimDef(parts []string) []string {
	if len(parts) > 0 && strings.HasPrefix(parts[0], "#") {
		return parts[1:]
	}
	return parts
}
