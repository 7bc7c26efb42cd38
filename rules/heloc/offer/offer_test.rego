# Tests for heloc.offer: each reads as a sentence of the policy contract's
# "data.heloc.offer.preview" or of the pricing choices documented in
# tables/data.yaml.
#
# The numbers come from the tables (the grid row's margin, the program's
# maximum line, the fee's bounds, eligibility's minimum score and line), so
# that a pricing or threshold change in a data.yaml alone keeps the suite
# green while the offers move. Literal numbers appear only where a test
# pins a fact that is not a table's (Fannie Mae's CLTV rounding, the 850
# top of the credit score scale). The cases of testcases/cases.yaml, run by
# test_every_case_of_the_table_holds, stay far from every threshold.
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

program := tables.program

fee := tables.origination_fee

minimum_score := data.heloc.eligibility.tables.credit_score.minimum

# The scores and CLTVs an eligible offer can have: every whole score from
# eligibility's minimum to 850 (the top of the scale), every whole-percent
# CLTV (the offer rounds CLTV up to the whole percent) up to the highest
# maximum CLTV of any usage.
eligible_scores := numbers.range(minimum_score, 850)

eligible_cltvs := [cltv |
	some percent in numbers.range(1, ceil(max({r.max | some r in data.heloc.eligibility.tables.max_cltv}) * 100))
	cltv := percent / 100
]

# The scores where the price may change: each band's first and last score
# and the one below it, from the minimum to 850.
edge_scores := sort({s |
	some s in array.concat([minimum_score, 850], [x | some r in grid; some x in [r.score.min - 1, r.score.min, r.score.below - 1]])
	minimum_score <= s
	s <= 850
})

usage_margin(usage) := sum([m.add | some m in tables.usage_margins; m.usage == usage])

# The APR of a margin at a prime rate: prime + margin, within the floor and
# the cap, to two decimals.
apr_of(prime, margin) := round(min([program.rate_cap, max([program.rate_floor, prime + margin])]) * 100) / 100

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

test_an_offer_and_a_refusal_have_the_same_fields if {
	fields := {
		"eligible", "maxLine", "minLine", "cltv", "apr", "originationFee", "margin", "primeRate", "primeRateRule",
		"rateFloor", "rateCap", "drawPeriodYears", "repaymentPeriodYears", "pricingRow", "ineligiblePage", "reasons",
		"outcome", "missing", "line", "requestedLine", "minDraw", "maxDraw", "payments", "example", "dti", "maxLineByDti",
	}
	object.keys(offer_for({})) == fields
	object.keys(offer_for({"creditScore": null})) == fields
	undecided := offer_for({}) with data.heloc.offer.tables as {}
	object.keys(undecided) == fields
}

test_the_minimum_line_is_eligibility_s if {
	offer_for({}).minLine == data.heloc.eligibility.tables.line.minimum
}

test_only_an_eligible_application_gets_an_offer if {
	every overrides in [
		{"creditScore": minimum_score - 1},
		{"creditScore": null},
		{"hasFbm": true},
		{"mortgageBalance": 500000},
	] {
		o := offer_for(overrides)
		o.eligible == false
		o.maxLine == 0
		o.apr == 0
		o.originationFee == 0
		o.pricingRow == null
		o.reasons == eligibility.decision.reasons with input as object.union(base, overrides)
		o.ineligiblePage == eligibility.decision.ineligiblePage with input as object.union(base, overrides)
	}
}

test_no_offer_gives_eligibility_s_page if {
	offer_for({"creditScore": minimum_score - 1}).ineligiblePage == "boost"
}

# --- The line: "maxLine = min(program maximum, value x maximum CLTV - balance)" ---

test_max_line_is_the_available_line_below_the_program_maximum if {
	primary := [r | some r in data.heloc.eligibility.tables.max_cltv; r.usage == "primaryResidence"][0]
	offer_for({}).maxLine == min([program.max_line, floor((500000 * primary.max) - 200000)])
}

