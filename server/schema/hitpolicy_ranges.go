package schema

// The hit-policy check (hitpolicy.go), its ranges: each row's ranges read
// from its declared columns, and the overlaps a unique table may not have.

import (
	"math"
	"strconv"
	"strings"
)

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
