# Tests for heloc.offer: each reads as a sentence of the policy contract's
# "data.heloc.offer.preview" or of the pricing choices documented in
# tables/data.yaml. The larger table of cases is testcases/cases.yaml, run by
# test_every_case_of_the_table_holds.
package heloc.offer_test

import rego.v1

import data.heloc.eligibility
import data.heloc.offer
import data.heloc.offer.tables
import data.heloc.offer.testcases

base := testcases.base

# offer_for(overrides) is the preview for base with overrides put over it.
offer_for(overrides) := o if {
	o := offer.preview with input as object.union(base, overrides)
}

grid := tables.pricing_grid

# The scores and CLTVs an eligible offer can have: every whole score from
# eligibility's minimum to 850, every whole-percent CLTV (the offer rounds
# CLTV up to the whole percent) up to the highest maximum CLTV of any usage.
eligible_scores := numbers.range(data.heloc.eligibility.tables.credit_score.minimum, 850)

eligible_cltvs := [cltv |
	some percent in numbers.range(1, ceil(max({r.max | some r in data.heloc.eligibility.tables.max_cltv}) * 100))
	cltv := percent / 100
]

in_row(row, score, cltv) if {
	row.score.min <= score
	score < row.score.below
	row.cltv.above < cltv
	cltv <= row.cltv.upTo
}

# --- Policy contract: the result ---

test_an_offer_states_the_contract_fields if {
	o := offer_for({})
	every key in ["eligible", "maxLine", "minLine", "cltv", "apr", "originationFee"] {
		key in object.keys(o)
	}
	o.eligible == true
	is_number(o.maxLine)
	is_number(o.apr)
}

test_the_minimum_line_is_eligibility_s if {
	offer_for({}).minLine == data.heloc.eligibility.tables.line.minimum
}

test_only_an_eligible_application_gets_an_offer if {
	every overrides in [{"creditScore": 600}, {"creditScore": null}, {"hasFbm": true}, {"mortgageBalance": 420000}] {
		o := offer_for(overrides)
		o.eligible == false
		o.maxLine == 0
		o.apr == 0
		o.originationFee == 0
		o.pricingRow == null
		o.reasons == eligibility.decision.reasons with input as object.union(base, overrides)
	}
}

test_no_offer_gives_eligibility_s_page if {
	offer_for({"creditScore": 600}).ineligiblePage == "boost"
}

# --- The line: "maxLine = min(program maximum, value x maximum CLTV - balance)" ---

test_max_line_is_the_available_line_below_the_program_maximum if {
	offer_for({}).maxLine == (500000 * 0.85) - 200000
}

test_max_line_is_capped_at_the_program_maximum if {
	offer_for({"propertyValue": 3000000}).maxLine == tables.program.max_line
}

test_max_line_is_never_negative_and_never_above_value_less_balance if {
	every value in [0, 100000, 300000, 500000, 900000, 2000000] {
		every balance in [0, 50000, 200000, 450000, 600000, 2500000] {
			o := offer_for({"propertyValue": value, "mortgageBalance": balance})
			o.maxLine >= 0
			o.maxLine <= max([0, value - balance])
		}
	}
}

test_max_line_never_exceeds_the_equity_even_if_a_table_allowed_more if {
	o := offer_for({"mortgageBalance": 400000})
		with data.heloc.eligibility.tables.max_cltv as [{"id": "CLTV-TOO-HIGH", "usage": "primaryResidence", "max": 1.2}]
		with data.heloc.offer.tables.pricing_grid as [{"id": "P-ALL", "score": {"min": 300, "below": 851}, "cltv": {"above": 0, "upTo": 1.2}, "margin": 1}]
	o.maxLine == 100000
	o.cltv == 1
}

test_max_line_grows_with_property_value if {
	values := [200000, 260000, 300000, 400000, 550000, 700000, 1000000, 1500000]
	lines := [offer_for({"propertyValue": v}).maxLine | some v in values]
	every i in numbers.range(1, count(lines) - 1) {
		lines[i - 1] <= lines[i]
	}
	lines[0] < lines[count(lines) - 1]
}

