package schema

// The hit-policy check: every policy table file (rules/heloc/<area>/tables/
// data.yaml) says, in its hitPolicies section, how the rows of each of its
// tables combine, and what of their columns a check needs to know
// (schemas/tables_hitpolicy.cue checks the declaration's shape). This file
// proves the declarations against the rows, for every table alike:
//
//   - every table of the file is declared, and every declaration is a table;
//   - no two rows of a file share an id;
//   - a column of `by` names one row: no two rows share a value of it;
//   - no range of a row is empty, and no two rows of a unique table hold
//     the same input (their ranges overlap on every range declared);
//   - the rows hold every value a table `covers`: no gap in a range, no
//     value of a column missing;
//   - a lastEffective table lists its rows in the order they take effect,
//     one a day;
//   - every code a table `names` exists where it points: a key or item of
//     another table, a column of its rows, or the reason code of a rule.
//
// CheckTables runs it after the CUE checks, so `heloc policy test` (and
// anything else that checks tables) reports its problems with the CUE ones,
// each naming the file, the table and the rows.

import (
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"

	"cuelang.org/go/cue"
	cueast "cuelang.org/go/cue/ast"
)

// hitPoliciesKey is the section of a table file that declares its tables'
// hit policies.
const hitPoliciesKey = "hitPolicies"

// The hit policies (schemas/tables_hitpolicy.cue).
const (
	policySingle        = "single"        // one row (or one value): nothing to combine
	policyUnique        = "unique"        // at most one row holds an input: rows never overlap
	policyFirst         = "first"         // rows may overlap: the first that holds wins
	policyCollect       = "collect"       // every row that holds applies, in no order
	policyRuleOrder     = "ruleOrder"     // every row that holds applies, in the rows' order
	policyLastEffective = "lastEffective" // the last row in effect on the day
)

// spellOutShorthand rewrites, in the hitPolicies section of a table file,
// each declaration written as its hit policy alone (`program: single`) as
// the object it stands for (`program: {hitPolicy: single}`), nested tables'
// declarations included, keeping the value's position, so that the CUE
// schema checks one form and names the line.
func spellOutShorthand(f *cueast.File) {
	for _, d := range f.Decls {
		if field, ok := d.(*cueast.Field); ok && labelName(field.Label) == hitPoliciesKey {
			spellOutDeclarations(field.Value)
		}
	}
}

func spellOutDeclarations(x cueast.Expr) {
	st, ok := x.(*cueast.StructLit)
	if !ok {
		return
	}
	for _, e := range st.Elts {
		field, ok := e.(*cueast.Field)
		if !ok {
			continue
		}
		switch v := field.Value.(type) {
		case *cueast.BasicLit:
			field.Value = &cueast.StructLit{Lbrace: v.ValuePos, Elts: []cueast.Decl{
				&cueast.Field{Label: cueast.NewIdent("hitPolicy"), Value: v},
			}}
		case *cueast.StructLit:
			for _, e := range v.Elts {
				if nested, ok := e.(*cueast.Field); ok && labelName(nested.Label) == "tables" {
					spellOutDeclarations(nested.Value)
				}
			}
		}
	}
}

func labelName(l cueast.Label) string {
	name, _, _ := cueast.LabelName(l)
	return name
}

// ---------------------------------------------------------------------------
// A table file's data, with the line of every value
// ---------------------------------------------------------------------------

// node is a value of a table file: a map (keys in the file's order), a list
// or a scalar (string, float64, bool or nil), with the line it is on.
type node struct {
	line   int
	keys   []string         // a map's keys, in order
	fields map[string]*node // a map's values
	items  []*node          // a list's items
	isMap  bool
	isList bool
	value  any // a scalar's value
}

// nodeOf reads the data of v, a table file built by CUE.
func nodeOf(v cue.Value) *node {
	n := &node{line: v.Pos().Line()}
	switch v.Kind() {
	case cue.StructKind:
		n.isMap, n.fields = true, map[string]*node{}
		it, err := v.Fields()
		if err != nil {
			return n
		}
		for it.Next() {
			k := it.Selector().Unquoted()
			n.keys = append(n.keys, k)
			n.fields[k] = nodeOf(it.Value())
		}
	case cue.ListKind:
		n.isList = true
		it, err := v.List()
		if err != nil {
			return n
		}
		for it.Next() {
			n.items = append(n.items, nodeOf(it.Value()))
		}
	case cue.IntKind, cue.FloatKind, cue.NumberKind:
		f, _ := v.Float64()
		n.value = f
	case cue.StringKind:
		n.value, _ = v.String()
	case cue.BoolKind:
		n.value, _ = v.Bool()
	}
	return n
}

