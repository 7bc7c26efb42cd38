# Tests of heloc.offer's tables (tables/data.yaml): the pricing grid prices
# every eligible score and CLTV with exactly one row, and the other tables
# hold together (the program's maximum line, the rate floor and cap, the
# fee's bounds, the prime rates' order, the usage margins). The helpers
# (offer_for, grid, program, fee, minimum_score, ...) are offer_test.rego's.

package heloc.offer_test

import rego.v1

import data.heloc.offer.tables

# --- The pricing grid: every eligible score and CLTV finds exactly one row ---

# The coupling with eligibility is wanted: lowering eligibility's minimum
# score below the grid's lowest tier must come with a row for the new
# scores.
test_the_pricing_grid_prices_every_score_from_the_minimum if {
	every problem in _score_problems {
		print(problem)
	}
	count(_score_problems) == 0
}

_lowest_tier := min({r.score.min | some r in grid})

_score_problems contains msg if {
	minimum_score < _lowest_tier
	msg := sprintf("minimum credit score %d is below the pricing grid's lowest tier %d: add a row or raise the minimum", [minimum_score, _lowest_tier])
}

_score_problems contains msg if {
	unpriced := [s | some s in eligible_scores; s >= _lowest_tier; not _some_row_holds_score(s)]
	count(unpriced) > 0
	msg := sprintf("eligible credit scores %v fall in no tier of the pricing grid: add a row or close the gap", [unpriced])
}

_some_row_holds_score(score) if {
	some r in grid
	r.score.min <= score
	score < r.score.below
}

# The scan is exhaustive: the offer's CLTV is a whole percent, and the rows
# that hold a score change only where a band starts or ends, so every score
# of a stretch between two such points (_score_breaks) is priced as its
# first is.
test_the_pricing_grid_prices_every_eligible_score_and_cltv if {
	every gap in _grid_gaps {
		print("the pricing grid has no row for", gap)
	}
	count(_grid_gaps) == 0
}

_grid_gaps contains sprintf("credit scores %d to %d at CLTV %v", [s, _stretch_end(s), missing]) if {
	some s in _score_breaks
	covered := _cltvs_priced_at(s)
	missing := [c | some c in eligible_cltvs; not c in covered]
	count(missing) > 0
}

# Eligibility's minimum and each score where a band of the grid starts or
# ends, from the minimum to 850.
_score_breaks := {s |
	some s in array.concat([minimum_score], [x | some r in grid; some x in [r.score.min, r.score.below]])
	minimum_score <= s
	s <= 850
}

# The last score of the stretch that starts at score s.
_stretch_end(s) := min({b | some b in _score_breaks; b > s} | {851}) - 1

# The eligible CLTVs that some row prices at score.
_cltvs_priced_at(score) := {c |
	some row in grid
	row.score.min <= score
	score < row.score.below
	some c in eligible_cltvs
	row.cltv.above < c
	c <= row.cltv.upTo
}

test_a_minimum_below_the_lowest_tier_would_be_found if {
	lowered := _lowest_tier - 1
	count(_score_problems) > 0 with data.heloc.eligibility.tables.credit_score.minimum as lowered
}

test_a_gap_in_the_grid_would_be_found if {
	holed := array.slice(grid, 1, count(grid))
	count(_grid_gaps) > 0 with data.heloc.offer.tables.pricing_grid as holed
}

test_no_two_rows_of_the_pricing_grid_overlap if {
	every i, a in grid {
		every j, b in grid {
			_same_row_or_disjoint(i, j, a, b)
		}
	}
}

test_an_overlap_in_the_grid_would_be_found if {
	not _disjoint(grid[0], object.union(grid[0], {"id": "P-OVERLAP"}))
	not _disjoint(grid[0], object.union(grid[0], {"cltv": {"above": grid[0].cltv.above, "upTo": grid[0].cltv.upTo + 0.01}}))
}

_same_row_or_disjoint(i, j, _, _) if i == j

_same_row_or_disjoint(_, _, a, b) if _disjoint(a, b)

_disjoint(a, b) if a.score.below <= b.score.min

_disjoint(a, b) if b.score.below <= a.score.min

_disjoint(a, b) if a.cltv.upTo <= b.cltv.above

_disjoint(a, b) if b.cltv.upTo <= a.cltv.above

test_overlapping_rows_price_nothing_rather_than_by_their_order if {
	o := offer_for({}) with data.heloc.offer.tables.pricing_grid as array.concat(grid, grid)
	o.eligible == false
	[r.code | some r in o.reasons] == ["NO_PRICING_ROW"]
}

test_every_grid_row_has_a_unique_id_and_proper_bands if {
	count({r.id | some r in grid}) == count(grid)
	every r in grid {
		r.score.min < r.score.below
		r.cltv.above < r.cltv.upTo
	}
}

# --- The other tables ---

test_the_program_maximum_is_at_least_the_minimum_line if {
	program.max_line >= data.heloc.eligibility.tables.line.minimum
}

test_the_floor_is_below_the_cap if program.rate_floor < program.rate_cap

test_the_fee_minimum_is_below_its_maximum if fee.minimum <= fee.maximum

test_prime_rates_are_in_date_order_with_unique_ids if {
	rows := tables.prime_rates
	count({r.id | some r in rows}) == count(rows)
	every i in numbers.range(1, count(rows) - 1) {
		rows[i - 1].effective < rows[i].effective
	}
}

test_each_usage_has_one_margin_row if {
	[r.usage | some r in tables.usage_margins] == ["primaryResidence", "secondHome", "investment"]
}
