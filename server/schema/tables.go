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
	var files []*tableFile
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
		var found []TableError
		var file *tableFile
		s.with(func(sh *shard) error {
			found, file = sh.checkTable(name, def, src)
			return nil
		})
		problems = append(problems, found...)
		if file != nil {
			files = append(files, file)
		}
	}
	// Then what each file's hitPolicies section declares of its tables,
	// proved against their rows (hitpolicy.go).
	problems = append(problems, s.checkHitPolicies(fsys, files)...)
	return problems, nil
}

// checkTable checks the table file name against its CUE definition def,
// and reads its data for the hit-policy check (nil when it has no
// definition or cannot be read).
func (sh *shard) checkTable(name, def string, src []byte) ([]TableError, *tableFile) {
	schema := sh.def(def)
	if !schema.Exists() {
		return []TableError{{File: name, Message: fmt.Sprintf("no CUE definition #%s in schemas/ checks this table", def)}}, nil
	}
	file, err := yaml.Extract(name, src)
	if err != nil {
		return []TableError{{File: name, Message: err.Error()}}, nil
	}
	spellOutShorthand(file)
	data := sh.ctx.BuildFile(file)
	var table *tableFile
	if data.Err() == nil {
		table = &tableFile{name: name, dataPath: dataPathOf(name), root: nodeOf(data), declared: true}
	}
	v := schema.Unify(data)
	err = v.Validate(cue.Concrete(true))
	if err == nil {
		return nil, table
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
	out = plainDeclarationErrors(out)
	for _, e := range out {
		if table != nil && (e.Field == hitPoliciesKey || strings.HasPrefix(e.Field, hitPoliciesKey+".")) {
			table.declared = false
		}
	}
	return out, table
}

// plainDeclarationErrors keeps, of the errors in a file's hitPolicies
// section, the ones a reader can act on. A declaration is a hit policy's
// name or an object: CUE tries both and reports why each failed
// ("conflicting values ... mismatched types", "N errors in empty
// disjunction"), where one message written for the reader says what is
// wrong. Per table declared, CUE's own wording is left out where a better
// message is there, a message at a field is left out where one is given
// deeper inside it, and each message is given once. Errors outside the
// section are kept as they are.
func plainDeclarationErrors(errs []TableError) []TableError {
	kind := func(e TableError) int {
		switch {
		case strings.Contains(e.Message, "errors in empty disjunction"):
			return -1
		case strings.HasPrefix(e.Message, "field "):
			return 1
		case generic(e.Message) || strings.HasPrefix(e.Message, "incomplete value"):
			return 0
		}
		return 2
	}
	// The declaration an error is in: hitPolicies.<table>, or "" outside
	// the section.
	table := func(e TableError) string {
		parts := strings.SplitN(e.Field, ".", 3)
		if parts[0] != hitPoliciesKey {
			return ""
		}
		return strings.Join(parts[:min(2, len(parts))], ".")
	}
	better := map[string]bool{} // tables with an error better than CUE's wording
	for _, e := range errs {
		if t := table(e); t != "" && kind(e) > 0 {
			better[t] = true
		}
	}
	keep := func(e TableError) bool {
		k := kind(e)
		return k > 0 || k == 0 && !better[table(e)]
	}
	var out []TableError
	said := map[string]bool{}
	for _, e := range errs {
		t := table(e)
		if t == "" {
			out = append(out, e)
			continue
		}
		if !keep(e) || said[t+"\x00"+e.Message] {
			continue
		}
		deeper := false
		for _, o := range errs {
			if o.Field != e.Field && strings.HasPrefix(o.Field, e.Field+".") && keep(o) {
				deeper = true
				break
			}
		}
		if !deeper {
			said[t+"\x00"+e.Message] = true
			out = append(out, e)
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
