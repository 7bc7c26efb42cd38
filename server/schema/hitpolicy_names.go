package schema

// The hit-policy check (hitpolicy.go), the order of a lastEffective
// table's rows and the codes a table `names`.

import (
	"fmt"
	"io/fs"
	"strings"
	"time"

	regoast "github.com/open-policy-agent/opa/v1/ast"
)

// ---------------------------------------------------------------------------
// Last effective
// ---------------------------------------------------------------------------

// checkEffective: a lastEffective table lists its rows in the order they
// take effect, one a day, each on a day yyyy-MM-dd.
func (c *hitPolicyCheck) checkEffective(f *tableFile, name string, table *node, rows []row, d *declaration) {
	if !table.isList {
		c.report(f, name, table.line, "a lastEffective table is a list of rows in the order they take effect")
		return
	}
	var prev *row
	var prevDay time.Time
	for i, r := range rows {
		v := r.n.field(d.effective)
		day, err := time.Parse("2006-01-02", func() string {
			if v.isScalar() {
				s, _ := v.value.(string)
				return s
			}
			return ""
		}())
		if err != nil {
			c.report(f, name, r.n.line, "%s has no day it takes effect (%s, yyyy-MM-dd)", r, d.effective)
			prev = nil
			continue
		}
		if prev != nil && !day.After(prevDay) {
			c.report(f, name, r.n.line, "%s and %s are not in the order they take effect: %s takes effect on %s, not after %s: the last row in effect decides, so each row takes effect after the one above it",
				*prev, r, r.label, v.text(), prevDay.Format("2006-01-02"))
		}
		prev, prevDay = &rows[i], day
	}
}

// ---------------------------------------------------------------------------
// Codes named
// ---------------------------------------------------------------------------

// checkNames: every code the rows name exists where the declaration points.
func (c *hitPolicyCheck) checkNames(f *tableFile, name string, rows []row, d *declaration) {
	for _, spec := range d.names {
		exists, where, ok := c.targets(f, spec)
		if !ok {
			continue
		}
		for _, r := range rows {
			for _, v := range r.n.scalars(spec.column) {
				if !exists(v.text()) {
					column := ""
					if spec.column != "" {
						column = " at " + spec.column
					}
					c.report(f, name, v.line, "%s names %s%s, which %s", r, v.text(), column, where)
				}
			}
		}
	}
}

// targets is whether a code exists where spec points, and where that is in
// words. ok is false when it cannot be told: the declaration is reported,
// or the rules' reason codes are not in the tree (a tree of tables only).
func (c *hitPolicyCheck) targets(f *tableFile, spec nameSpec) (exists func(string) bool, where string, ok bool) {
	set := map[string]bool{}
	var words []string
	for _, t := range spec.targets {
		if pkg, isCode := strings.CutPrefix(t, "rule codes of "); isCode {
			codes := c.ruleCodes(pkg)
			if codes == nil {
				return nil, "", false
			}
			for _, code := range codes {
				set[code] = true
			}
			words = append(words, "no rule of "+pkg+" gives (METADATA custom.code)")
			continue
		}
		values, found := c.resolve(t)
		if !found {
			c.report(f, spec.at, 0, "names %s, which is no table of the rules", t)
			return nil, "", false
		}
		for _, v := range values {
			set[v.text()] = true
		}
		words = append(words, t+" does not have")
	}
	where = strings.Join(words, ", and ")
	if len(spec.as) > 0 {
		where = fmt.Sprintf("written as %s, %s", strings.Join(spec.as, " or "), where)
	}
	return func(code string) bool {
		if len(spec.as) == 0 {
			return set[code]
		}
		for _, pattern := range spec.as {
			if set[strings.Replace(pattern, "*", code, 1)] {
				return true
			}
		}
		return false
	}, where, true
}

// resolve is the values at a path of the rules' data
// (data.heloc.documents.tables.types): a map's keys, a list's items, a
// column of a list's rows, or one value. found is false when no table file
// of the tree holds the path.
func (c *hitPolicyCheck) resolve(ref string) (values []*node, found bool) {
	var file *tableFile
	for _, f := range c.files {
		if (ref == f.dataPath || strings.HasPrefix(ref, f.dataPath+".")) && (file == nil || len(f.dataPath) > len(file.dataPath)) {
			file = f
		}
	}
	if file == nil || file.root == nil {
		return nil, false
	}
	rest := strings.TrimPrefix(strings.TrimPrefix(ref, file.dataPath), ".")
	file.root.walk(rest, func(n *node) {
		found = true
		switch {
		case n.isMap:
			for _, k := range n.keys {
				values = append(values, &node{line: n.fields[k].line, value: k})
			}
		case n.isList:
			for _, it := range n.items {
				if it.isScalar() {
					values = append(values, it)
				}
			}
		default:
			values = append(values, n)
		}
	})
	return values, found
}

// ruleCodes are the reason codes (METADATA custom.code) of the rules of pkg
// and its subpackages, or nil when the tree holds none of its policies.
func (c *hitPolicyCheck) ruleCodes(pkg string) []string {
	if c.codes == nil {
		c.codes = map[string][]string{}
		_ = fs.WalkDir(c.fsys, ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".rego") || strings.HasSuffix(p, "_test.rego") {
				return nil
			}
			src, err := fs.ReadFile(c.fsys, p)
			if err != nil {
				return nil
			}
			m, err := regoast.ParseModuleWithOpts(p, string(src), regoast.ParserOptions{RegoVersion: regoast.RegoV1, ProcessAnnotation: true})
			if err != nil || m == nil {
				return nil // the Rego checks report it
			}
			name := strings.TrimPrefix(m.Package.Path.String(), "data.")
			codes := c.codes[name]
			if codes == nil {
				codes = []string{}
			}
			for _, a := range m.Annotations {
				if code, ok := a.Custom["code"].(string); ok {
					codes = append(codes, code)
				}
			}
			c.codes[name] = codes
			return nil
		})
	}
	var out []string
	for name, codes := range c.codes {
		if name == pkg || strings.HasPrefix(name, pkg+".") {
			if out == nil {
				out = []string{}
			}
			out = append(out, codes...)
		}
	}
	return out
}

// checkNested checks the tables inside each row.
func (c *hitPolicyCheck) checkNested(f *tableFile, name string, rows []row, d *declaration) {
	for _, nt := range d.tables {
		for _, r := range rows {
			at := name
			if r.label != name {
				at += "." + r.label
			}
			r.n.walk(nt.path, func(table *node) {
				c.checkTable(f, at+"."+nt.path, table, nt.decl)
			})
		}
	}
}