func (n *node) isScalar() bool { return n != nil && !n.isMap && !n.isList }

// field is the map n's value at the dotted column path, or nil.
func (n *node) field(column string) *node {
	for _, k := range strings.Split(column, ".") {
		if n == nil || !n.isMap {
			return nil
		}
		n = n.fields[k]
	}
	return n
}

// text is a scalar as the file writes it.
func (n *node) text() string {
	switch v := n.value.(type) {
	case string:
		return v
	case float64:
		return formatNumber(v)
	case nil:
		return "null"
	}
	return fmt.Sprint(n.value)
}

func formatNumber(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// walk calls fn with each node at the dotted path below n: * stands for
// each value of a map, and a list met on the way is gone through item by
// item. The node at the end of the path is given as it is.
func (n *node) walk(p string, fn func(*node)) {
	var step func(n *node, segs []string)
	step = func(n *node, segs []string) {
		if n == nil {
			return
		}
		if len(segs) == 0 {
			fn(n)
			return
		}
		switch {
		case n.isList:
			for _, item := range n.items {
				step(item, segs)
			}
		case !n.isMap:
		case segs[0] == "*":
			for _, k := range n.keys {
				step(n.fields[k], segs[1:])
			}
		default:
			step(n.fields[segs[0]], segs[1:])
		}
	}
	var segs []string
	if p != "" {
		segs = strings.Split(p, ".")
	}
	step(n, segs)
}

// scalars are the scalars at the dotted path below n, a list at the end
// given item by item; a null is none.
func (n *node) scalars(p string) []*node {
	var out []*node
	n.walk(p, func(m *node) {
		items := []*node{m}
		if m.isList {
			items = m.items
		}
		for _, it := range items {
			if it.isScalar() && it.value != nil {
				out = append(out, it)
			}
		}
	})
	return out
}

// tableFile is one table file: its name in the tree, where OPA loads it
// (data.heloc.offer.tables) and its data.
type tableFile struct {
	name     string
	dataPath string
	root     *node
	// declared: the hitPolicies section passed its CUE schema, so it can
	// be read.
	declared bool
}

// dataPathOf is where OPA loads the table file at name:
// heloc/offer/tables/data.yaml is data.heloc.offer.tables.
func dataPathOf(name string) string {
	return "data." + strings.ReplaceAll(path.Dir(name), "/", ".")
}

// ---------------------------------------------------------------------------
// Declarations
// ---------------------------------------------------------------------------

// declaration is one table's entry of hitPolicies, read after its CUE
// schema passed.
type declaration struct {
	at        string // its field: hitPolicies.pricing_grid
	line      int
	policy    string
	by        []string
	ranges    []rangeColumns
	covers    map[string]*node // by range or column name, as written
	coverKeys []string
	effective string
	names     []nameSpec
	tables    []nestedTable
}

// rangeColumns are the columns that form one range of a row.
type rangeColumns struct {
	dim          string
	lower, upper string // the columns
	lowerKind    string // from or above
	upperKind    string // to, below or upTo
}

// nameSpec is one entry of names: the rows' codes at column (the rows
// themselves when "") must be among targets, written as the part * stands
// for in one of as (when given).
type nameSpec struct {
	at      string // its field in hitPolicies
	column  string
	targets []string
	as      []string
}

type nestedTable struct {
	path string
	decl *declaration
}

var lowerKinds, upperKinds = []string{"from", "above"}, []string{"to", "below", "upTo"}

// readDeclaration reads the declaration n at field at; problems with what
// CUE cannot see (a range's pair of bounds) are reported under at.
func readDeclaration(at string, n *node, file string, problems *[]TableError) *declaration {
	d := &declaration{at: at, line: n.line, covers: map[string]*node{}}
	if p := n.field("hitPolicy"); p.isScalar() {
		d.policy = p.text()
	}
	for _, c := range n.scalars("by") {
		d.by = append(d.by, c.text())
	}
	if r := n.field("ranges"); r != nil && r.isMap {
		for _, dim := range r.keys {
			rc := rangeColumns{dim: dim}
			cols := r.fields[dim]
			lowers, uppers := presentKeys(cols, lowerKinds), presentKeys(cols, upperKinds)
			if len(lowers) != 1 || len(uppers) != 1 {
				*problems = append(*problems, TableError{File: file, Field: at + ".ranges." + dim, Line: cols.line,
					Message: "A range names one lower bound column (from or above) and one upper (to, below or upTo), like {from: score.min, below: score.below}."})
				continue
			}
			rc.lowerKind, rc.upperKind = lowers[0], uppers[0]
			rc.lower, rc.upper = cols.fields[rc.lowerKind].text(), cols.fields[rc.upperKind].text()
			d.ranges = append(d.ranges, rc)
		}
	}
	if c := n.field("covers"); c != nil && c.isMap {
		d.coverKeys = c.keys
		d.covers = c.fields
	}
	if e := n.field("effective"); e.isScalar() {
		d.effective = e.text()
	}
	if names := n.field("names"); names != nil {
		if names.isMap {
			for _, col := range names.keys {
				d.names = append(d.names, readNameSpec(at+".names."+col, col, names.fields[col]))
			}
		} else {
			d.names = append(d.names, readNameSpec(at+".names", "", names))
		}
	}
	if t := n.field("tables"); t != nil && t.isMap {
		for _, p := range t.keys {
			d.tables = append(d.tables, nestedTable{path: p, decl: readDeclaration(at+".tables."+p, t.fields[p], file, problems)})
		}
	}
	return d
}

func readNameSpec(at, column string, n *node) nameSpec {
	spec := nameSpec{at: at, column: column}
	if n.isMap && n.fields["in"] != nil {
		for _, t := range n.scalars("in") {
			spec.targets = append(spec.targets, t.text())
		}
		for _, a := range n.scalars("as") {
			spec.as = append(spec.as, a.text())
		}
		return spec
	}
	for _, t := range n.scalars("") {
		spec.targets = append(spec.targets, t.text())
	}
	return spec
}

// presentKeys are those of keys that the map n has.
func presentKeys(n *node, keys []string) []string {
	var out []string
	for _, k := range keys {
		if n != nil && n.isMap && n.fields[k] != nil {
			out = append(out, k)
		}
	}
	return out
}

// ---------------------------------------------------------------------------
// The check
// ---------------------------------------------------------------------------

// hitPolicyCheck checks the table files of one tree.
type hitPolicyCheck struct {
	fsys     fs.FS
	files    []*tableFile
	sh       *shard // for the CUE enumerations a table covers
	problems []TableError
	// codes are the reason codes of each package's rules (METADATA
	// custom.code), read once when a table names one.
	codes map[string][]string
}

func (s *Set) checkHitPolicies(fsys fs.FS, files []*tableFile) []TableError {
	var problems []TableError
	s.with(func(sh *shard) error {
		c := &hitPolicyCheck{fsys: fsys, files: files, sh: sh}
		for _, f := range files {
			c.checkFile(f)
		}
		problems = c.problems
		return nil
	})
	return problems
}

// report adds a problem of file f at field.
func (c *hitPolicyCheck) report(f *tableFile, field string, line int, format string, args ...any) {
	c.problems = append(c.problems, TableError{File: f.name, Field: field, Line: line, Message: fmt.Sprintf(format, args...)})
}

func (c *hitPolicyCheck) checkFile(f *tableFile) {
	root := f.root
	if root == nil || !root.isMap {
		return
	}
	c.checkIDs(f)
	if !f.declared {
		return // its CUE problems are reported; the section cannot be read
	}
	section := root.fields[hitPoliciesKey]
	declared := map[string]*node{}
	if section != nil && section.isMap {
		declared = section.fields
	}
	for _, name := range root.keys {
		if name != hitPoliciesKey && declared[name] == nil {
			c.report(f, name, root.fields[name].line,
				"has no hit policy: say under %s how its rows combine (single, unique, first, collect, ruleOrder or lastEffective)", hitPoliciesKey)
		}
	}
	if section == nil {
		return
	}
	for _, name := range section.keys {
		at := hitPoliciesKey + "." + name
		table := root.fields[name]
		if table == nil || name == hitPoliciesKey {
			c.report(f, at, section.fields[name].line, "declares %s, which is no table of this file", name)
			continue
		}
		d := readDeclaration(at, section.fields[name], f.name, &c.problems)
		c.checkTable(f, name, table, d)
	}
}

// checkIDs reports two rows of a file with one id: a decision names the row
// that decided it by its id.
func (c *hitPolicyCheck) checkIDs(f *tableFile) {
	type seen struct {
		table string
		row   *node
	}
	first := map[string]seen{}
	for _, name := range f.root.keys {
		if name == hitPoliciesKey {
			continue
		}
		var visit func(n *node)
		visit = func(n *node) {
			switch {
			case n.isMap:
				if id := n.fields["id"]; id.isScalar() {
					if s, ok := id.value.(string); ok && s != "" {
						if prev, dup := first[s]; dup {
							c.report(f, name, id.line, "two rows share the id %s (%s, line %d, and %s, line %d): an id names one row",
								s, prev.table, prev.row.line, name, id.line)
						} else {
							first[s] = seen{table: name, row: id}
						}
					}
				}
				for _, k := range n.keys {
					visit(n.fields[k])
				}
			case n.isList:
				for _, it := range n.items {
					visit(it)
				}
			}
		}
		visit(f.root.fields[name])
	}
}

// row is one row of a table: its value, how the messages name it, and its
// line.
type row struct {
	n     *node
	label string
}

func (r row) String() string { return fmt.Sprintf("%s (line %d)", r.label, r.n.line) }

// rowsOf are the rows of table (list items or map values).
func rowsOf(table *node, d *declaration) []row {
	var rows []row
	switch {
	case table.isList:
		for i, it := range table.items {
			rows = append(rows, row{n: it, label: rowLabel(it, d, fmt.Sprintf("row %d", i+1))})
		}
	case table.isMap:
		for _, k := range table.keys {
			rows = append(rows, row{n: table.fields[k], label: k})
		}
	}
	return rows
}

// rowLabel names a list's row: by its id, else by the first column of by,
// else by its value when it is one, else by its place.
func rowLabel(n *node, d *declaration, place string) string {
	if id := n.field("id"); id.isScalar() && id.value != nil {
		return id.text()
	}
	if len(d.by) > 0 {
		if v := n.field(d.by[0]); v.isScalar() {
			return d.by[0] + " " + v.text()
		}
	}
	return place
}

// value is ", " and a row that is one value, as the file writes it, to say
// in a message; "" for a row of columns.
func value(n *node) string {
	if n.isScalar() {
		return ", " + n.text()
	}
	return ""
}

// checkTable checks the table called name (its path in the file) against
// its declaration d.
func (c *hitPolicyCheck) checkTable(f *tableFile, name string, table *node, d *declaration) {
	if d.policy == policySingle {
		c.checkNames(f, name, []row{{n: table, label: name}}, d)
		c.checkNested(f, name, []row{{n: table, label: name}}, d)
		return
	}
	if !table.isList && !table.isMap {
		c.report(f, name, table.line, "is one value, not rows: declare it %s", policySingle)
		return
	}
	rows := rowsOf(table, d)
	c.checkBy(f, name, rows, d)
	ranges := c.readRanges(f, name, rows, d)
	if d.policy == policyUnique {
		c.checkOverlaps(f, name, rows, d, ranges)
		if len(d.by) == 0 && len(d.ranges) == 0 && table.isList {
			c.checkDuplicates(f, name, rows)
		}
	}
	c.checkCovers(f, name, table, rows, d, ranges)
	if d.policy == policyLastEffective {
		c.checkEffective(f, name, table, rows, d)
	}
	c.checkNames(f, name, rows, d)
	c.checkNested(f, name, rows, d)
}

// checkBy: a column of by names one row.
func (c *hitPolicyCheck) checkBy(f *tableFile, name string, rows []row, d *declaration) {
	for _, col := range d.by {
		first := map[string]row{}
		for _, r := range rows {
			v := r.n.field(col)
			if !v.isScalar() {
				c.report(f, name, r.n.line, "%s has no %s, the column that names it (by)", r, col)
				continue
			}
			if prev, dup := first[v.text()]; dup {
				c.report(f, name, r.n.line, "%s and %s have the same %s, %s: a %s names one row", prev, r, col, v.text(), col)
				continue
			}
			first[v.text()] = r
		}
	}
}

// checkDuplicates: two rows of a unique table found by nothing narrower
// than the whole row are two rows alike.
func (c *hitPolicyCheck) checkDuplicates(f *tableFile, name string, rows []row) {
	first := map[string]row{}
	for _, r := range rows {
		key := canonical(r.n)
		if prev, dup := first[key]; dup {
			c.report(f, name, r.n.line, "%s and %s are the same%s: a unique table lists each row once", prev, r, value(r.n))
			continue
		}
		first[key] = r
	}
}

func canonical(n *node) string {
	switch {
	case n.isMap:
		keys := slices.Sorted(slices.Values(n.keys))
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = strconv.Quote(k) + ":" + canonical(n.fields[k])
		}
		return "{" + strings.Join(parts, ",") + "}"
	case n.isList:
		parts := make([]string, len(n.items))
		for i, it := range n.items {
			parts[i] = canonical(it)
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
	return fmt.Sprintf("%T:%s", n.value, n.text())
}
