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
#
# This file holds the helpers, the contract's result, the line and its
# CLTV, the contract's defaults, the table of cases, the draw and the
# verdict; pricing_test.rego tests the price (the margin, the APR, the
# prime rate and the fee) and tables_test.rego the tables themselves (what
# overlapping grid rows do, and the values that must hold together).
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
		"outcome", "missing", "line", "requestedLine", "minDraw", "maxDraw", "payments", "dti", "maxLineByDti",
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

# --- Without a table the preview reads ---

# Where a table the preview reads is missing nothing is decided, offer or
# refusal: the terms every preview states, the fee and the minimum draw.
test_without_a_table_the_preview_reads_nothing_is_decided if {
	refused := object.union(base, {"creditScore": 500})

	# The terms every preview states: no preview, offer or not.
	every b in [{"program": object.remove(program, ["rate_cap"])}, {"prime_rates": []}] {
		t := object.union(object.remove(tables, object.keys(b)), b)
		every x in [base, refused] {
			offer.preview.outcome == "notDecided" with input as x with data.heloc.offer.tables as t
		}
	}

	# The fee and the minimum draw: no offer, and a refusal as ever.
	every b in [{"program": object.remove(program, ["min_initial_draw"])}, {"origination_fee": {}}] {
		t := object.union(object.remove(tables, object.keys(b)), b)
		offer.preview.outcome == "notDecided" with input as base with data.heloc.offer.tables as t
		offer.preview.outcome == "ineligible" with input as refused with data.heloc.offer.tables as t
	}
}
