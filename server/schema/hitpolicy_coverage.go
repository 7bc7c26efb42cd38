package schema

// The hit-policy check (hitpolicy.go), its coverage: the values a table
// declares it `covers`, and the gaps no row holds.

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"cuelang.org/go/cue"
)

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
