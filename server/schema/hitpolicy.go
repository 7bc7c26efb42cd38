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
	"math"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"cuelang.org/go/cue"
	cueast "cuelang.org/go/cue/ast"
	regoast "github.com/open-policy-agent/opa/v1/ast"
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

// ---------------------------------------------------------------------------
// Ranges
// ---------------------------------------------------------------------------

// end is one end of an interval: its value and whether it is included.
type end struct {
	v      float64
	closed bool
}

// interval is a range of one dimension. A dimension of whole numbers holds
// closed intervals of whole numbers only (from 300 below 640 is 300 to 639).
type interval struct{ lo, hi end }

// dimension is one declared range of a table: whether it holds whole
// numbers only.
type dimension struct {
	rangeColumns
	whole bool
}

// rowRanges are the intervals of each row (nil where a bound is missing
// or not a number), by dimension in the declaration's order.
type rowRanges struct {
	dims []dimension
	of   [][]interval // by row, then dimension
}

// readRanges reads each row's ranges, reporting a bound that is missing or
// no number, and a range that holds nothing.
func (c *hitPolicyCheck) readRanges(f *tableFile, name string, rows []row, d *declaration) rowRanges {
	rr := rowRanges{of: make([][]interval, len(rows))}
	if len(d.ranges) == 0 {
		return rr
	}
	raw := make([][][2]*float64, len(rows)) // by row, dimension: lower, upper
	for _, rc := range d.ranges {
		whole := true
		for i, r := range rows {
			var pair [2]*float64
			for j, col := range []string{rc.lower, rc.upper} {
				v := r.n.field(col)
				x, ok := number(v)
				switch {
				case v == nil || v.isScalar() && v.value == nil:
					c.report(f, name, r.n.line, "%s has no %s, a bound of its %s range", r, col, rc.dim)
				case !ok:
					c.report(f, name, v.line, "%s: %s is %s, not a number", r, col, v.text())
				default:
					pair[j] = &x
					whole = whole && x == math.Trunc(x)
				}
			}
			raw[i] = append(raw[i], pair)
		}
		for _, b := range c.coverBounds(f, d, rc.dim) {
			whole = whole && b.v == math.Trunc(b.v)
		}
		rr.dims = append(rr.dims, dimension{rangeColumns: rc, whole: whole})
	}
	for i, r := range rows {
		rr.of[i] = make([]interval, len(rr.dims))
		ok := true
		for j, dim := range rr.dims {
			pair := raw[i][j]
			if pair[0] == nil || pair[1] == nil {
				ok = false
				continue
			}
			in := dim.interval(*pair[0], *pair[1])
			rr.of[i][j] = in
			if in.empty(dim.whole) {
				c.report(f, name, r.n.line, "%s holds no %s: its range runs %s %s %s %s", r, dim.dim,
					dim.lowerKind, formatNumber(*pair[0]), dim.upperKind, formatNumber(*pair[1]))
				ok = false
			}
		}
		if !ok {
			rr.of[i] = nil
		}
	}
	return rr
}

// number is a bound's value: a number, or a string of digits (a ZIP
// prefix, "005").
func number(n *node) (float64, bool) {
	if !n.isScalar() {
		return 0, false
	}
	switch v := n.value.(type) {
	case float64:
		return v, true
	case string:
		if v != "" && strings.Trim(v, "0123456789") == "" {
			x, err := strconv.ParseFloat(v, 64)
			return x, err == nil
		}
	}
	return 0, false
}

// interval is the range from lo to hi as the dimension's bound kinds say.
func (dim dimension) interval(lo, hi float64) interval {
	return makeInterval(dim.whole, dim.lowerKind, lo, dim.upperKind, hi)
}

func makeInterval(whole bool, lowerKind string, lo float64, upperKind string, hi float64) interval {
	in := interval{lo: end{lo, lowerKind == "from"}, hi: end{hi, upperKind != "below"}}
	if whole {
		if !in.lo.closed {
			in.lo = end{math.Floor(lo) + 1, true}
		}
		if !in.hi.closed {
			in.hi = end{math.Ceil(hi) - 1, true}
		}
	}
	return in
}

func (in interval) empty(whole bool) bool {
	if whole {
		return in.lo.v > in.hi.v
	}
	return in.lo.v > in.hi.v || in.lo.v == in.hi.v && !(in.lo.closed && in.hi.closed)
}