test_max_line_shrinks_with_mortgage_balance if {
	balances := [0, 50000, 100000, 200000, 300000, 400000, 410000, 500000]
	lines := [offer_for({"mortgageBalance": b}).maxLine | some b in balances]
	every i in numbers.range(1, count(lines) - 1) {
		lines[i - 1] >= lines[i]
	}
	lines[0] > lines[count(lines) - 1]
}

# --- CLTV: "(mortgageBalance + maxLine) / propertyValue", rounded as Fannie Mae does ---

test_cltv_is_liens_plus_line_over_value if {
	o := offer_for({"propertyValue": 1000000, "creditScore": 790})
	o.cltv == (200000 + o.maxLine) / 1000000
}

test_cltv_is_truncated_to_two_decimals_of_a_percent_then_rounded_up if {
	offer.cltv(800010, 1000000) == 0.80
	offer.cltv(800100, 1000000) == 0.81
	offer.cltv(940100, 1000000) == 0.95
	offer.cltv(0, 1000000) == 0
	offer.cltv(5, 0) == 0
}

test_the_offer_cltv_never_exceeds_the_maximum_cltv_of_the_usage if {
	every usage in ["primaryResidence", "secondHome", "investment"] {
		every value in [100000, 333333, 512345, 999999] {
			o := offer_for({"propertyUsage": usage, "propertyValue": value, "mortgageBalance": 12345})
			d := eligibility.decision with input as object.union(base, {"propertyUsage": usage, "propertyValue": value, "mortgageBalance": 12345})
			o.cltv <= d.maxCltv
		}
	}
}

# --- The price: "a better credit score never gets a worse rate" ---

test_a_better_credit_score_never_gets_a_worse_rate if {
	scores := [660, 679, 680, 700, 719, 720, 740, 759, 760, 800, 850]
	every scenario in [
		{},
		{"propertyValue": 1000000},
		{"propertyValue": 1000000, "mortgageBalance": 250000},
		{"propertyValue": 3000000},
		{"propertyUsage": "secondHome"},
		{"propertyUsage": "investment", "propertyValue": 900000},
		{"primeRate": 1.0, "propertyValue": 3000000},
		{"primeRate": 16.5},
	] {
		aprs := [offer_for(object.union(scenario, {"creditScore": s})).apr | some s in scores]
		every i in numbers.range(1, count(aprs) - 1) {
			aprs[i] <= aprs[i - 1]
		}
	}
}

test_across_the_grid_a_higher_score_band_never_has_a_higher_margin if {
	every a in grid {
		every b in grid {
			_better_never_dearer(a, b)
		}
	}
}

# Where row a's score band is above row b's and their CLTV bands meet, a's
# margin is no higher than b's.
_better_never_dearer(a, b) if a.score.min <= b.score.min

_better_never_dearer(a, b) if a.cltv.upTo <= b.cltv.above

_better_never_dearer(a, b) if b.cltv.upTo <= a.cltv.above

_better_never_dearer(a, b) if a.margin <= b.margin

test_across_the_grid_a_lower_cltv_band_never_has_a_higher_margin if {
	every a in grid {
		every b in grid {
			_lower_cltv_never_dearer(a, b)
		}
	}
}

# Where row a's CLTV band is below row b's and their score bands meet, a's
# margin is no higher than b's.
_lower_cltv_never_dearer(a, b) if a.cltv.upTo >= b.cltv.upTo

_lower_cltv_never_dearer(a, b) if a.score.below <= b.score.min

_lower_cltv_never_dearer(a, b) if b.score.below <= a.score.min

_lower_cltv_never_dearer(a, b) if a.margin <= b.margin

test_apr_is_prime_plus_margin if {
	o := offer_for({})
	o.apr == o.primeRate + o.margin
}

test_apr_stays_within_the_floor_and_the_cap if {
	every prime in [0, 1, 3.5, 6.75, 12, 17, 25] {
		every score in [660, 700, 790] {
			o := offer_for({"primeRate": prime, "creditScore": score})
			o.apr >= tables.program.rate_floor
			o.apr <= tables.program.rate_cap
		}
	}
}