test_max_line_is_capped_at_the_program_maximum if {
	offer_for({"propertyValue": 100 * program.max_line}).maxLine == program.max_line
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
		aprs := [offer_for(object.union(scenario, {"creditScore": s})).apr | some s in edge_scores]
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

# Every row of the grid prices the applications in its bands, at its
# margin plus the usage's: tried at the row's first eligible score and the
# top of its CLTV band, for each usage.
test_each_grid_row_prices_its_bands_at_its_margin_plus_the_usage_s if {
	every row in grid {
		every m in tables.usage_margins {
			_prices_at_its_margin(row, m.usage)
		}
	}
}

_prices_at_its_margin(row, _) if row.score.below <= minimum_score

_prices_at_its_margin(row, usage) if {
	score := max([row.score.min, minimum_score])
	score < row.score.below
	o := offer_for({"creditScore": score, "propertyUsage": usage}) with offer._line_cltv as row.cltv.upTo
	o.pricingRow == row.id
	o.margin == row.margin + usage_margin(usage)
	o.apr == apr_of(o.primeRate, o.margin)
}

# A prime rate halfway between the floor and the cap, to the cent.
test_apr_is_prime_plus_margin if {
	prime := round(((program.rate_floor + program.rate_cap) / 2) * 100) / 100
	o := offer_for({"primeRate": prime})
	o.apr == round((prime + o.margin) * 100) / 100
}

test_apr_stays_within_the_floor_and_the_cap if {
	every prime in [0, 1, 3.5, 6.75, 12, 17, 25] {
		every score in edge_scores {
			o := offer_for({"primeRate": prime, "creditScore": score})
			o.apr >= program.rate_floor
			o.apr <= program.rate_cap
		}
	}
}

test_the_apr_never_goes_below_the_floor if {
	offer_for({"primeRate": program.rate_floor - 25}).apr == program.rate_floor
}

test_the_apr_never_goes_above_the_cap if {
	offer_for({"primeRate": program.rate_cap}).apr == program.rate_cap
}

test_the_apr_is_rounded_to_two_decimals if {
	o := offer_for({"primeRate": 7.333})
	o.apr == round((7.333 + o.margin) * 100) / 100
	o.apr * 100 == round(o.apr * 100)
}

test_a_usage_not_in_the_margin_table_adds_nothing if {
	o := offer_for({"propertyUsage": "vacation"})
	[row] := [r | some r in grid; r.id == o.pricingRow]
	o.margin == row.margin
}

test_the_program_s_terms_are_stated_on_every_preview if {
	every overrides in [{}, {"creditScore": null}] {
		o := offer_for(overrides)
		o.drawPeriodYears == program.draw_period_years
		o.repaymentPeriodYears == program.repayment_period_years
		o.rateFloor == program.rate_floor
		o.rateCap == program.rate_cap
	}
}

# --- The prime rate ---

test_the_input_s_prime_rate_is_used_when_given if {
	o := offer_for({"primeRate": 7.5})
	o.primeRate == 7.5
	o.primeRateRule == "input"
}

test_a_table_prime_rate_takes_effect_on_its_effective_day if {
	every row in tables.prime_rates {
		o := offer_for({"today": row.effective})
		o.primeRate == row.rate
		o.primeRateRule == row.id
	}
}

test_the_day_before_a_change_the_earlier_rate_applies if {
	rows := tables.prime_rates
	every i in numbers.range(1, count(rows) - 1) {
		before := time.format([time.add_date(time.parse_ns("2006-01-02", rows[i].effective), 0, 0, -1), "UTC", "2006-01-02"])
		offer_for({"today": before}).primeRateRule == rows[i - 1].id
	}
}

test_before_every_row_the_earliest_rate_applies if {
	offer_for({"today": "1999-01-01"}).primeRateRule == tables.prime_rates[0].id
}

test_after_the_last_change_the_last_rate_applies if {
	offer_for({"today": "2099-01-01"}).primeRateRule == tables.prime_rates[count(tables.prime_rates) - 1].id
}

# --- Origination fee: a percent of the line within a minimum and a maximum ---

test_the_fee_is_the_percent_of_the_line_between_its_bounds if {
	line := ((fee.minimum + fee.maximum) / 2) / fee.percent
	offer.origination_fee(line) == round(line * fee.percent)
}

test_a_small_line_pays_the_minimum_fee if offer.origination_fee(1) == fee.minimum

test_a_large_line_pays_the_maximum_fee if offer.origination_fee(100 * program.max_line) == fee.maximum

test_the_fee_is_in_whole_dollars if {
	every line in [25001, 33333, 119950, 123457] {
		f := offer.origination_fee(line)
		f == round(f)
	}
}

test_an_offer_s_fee_is_that_of_its_line if {
	every overrides in [{}, {"propertyValue": 3000000}, {"mortgageBalance": 0}] {
		o := offer_for(overrides)
		o.originationFee == offer.origination_fee(o.maxLine)
	}
}

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
	o.ineligiblePage == null
	[r] := o.reasons
	r.code == "NO_PRICING_ROW"
	r.rule == program.id
	count(r.message) > 20
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
	count(testcases.cases) >= 10
	every c in failing_cases {
		print("failing case:", c.name, "got:", c.got)
	}
	every c in testcases.cases {
		case_holds(c, offer.preview) with input as object.union(base, c.input)
	}
}

