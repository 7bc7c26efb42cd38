package impact

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
)

// WriteText writes the report as `heloc policy impact` prints it without
// --json: each entrypoint's counts, then its states, then the fair-lending
// view with the groups below the monitoring table's threshold marked.
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "baseline revision %.12s (live now)\nproposed revision %.12s\n", r.Baseline, r.Proposed)
	if len(r.Entrypoints) == 0 {
		b.WriteString("\nno stored decisions in the range\n")
	}
	for _, name := range slices.Sorted(maps.Keys(r.Entrypoints)) {
		e := r.Entrypoints[name]
		fmt.Fprintf(&b, "\n%s: %d compared, %d would change\n", name, e.Compared, e.Changed)
		e.writeDetail(&b, "  ")
		if len(e.ByState) > 0 {
			b.WriteString("  by state:\n")
			for _, state := range slices.Sorted(maps.Keys(e.ByState)) {
				s := e.ByState[state]
				fmt.Fprintf(&b, "    %s: %d compared, %d would change\n", state, s.Compared, s.Changed)
				s.writeDetail(&b, "      ")
			}
		}
		if e.FairLending != nil {
			e.FairLending.write(&b)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func (e *Entrypoint) writeDetail(b *strings.Builder, indent string) {
	if f := e.Flips; f != nil {
		fmt.Fprintf(b, "%seligible to ineligible %d, ineligible to eligible %d\n", indent, f.EligibleToIneligible, f.IneligibleToEligible)
		for _, list := range []struct {
			label string
			codes map[string]int
		}{{"reasons gained", f.ReasonsGained}, {"reasons lost", f.ReasonsLost}} {
			if len(list.codes) == 0 {
				continue
			}
			parts := []string{}
			for _, code := range slices.Sorted(maps.Keys(list.codes)) {
				parts = append(parts, fmt.Sprintf("%s %d", code, list.codes[code]))
			}
			fmt.Fprintf(b, "%s%s: %s\n", indent, list.label, strings.Join(parts, ", "))
		}
	}
	if p := e.Pricing; p != nil {
		fmt.Fprintf(b, "%sline: %d changed, mean %+.2f, largest %+.0f\n", indent, p.Line.Count, p.Line.Mean, p.Line.Largest)
		fmt.Fprintf(b, "%sAPR: %d changed, mean %+.4f, largest %+.4f points\n", indent, p.APR.Count, p.APR.Mean, p.APR.Largest)
	}
}

func (fl *FairLending) write(b *strings.Builder) {
	fmt.Fprintf(b, "  fair lending (%d loans whose borrower answered the HMDA questions; ratio = the group's eligible rate over the most favoured group's, * below %.2f, %s):\n", fl.Loans, fl.Threshold, fl.Rule)
	for _, q := range []struct {
		name string
		q    *Question
	}{{"ethnicity", fl.Ethnicity}, {"race", fl.Race}, {"sex", fl.Sex}} {
		fmt.Fprintf(b, "    %s (most favoured: %s; not provided: %d)\n", q.name, orNone(q.q.MostFavoured), q.q.NotProvided)
		for _, name := range slices.Sorted(maps.Keys(q.q.Groups)) {
			g := q.q.Groups[name]
			flag := ""
			if g.BelowThreshold {
				flag = " *"
			}
			fmt.Fprintf(b, "      %s: %d compared, eligible %d -> %d, eligible to ineligible %d, ineligible to eligible %d, ratio %s (was %s)%s\n",
				name, g.Compared, g.EligibleBefore, g.EligibleAfter, g.EligibleToIneligible, g.IneligibleToEligible,
				ratio(g.AdverseImpactRatio), ratio(g.AdverseImpactRatioBefore), flag)
		}
	}
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

func ratio(r *float64) string {
	if r == nil {
		return "n/a"
	}
	return fmt.Sprintf("%.2f", *r)
}