// intersect is the part a and b share (empty when they share none).
func intersect(a, b interval) interval {
	lo, hi := a.lo, a.hi
	if b.lo.v > lo.v || b.lo.v == lo.v && !b.lo.closed {
		lo = b.lo
	}
	if b.hi.v < hi.v || b.hi.v == hi.v && !b.hi.closed {
		hi = b.hi
	}
	return interval{lo, hi}
}

func (in interval) holds(x float64) bool {
	return (in.lo.v < x || in.lo.closed && in.lo.v == x) && (x < in.hi.v || in.hi.closed && in.hi.v == x)
}

// describe writes the interval for a message: "760 to 850", "above 0.7 to
// 0.8", "from 0 below 0.7".
func (in interval) describe(whole bool) string {
	if whole || in.lo.closed && in.hi.closed {
		if in.lo.v == in.hi.v {
			return formatNumber(in.lo.v)
		}
		return formatNumber(in.lo.v) + " to " + formatNumber(in.hi.v)
	}
	lo, hi := "above "+formatNumber(in.lo.v), "to "+formatNumber(in.hi.v)
	if in.lo.closed {
		lo = "from " + formatNumber(in.lo.v)
	}
	if !in.hi.closed {
		hi = "below " + formatNumber(in.hi.v)
	}
	return lo + " " + hi
}

// describeBox writes one interval per dimension: "score 760 to 850, cltv
// above 0.7 to 0.8".
func describeBox(dims []dimension, box []interval) string {
	parts := make([]string, len(dims))
	for i, dim := range dims {
		parts[i] = dim.dim + " " + box[i].describe(dim.whole)
	}
	return strings.Join(parts, ", ")
}

// checkOverlaps: no two rows of a unique table with ranges hold one input.
func (c *hitPolicyCheck) checkOverlaps(f *tableFile, name string, rows []row, d *declaration, rr rowRanges) {
	if len(rr.dims) == 0 {
		return
	}
	for i := range rows {
		for j := i + 1; j < len(rows); j++ {
			a, b := rr.of[i], rr.of[j]
			if a == nil || b == nil {
				continue
			}
			shared := make([]interval, len(rr.dims))
			overlap := true
			for k, dim := range rr.dims {
				shared[k] = intersect(a[k], b[k])
				if shared[k].empty(dim.whole) {
					overlap = false
					break
				}
			}
			if overlap {
				c.report(f, name, rows[j].n.line, "%s and %s overlap: both hold %s, and in a unique table one row holds each input",
					rows[i], rows[j], describeBox(rr.dims, shared))
			}
		}
	}
}

// ---------------------------------------------------------------------------
// Coverage
// ---------------------------------------------------------------------------

// coverBounds are the values of the bounds that d covers over dim (for
// telling whether the dimension holds whole numbers); unresolved bounds are
// left out, and reported by checkCovers.
func (c *hitPolicyCheck) coverBounds(f *tableFile, d *declaration, dim string) []end {
	spec := d.covers[dim]
	if spec == nil || !spec.isMap {
		return nil
	}
	var out []end
	for _, k := range spec.keys {
		if x, err := c.bound(spec.fields[k]); err == nil {
			out = append(out, end{v: x})
		}
	}
	return out
}

// bound is the value of a bound to cover: a number, another table's value,
// or the highest or lowest of another table's column.
func (c *hitPolicyCheck) bound(n *node) (float64, error) {
	if x, ok := number(n); ok {
		return x, nil
	}
	ref := n.text()
	agg := ""
	for _, a := range []string{"highest", "lowest"} {
		if strings.HasPrefix(ref, a+" of ") {
			agg, ref = a, strings.TrimPrefix(ref, a+" of ")
		}
	}
	values, ok := c.resolve(ref)
	if !ok || len(values) == 0 {
		return 0, fmt.Errorf("%s is no value of the rules", ref)
	}
	var xs []float64
	for _, v := range values {
		x, ok := number(v)
		if !ok {
			return 0, fmt.Errorf("%s holds %s, not a number", ref, v.text())
		}
		xs = append(xs, x)
	}
	switch {
	case agg == "highest":
		return slices.Max(xs), nil
	case agg == "lowest":
		return slices.Min(xs), nil
	case len(xs) > 1:
		return 0, fmt.Errorf("%s holds %d values: say the highest of or the lowest of them", ref, len(xs))
	}
	return xs[0], nil
}