# The initial draw: at least the program's minimum, at most the line less
# its fee (the offer's fee when given, else the fee table's).
test_draw_is_between_the_program_minimum_and_the_line_less_the_fee if {
	d := offer.draw with input as {"line": 100000, "originationFee": 1000}
	d.minimum == program.min_initial_draw
	d.maximum == 99000
	d.rule == program.id
}

test_draw_without_a_fee_takes_the_fee_table_s_for_the_line if {
	d := offer.draw with input as {"line": 100000}
	d.originationFee == offer.origination_fee(100000)
	d.maximum == 100000 - offer.origination_fee(100000)
}

test_draw_of_a_line_smaller_than_the_minimum_is_the_line_less_the_fee if {
	line := program.min_initial_draw
	d := offer.draw with input as {"line": line, "originationFee": 500}
	d.maximum == line - 500
	d.minimum == d.maximum
}

test_draw_of_no_line_is_nothing if {
	d := offer.draw with input as {}
	d.maximum == 0
	d.minimum == 0
}

# --- The verdict (what heloc.notice reads) ---

# The verdict is the preview's eligible, outcome and reasons, on every case
# of the table, with a DTI refusal, a self-reported answer and a decision
# not made; where a table the preview reads is missing there is no verdict
# and the preview is its default.
verdict_inputs := array.concat([object.union(base, c.input) | some c in testcases.cases], [
	object.union(base, {"annualIncome": 20000, "monthlyDebts": 3000}),
	object.union(base, {"annualIncome": 150000, "monthlyDebts": 500, "requestedLine": 60000}),
	object.union(base, {"annualIncome": 0}),
	object.union(base, {"creditSource": "selfReported", "creditScore": 500}),
	object.remove(base, ["propertyValue"]),
])

as_verdict(p) := {"eligible": p.eligible, "outcome": p.outcome, "reasons": p.reasons}

test_the_verdict_is_the_preview_s_outcome_and_reasons if {
	every x in verdict_inputs {
		offer.verdict == as_verdict(offer.preview) with input as x
	}
}

test_without_a_table_the_preview_reads_there_is_no_verdict if {
	refused := object.union(base, {"creditScore": 500})

	# The terms every preview states: no preview, offer or not.
	every b in [{"program": object.remove(program, ["rate_cap"])}, {"prime_rates": []}] {
		t := object.union(object.remove(tables, object.keys(b)), b)
		every x in [base, refused] {
			not offer.verdict with input as x with data.heloc.offer.tables as t
			offer.preview.outcome == "notDecided" with input as x with data.heloc.offer.tables as t
		}
	}

	# The fee and the minimum draw: no offer, and a refusal as ever.
	every b in [{"program": object.remove(program, ["min_initial_draw"])}, {"origination_fee": {}}] {
		t := object.union(object.remove(tables, object.keys(b)), b)
		not offer.verdict with input as base with data.heloc.offer.tables as t
		offer.preview.outcome == "notDecided" with input as base with data.heloc.offer.tables as t
		offer.verdict == as_verdict(offer.preview) with input as refused with data.heloc.offer.tables as t
	}
}