test_a_usage_not_in_the_margin_table_adds_nothing if {
	offer_for({"propertyUsage": "vacation"}).margin == offer_for({"propertyUsage": "primaryResidence"}).margin
}

# --- The first-hit grid: no overlaps, no gaps ---

test_no_two_rows_of_the_pricing_grid_overlap if {
	every i, a in grid {
		every j, b in grid {
			_same_row_or_disjoint(i, j, a, b)
		}
	}
}

test_an_overlap_in_the_grid_would_be_found if {
	not _disjoint(grid[0], object.union(grid[0], {"id": "P-OVERLAP"}))
	not _disjoint(grid[0], object.union(grid[1], {"cltv": {"above": 0.65, "upTo": 0.8}}))
}

_same_row_or_disjoint(i, j, _, _) if i == j

_same_row_or_disjoint(_, _, a, b) if _disjoint(a, b)

_disjoint(a, b) if a.score.below <= b.score.min

_disjoint(a, b) if b.score.below <= a.score.min

_disjoint(a, b) if a.cltv.upTo <= b.cltv.above

_disjoint(a, b) if b.cltv.upTo <= a.cltv.above

# With no two rows overlapping (above), covering every score and CLTV means
# each is priced by exactly one row, so first-hit order never matters. The
# scan is exhaustive: scores are whole numbers and the offer's CLTV a whole
# percent.
test_the_pricing_grid_covers_every_eligible_score_and_cltv if {
	gaps := [[s, c] |
		some s in eligible_scores
		covered := _cltvs_priced_at(s)
		some c in eligible_cltvs
		not c in covered
	]
	print("uncovered score and CLTV:", gaps)
	gaps == []
}

# The eligible CLTVs that some row prices at score.
_cltvs_priced_at(score) := {c |
	some row in grid
	row.score.min <= score
	score < row.score.below
	some c in eligible_cltvs
	row.cltv.above < c
	c <= row.cltv.upTo
}

_covered(score, cltv) if {
	some row in grid
	in_row(row, score, cltv)
}

test_a_gap_in_the_grid_would_be_found if {
	holed := array.slice(grid, 1, count(grid))
	not _covered(760, 0.5) with data.heloc.offer.tables.pricing_grid as holed
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
	tables.program.max_line >= data.heloc.eligibility.tables.line.minimum
}

test_the_floor_is_below_the_cap if tables.program.rate_floor < tables.program.rate_cap

test_the_fee_minimum_is_below_its_maximum if tables.origination_fee.minimum <= tables.origination_fee.maximum

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

# --- Policy contract: always a result ---

test_preview_has_a_default_without_tables if {
	o := offer_for({}) with data.heloc.offer.tables as {}
	o.eligible == false
	o.maxLine == 0
	[r.code | some r in o.reasons] == ["NOT_DECIDED"]
}

test_an_eligible_application_outside_the_grid_gets_no_offer_and_a_reason if {
	o := offer_for({}) with data.heloc.offer.tables.pricing_grid as []
	o.eligible == false
	o.maxLine == 0
	[r.code | some r in o.reasons] == ["NO_PRICING_ROW"]
}

test_odd_inputs_still_get_a_preview if {
	every x in [{}, {"mortgages": "x", "primeRate": "7"}, {"today": 20261122, "creditScore": 900}] {
		o := offer.preview with input as x
		o.eligible == false
		o.maxLine == 0
	}
}

# --- The table of cases (testcases/cases.yaml) ---

case_holds(c, o) if {
	every key, want in c.want {
		o[key] == want
	}
}

failing_cases contains {"name": c.name, "got": o} if {
	some c in testcases.cases
	o := offer.preview with input as object.union(base, c.input)
	not case_holds(c, o)
}

test_every_case_of_the_table_holds if {
	count(testcases.cases) >= 40
	print("failing cases:", failing_cases)
	every c in testcases.cases {
		case_holds(c, offer.preview) with input as object.union(base, c.input)
	}
}