// checkCovers: the rows hold every value the table covers.
func (c *hitPolicyCheck) checkCovers(f *tableFile, name string, table *node, rows []row, d *declaration, rr rowRanges) {
	var dims []int // the covered range dimensions, by index in rr.dims
	var domain []interval
	for _, key := range d.coverKeys {
		at := d.at + ".covers." + key
		spec := d.covers[key]
		dimIndex := slices.IndexFunc(rr.dims, func(dim dimension) bool { return dim.dim == key })
		switch {
		case dimIndex >= 0:
			if !spec.isMap {
				c.report(f, at, spec.line, "%s is a range: say the bounds it covers, like {from: 300, to: 850}", key)
				continue
			}
			lowers, uppers := presentKeys(spec, lowerKinds), presentKeys(spec, upperKinds)
			if len(lowers) != 1 || len(uppers) != 1 {
				c.report(f, at, spec.line, "A range to cover names one lower bound (from or above) and one upper (to, below or upTo), like {from: 300, to: 850}.")
				continue
			}
			lo, err1 := c.bound(spec.fields[lowers[0]])
			hi, err2 := c.bound(spec.fields[uppers[0]])
			if err := cmpErr(err1, err2); err != nil {
				c.report(f, at, spec.line, "%v", err)
				continue
			}
			dims = append(dims, dimIndex)
			domain = append(domain, makeInterval(rr.dims[dimIndex].whole, lowers[0], lo, uppers[0], hi))
		case slices.Contains(d.by, key):
			c.checkValuesCovered(f, name, at, key, spec, rows)
		default:
			c.report(f, at, spec.line, "covers %s, which is neither a range of ranges nor a column of by", key)
		}
	}
	if len(dims) > 0 {
		c.checkGaps(f, name, table, rows, rr, dims, domain)
	}
}

func cmpErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// checkValuesCovered: every value a column of by must have has a row.
func (c *hitPolicyCheck) checkValuesCovered(f *tableFile, name, at, column string, spec *node, rows []row) {
	var want []string
	switch {
	case spec.isList:
		for _, v := range spec.items {
			want = append(want, v.text())
		}
	case spec.isScalar():
		def := strings.TrimPrefix(spec.text(), "#")
		values, ok := c.enumeration(def)
		if !ok {
			c.report(f, at, spec.line, "#%s is no enumeration of schemas/ (a disjunction of strings)", def)
			return
		}
		want = values
	}
	have := map[string]bool{}
	for _, r := range rows {
		if v := r.n.field(column); v.isScalar() {
			have[v.text()] = true
		}
	}
	for _, w := range want {
		if !have[w] {
			c.report(f, name, spec.line, "no row has %s %s: the table covers every %s (%s)", column, w, column, at)
		}
	}
}

// enumeration is the values of the CUE definition #name, a disjunction of
// strings (#PropertyUsage).
func (c *hitPolicyCheck) enumeration(name string) ([]string, bool) {
	def := c.sh.def(name)
	if !def.Exists() {
		return nil, false
	}
	op, args := def.Expr()
	if op != cue.OrOp {
		return nil, false
	}
	var out []string
	for _, a := range args {
		if s, err := a.String(); err == nil && a.IsConcrete() {
			out = append(out, s)
		}
	}
	return out, len(out) > 0
}

// cell is a box of the covered dimensions that the rows either all hold
// or none does.
type cell []interval

