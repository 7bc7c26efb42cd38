# Tests of heloc.offer's tables (tables/data.yaml): what the rule does with
# overlapping grid rows, and the values that must hold together (the
# program's maximum line, the rate floor and cap, the fee's bounds). That
# the grid prices every eligible score and CLTV with one row, the prime
# rates run in date order and each usage has one margin row are the tables'
# declared hit policies (hitPolicies), which `heloc policy test` proves. The
# helpers (offer_for, grid, program, fee, ...) are offer_test.rego's.

package heloc.offer_test

import rego.v1

# --- The pricing grid ---

# That one row prices each eligible score and CLTV (no gap, no overlap) is
# the grid's declared hit policy (hitPolicies in tables/data.yaml), proved
# by `heloc policy test` for every unique table alike. This is what the
# rule does were two rows to overlap all the same:
test_overlapping_rows_price_nothing_rather_than_by_their_order if {
	o := offer_for({}) with data.heloc.offer.tables.pricing_grid as array.concat(grid, grid)
	o.eligible == false
	[r.code | some r in o.reasons] == ["NO_PRICING_ROW"]
}

# --- The other tables ---

test_the_program_maximum_is_at_least_the_minimum_line if {
	program.max_line >= data.heloc.eligibility.tables.line.minimum
}

test_the_floor_is_below_the_cap if program.rate_floor < program.rate_cap

test_the_fee_minimum_is_below_its_maximum if fee.minimum <= fee.maximum
