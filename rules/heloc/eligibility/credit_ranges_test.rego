package heloc.eligibility_test

import rego.v1

import data.heloc.eligibility
import data.heloc.eligibility.tables

# screens.md "credit-range": four bands, from the best down.
test_the_four_bands_of_the_credit_range_page if {
	{r.range | some r in eligibility.credit_ranges} == {"excellent", "good", "fair", "poor"}
}

# The score an estimate assumes lies in its own band.
test_each_estimate_lies_in_its_band if {
	every r in tables.credit_ranges {
		r.min <= r.estimate
		r.estimate <= r.max
	}
}

# An estimate from the excellent band meets the minimum score; one from
# the band below the minimum does not, so the estimate says "not yet" there
# as the pull would.
test_the_estimates_meet_the_minimum_as_their_bands_do if {
	some excellent in tables.credit_ranges
	excellent.range == "excellent"
	excellent.estimate >= tables.credit_score.minimum
	some poor in tables.credit_ranges
	poor.max < tables.credit_score.minimum
	poor.estimate < tables.credit_score.minimum
}

# Each band has the words its page shows, which an estimate names back
# instead of the estimate score (a figure the visitor never gave).
test_each_band_has_a_label_without_its_estimate_score if {
	every r in tables.credit_ranges {
		count(r.label) > 0
		not contains(r.label, format_int(r.estimate, 10))
	}
}