// checkGaps: every point of the domain (one interval per covered
// dimension) is held by a row. Each dimension is cut where a row's range
// or the domain starts or ends; each box of the cuts is held by a row, or
// is a gap. Gaps next to each other are told as one, naming the rows
// around it.
func (c *hitPolicyCheck) checkGaps(f *tableFile, name string, table *node, rows []row, rr rowRanges, dims []int, domain []interval) {
	pieces := make([][]interval, len(dims))
	for k, di := range dims {
		var cuts []interval
		for _, r := range rr.of {
			if r != nil {
				cuts = append(cuts, r[di])
			}
		}
		pieces[k] = cutInto(domain[k], cuts, rr.dims[di].whole)
	}
	var gaps []cell
	var each func(k int, box cell)
	each = func(k int, box cell) {
		if k == len(dims) {
			if !heldByARow(rr, dims, box) {
				gaps = append(gaps, slices.Clone(box))
			}
			return
		}
		for _, p := range pieces[k] {
			each(k+1, append(box, p))
		}
	}
	each(0, nil)
	covered := make([]dimension, len(dims))
	for k, di := range dims {
		covered[k] = rr.dims[di]
	}
	for _, g := range mergeCells(gaps, covered) {
		var next []string
		line := 0
		for i, r := range rr.of {
			if r != nil && touches(r, dims, g, covered) {
				next = append(next, rows[i].String())
				if line == 0 {
					line = rows[i].n.line
				}
			}
		}
		if line == 0 {
			line = table.line
		}
		around := ""
		if len(next) > 0 {
			around = fmt.Sprintf(" (next to %s %s)", plural(len(next), "row", "rows"), strings.Join(next, ", "))
		}
		c.report(f, name, line, "no row holds %s%s: the table covers %s", describeBox(covered, g), around, describeBox(covered, domain))
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// cutInto cuts domain where one of cuts starts or ends, into pieces each of
// which every cut holds whole or not at all: for whole numbers, runs of
// numbers; otherwise the points where a cut starts or ends and the open
// stretches between them.
func cutInto(domain interval, cuts []interval, whole bool) []interval {
	if whole {
		points := []float64{domain.lo.v, domain.hi.v + 1}
		for _, in := range cuts {
			for _, p := range []float64{in.lo.v, in.hi.v + 1} {
				if domain.lo.v < p && p <= domain.hi.v {
					points = append(points, p)
				}
			}
		}
		sort.Float64s(points)
		points = slices.Compact(points)
		var out []interval
		for i := 0; i+1 < len(points); i++ {
			out = append(out, interval{end{points[i], true}, end{points[i+1] - 1, true}})
		}
		return out
	}
	points := []float64{domain.lo.v, domain.hi.v}
	for _, in := range cuts {
		for _, p := range []float64{in.lo.v, in.hi.v} {
			if domain.lo.v < p && p < domain.hi.v {
				points = append(points, p)
			}
		}
	}
	sort.Float64s(points)
	points = slices.Compact(points)
	var out []interval
	for i, p := range points {
		if domain.holds(p) {
			out = append(out, interval{end{p, true}, end{p, true}})
		}
		if i+1 < len(points) {
			out = append(out, interval{end{p, false}, end{points[i+1], false}})
		}
	}
	return out
}

// heldByARow reports whether a row holds the box (a piece of each covered
// dimension, which a row holds whole or not at all).
func heldByARow(rr rowRanges, dims []int, box cell) bool {
	for _, r := range rr.of {
		if r == nil {
			continue
		}
		held := true
		for k, di := range dims {
			if !r[di].holds(representative(box[k])) {
				held = false
				break
			}
		}
		if held {
			return true
		}
	}
	return false
}

// representative is a point of a piece.
func representative(in interval) float64 {
	if in.lo.closed {
		return in.lo.v
	}
	return (in.lo.v + in.hi.v) / 2
}

// mergeCells joins gaps that lie next to each other along a dimension and
// match along the others, until none do.
func mergeCells(cells []cell, dims []dimension) []cell {
	for merged := true; merged; {
		merged = false
		for i := 0; i < len(cells) && !merged; i++ {
			for j := 0; j < len(cells) && !merged; j++ {
				if i == j {
					continue
				}
				if k, ok := adjacent(cells[i], cells[j], dims); ok {
					joined := slices.Clone(cells[i])
					joined[k] = interval{cells[i][k].lo, cells[j][k].hi}
					cells[i] = joined
					cells = slices.Delete(cells, j, j+1)
					merged = true
				}
			}
		}
	}
	return cells
}

// adjacent reports the dimension along which b follows a directly, the
// two being the same along every other.
func adjacent(a, b cell, dims []dimension) (int, bool) {
	along := -1
	for k, dim := range dims {
		if a[k] == b[k] {
			continue
		}
		if along >= 0 || !follows(a[k], b[k], dim.whole) {
			return 0, false
		}
		along = k
	}
	return along, along >= 0
}

func follows(a, b interval, whole bool) bool {
	if whole {
		return a.hi.v+1 == b.lo.v
	}
	return a.hi.v == b.lo.v && a.hi.closed != b.lo.closed
}

// touches reports whether a row's ranges lie next to the gap g along one
// covered dimension and share some of it along the others.
func touches(r []interval, dims []int, g cell, covered []dimension) bool {
	along := 0
	for k, di := range dims {
		in, whole := r[di], covered[k].whole
		switch {
		case !intersect(in, g[k]).empty(whole):
		case follows(in, g[k], whole) || follows(g[k], in, whole):
			along++
		default:
			return false
		}
	}
	return along == 1
}

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
