package domain

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Cents is an amount of money in integer cents: every sum and comparison of
// money is integer arithmetic, never a binary float's.
//
// In JSON it is a number of dollars, as the webapp and the schemas
// (#Amount) give it: Cents(31250) is written 312.5, Cents(120000) 1200,
// the same text encoding/json wrote for the float64 it replaces. It reads a
// JSON number exactly in decimal (312.5, 312.50, 3.125e2), rounding half
// away from zero to the cent when more digits are given; null leaves it as
// it was (a *Cents stays nil).
type Cents int64

// MarshalJSON writes the amount as a JSON number of dollars.
func (c Cents) MarshalJSON() ([]byte, error) {
	return []byte(c.Decimal()), nil
}

// UnmarshalJSON reads a JSON number of dollars (or null, leaving c).
func (c *Cents) UnmarshalJSON(b []byte) error {
	s := strings.TrimSpace(string(b))
	if s == "null" {
		return nil
	}
	v, _, err := ParseCents(s)
	if err != nil {
		return err
	}
	*c = v
	return nil
}

// ParseCents reads a decimal number of dollars (JSON's number syntax) as
// cents, rounding half away from zero to the cent. exact says whether
// nothing was rounded away: false for 25000.005.
func ParseCents(s string) (c Cents, exact bool, err error) {
	v, exact, err := parseDecimal(s, 2)
	if err != nil {
		return 0, false, fmt.Errorf("not an amount in dollars: %q: %w", s, err)
	}
	return Cents(v), exact, nil
}

// Decimal is the amount in dollars as the shortest exact decimal: 312.5,
// 1200, 0.07, -12.3. It is the JSON and the MISMO (xsd:decimal) text.
func (c Cents) Decimal() string {
	s := c.String()
	s = strings.TrimRight(s, "0")
	return strings.TrimSuffix(s, ".")
}

// String is the amount in dollars with two decimals: 312.50, 1200.00.
func (c Cents) String() string {
	u := uint64(c)
	sign := ""
	if c < 0 {
		u, sign = -u, "-" // -u is right for math.MinInt64 too
	}
	return fmt.Sprintf("%s%d.%02d", sign, u/100, u%100)
}

// Dollars is the amount rounded half away from zero to the whole dollar.
func (c Cents) Dollars() Dollars {
	q, r := c/100, c%100
	switch {
	case r >= 50:
		q++
	case r <= -50:
		q--
	}
	return Dollars(q)
}

// Cents is the amount in cents.
func (d Dollars) Cents() Cents { return Cents(d) * 100 }

// CentsOf is the cents of a whole number of dollars.
func CentsOf(dollars int64) Cents { return Cents(dollars) * 100 }

var (
	errSyntax   = errors.New("not a number")
	errOverflow = errors.New("out of range")
)

// parseDecimal reads a JSON number exactly, in decimal, as a whole number
// of units of 10^-places (places 2: cents of a number of dollars), rounding
// half away from zero. exact says whether no nonzero digit was rounded
// away. Exponents are read without a float: 4.105e5, 1E-2, 1.5E+3.
func parseDecimal(s string, places int) (v int64, exact bool, err error) {
	i := 0
	neg := i < len(s) && s[i] == '-'
	if neg {
		i++
	}
	digits := func() string {
		start := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		return s[start:i]
	}
	whole := digits()
	if whole == "" {
		return 0, false, errSyntax
	}
	var frac string
	if i < len(s) && s[i] == '.' {
		i++
		if frac = digits(); frac == "" {
			return 0, false, errSyntax
		}
	}
	exp := 0
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		expNeg := false
		if i < len(s) && (s[i] == '-' || s[i] == '+') {
			expNeg = s[i] == '-'
			i++
		}
		e := digits()
		if e == "" {
			return 0, false, errSyntax // "1e", "1e+"
		}
		switch e = strings.TrimLeft(e, "0"); {
		case len(e) > 9: // beyond any int64 either way: 0, or out of range
			exp = 1_000_000_000
		case e != "":
			exp, _ = strconv.Atoi(e)
		}
		if expNeg {
			exp = -exp
		}
	}
	if i != len(s) {
		return 0, false, errSyntax
	}

	// The value is 0.ds × 10^point in units: ds are the significant digits.
	ds := whole + frac
	point := len(whole) + exp + places
	lead := len(ds) - len(strings.TrimLeft(ds, "0"))
	ds, point = ds[lead:], point-lead
	ds = strings.TrimRight(ds, "0")
	if ds == "" {
		return 0, true, nil
	}
	if point > 19 {
		return 0, false, errOverflow
	}
	var u uint64
	for k := 0; k < point; k++ {
		d := uint64(0)
		if k < len(ds) {
			d = uint64(ds[k] - '0')
		}
		u = u*10 + d
	}
	exact = point >= len(ds)
	if point >= 0 && point < len(ds) && ds[point] >= '5' {
		u++
	}
	if u > math.MaxInt64 {
		return 0, false, errOverflow
	}
	v = int64(u)
	if neg {
		v = -v
	}
	return v, exact, nil
}

// EnteredCents is an amount as a form entered it: Cents rounded to the
// cent, and whether the number had a fraction of a cent, for a check that
// refuses such an amount rather than round it (the first draw). JSON as
// Cents.
type EnteredCents struct {
	Cents     Cents
	PartCents bool
}

// MarshalJSON writes the amount as Cents does.
func (e EnteredCents) MarshalJSON() ([]byte, error) { return e.Cents.MarshalJSON() }

// UnmarshalJSON reads a JSON number of dollars as Cents does, noting a
// fraction of a cent.
func (e *EnteredCents) UnmarshalJSON(b []byte) error {
	s := strings.TrimSpace(string(b))
	if s == "null" {
		return nil
	}
	c, exact, err := ParseCents(s)
	if err != nil {
		return err
	}
	*e = EnteredCents{Cents: c, PartCents: !exact}
	return nil
}
