package domain

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// The one way the server writes money, rates and days in words (the
// disclosures, the refusals, the letters, staff's summaries of decisions):
// $12,345, $12,345.67, 7.25%, November 28, 2026.

// Format writes whole dollars as $12,345 (-$12,345 below zero).
func (d Dollars) Format() string { return d.Cents().Format() }

// Format writes the amount as $12,345.67, or $12,345 when it has no cents
// (-$12,345.67 below zero).
func (c Cents) Format() string {
	u := uint64(c)
	sign := ""
	if c < 0 {
		u, sign = -u, "-"
	}
	whole, part := u/100, u%100
	digits := strconv.FormatUint(whole, 10)
	var b strings.Builder
	for i, r := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if part != 0 {
		return fmt.Sprintf("%s$%s.%02d", sign, b.String(), part)
	}
	return sign + "$" + b.String()
}

// FormatPercent writes a rate in percent with two decimals: 7.25%, 8.50%.
func FormatPercent(v float64) string {
	return strconv.FormatFloat(math.Round(v*100)/100, 'f', 2, 64) + "%"
}

// FormatDay writes the day of t, in UTC, as a letter does: November 28, 2026.
func FormatDay(t time.Time) string { return t.UTC().Format("January 2, 2006") }
