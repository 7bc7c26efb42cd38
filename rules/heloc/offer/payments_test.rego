# Tests for the payment arithmetic (payments.rego) and the line the borrower
# chooses (offer.rego, "the line is the amount chosen").
#
# The figures of the payment tests were worked out by hand with exact
# fractions (python3 fractions.Fraction, rounded half-up to the cent): they
# are facts of arithmetic, not of a table, so each gives its months. The
# line tests read the program, the fee and the minimum line from the tables.
package heloc.offer_test

import rego.v1

import data.heloc.offer
import data.heloc.offer.tables

# --- Draw period: interest only, balance x apr/100/12, half-up to the cent ---

test_the_draw_payment_is_the_month_s_interest if {
	# $10,000 x 7.25% / 12 = $60.4166... -> $60.42
	offer.interest_only_cents(10000, 7.25) == 6042

	# $150,000 x 8.25% / 12 = $1,031.25 exactly
	offer.interest_only_cents(150000, 8.25) == 103125

	# $10,000 x 18% / 12 = $150.00
	offer.interest_only_cents(10000, 18) == 15000
}

test_the_draw_payment_rounds_half_a_cent_up if {
	# $1 x 6% / 12 = 0.5 cent -> 1 cent
	offer.interest_only_cents(1, 6) == 1

	# $40 x 7.35% / 12 = 24.5 cents exactly: 7.35 is read as 735 hundredths,
	# not as its nearest binary fraction (24.4999... would round down).
	offer.interest_only_cents(40, 7.35) == 25
}

# --- Repayment: the level payment P x r / (1 - (1 + r)^-n), half-up ---

test_the_repayment_payment_is_the_level_amortized_payment if {
	# $10,000 at 7.25% over 240 months: $79.0376 -> $79.04
	offer.amortized_cents(10000, 7.25, 240) == 7904

	# $150,000 at 8.25% over 240 months: $1,278.0985 -> $1,278.10
	offer.amortized_cents(150000, 8.25, 240) == 127810

	# $100,000 at 6% over 360 months: $599.5505 -> $599.55 (the textbook figure)
	offer.amortized_cents(100000, 6, 360) == 59955

	# $10,000 at 18% over 240 months: $154.3312 -> $154.33
	offer.amortized_cents(10000, 18, 240) == 15433

	# $25,000 at 4% over 120 months: $253.1128 -> $253.11
	offer.amortized_cents(25000, 4, 120) == 25311
}

test_at_zero_percent_the_repayment_is_the_balance_over_the_months if {
	# $10,000 / 240 = $41.666... -> $41.67
	offer.amortized_cents(10000, 0, 240) == 4167
}

test_with_no_repayment_months_the_whole_balance_is_due if {
	offer.amortized_cents(10000, 7.25, 0) == 1000000
}

test_nothing_owed_pays_nothing if {
	offer.interest_only_cents(0, 7.25) == 0
	offer.amortized_cents(0, 7.25, 240) == 0
}

test_growth_is_repeated_multiplication_in_fixed_point if {
	one := bits.lsh(1, 62)
	offer.growth(2, 1, 0) == one
	offer.growth(2, 1, 1) == 2 * one
	offer.growth(2, 1, 10) == 1024 * one
	offer.growth(3, 2, 2) == (9 * one) / 4
	offer.growth(3, 1, 13) == 1594323 * one

	# 256 and above take the squares beyond the 128th power
	offer.growth(2, 1, 300) == bits.lsh(one, 300)
	offer.growth(2, 1, 4095) == bits.lsh(one, 4095)
}

test_thirty_years_is_the_textbook_mortgage_payment if {
	# 360 months: the squares beyond x^128
	offer.amortized_cents(200000, 6.5, 360) == 126414
}

test_a_higher_rate_or_balance_never_pays_less if {
	rates := [0, 1, 4, 6.75, 7.25, 9.99, 18]
	every i in numbers.range(1, count(rates) - 1) {
		offer.amortized_cents(150000, rates[i - 1], 240) <= offer.amortized_cents(150000, rates[i], 240)
		offer.interest_only_cents(150000, rates[i - 1]) <= offer.interest_only_cents(150000, rates[i])
	}
	balances := [0, 1, 999, 25000, 150000, 500000]
	every i in numbers.range(1, count(balances) - 1) {
		offer.amortized_cents(balances[i - 1], 7.25, 240) <= offer.amortized_cents(balances[i], 7.25, 240)
	}
}

# --- heloc.offer.payments: the entrypoint, over the program's periods ---

test_payments_are_over_the_program_s_periods if {
	p := offer.payments with input as {"balance": 150000, "apr": 8.25}
	p.balance == 150000
	p.drawMonths == tables.program.draw_period_years * 12
	p.repaymentMonths == tables.program.repayment_period_years * 12
	p.drawPaymentCents == 103125
	p.repaymentPaymentCents == offer.amortized_cents(150000, 8.25, p.repaymentMonths)
}

test_payments_of_the_hand_checked_example_with_20_year_repayment if {
	p := offer.payments with input as {"balance": 10000, "apr": 7.25}
		with data.heloc.offer.tables.program.repayment_period_years as 20
	p.repaymentPaymentCents == 7904
	p.drawPaymentCents == 6042
}

test_payments_in_whole_cents if {
	every b in [1, 999, 33333, 410500] {
		every apr in [4, 6.99, 8.25, 18] {
			p := offer.payments with input as {"balance": b, "apr": apr}
			is_number(p.drawPaymentCents)
			p.drawPaymentCents == round(p.drawPaymentCents)
			p.repaymentPaymentCents == round(p.repaymentPaymentCents)
		}
	}
}

test_payments_without_a_balance_or_a_rate_is_null if {
	every x in [{}, {"balance": 1000}, {"apr": 7}, {"balance": "1000", "apr": 7}, {"balance": -1, "apr": 7}] {
		p := offer.payments with input as x
		p == null
	}
}

# --- The line is the amount chosen ---

test_without_a_requested_line_the_line_is_the_maximum if {
	o := offer_for({})
	o.line == o.maxLine
	o.requestedLine == null
}

test_a_requested_line_within_the_bounds_is_the_line if {
	o := offer_for({"requestedLine": 150000})
	o.eligible == true
	o.line == 150000
	o.requestedLine == 150000
	o.maxLine == offer_for({}).maxLine
}

test_a_requested_line_is_kept_within_the_minimum_and_the_maximum if {
	top := offer_for({}).maxLine
	offer_for({"requestedLine": 1}).line == tables_min_line
	offer_for({"requestedLine": top + 1}).line == top
	offer_for({"requestedLine": 150000.75}).line == 150000
	offer_for({"requestedLine": 150000.75}).requestedLine == 150000
	offer_for({"requestedLine": "150000"}).requestedLine == null
	offer_for({"requestedLine": "150000"}).line == top
}

tables_min_line := data.heloc.eligibility.tables.line.minimum

test_the_fee_and_the_draws_are_on_the_line_chosen if {
	every requested in [tables_min_line, 150000, offer_for({}).maxLine] {
		o := offer_for({"requestedLine": requested})
		o.originationFee == offer.origination_fee(requested)
		o.maxDraw == requested - o.originationFee
		o.minDraw == min([program.min_initial_draw, o.maxDraw])
	}
}

test_the_line_chosen_is_priced_at_its_own_cltv if {
	# A home where the largest line has a CLTV in a dearer band than a small line.
	o_max := offer_for({"propertyValue": 1000000, "mortgageBalance": 600000})
	o_small := offer_for({"propertyValue": 1000000, "mortgageBalance": 600000, "requestedLine": tables_min_line})
	o_small.cltv == offer.cltv(600000 + tables_min_line, 1000000)
	o_max.cltv == offer.cltv(600000 + o_max.line, 1000000)
	o_small.apr <= o_max.apr
	[row] := [r | some r in grid; r.id == o_small.pricingRow]
	row.cltv.above < o_small.cltv
	o_small.cltv <= row.cltv.upTo
}

test_the_payments_are_on_the_line_fully_drawn_at_the_apr if {
	o := offer_for({"requestedLine": 150000})
	o.payments == offer.payment_schedule(150000, o.apr)
	o.payments.balance == o.line
}

test_the_example_is_10000_dollars_at_the_apr_and_at_the_cap if {
	o := offer_for({"requestedLine": 150000})
	e := offer.example with input as {"apr": o.apr}
	e.balance == 10000
	e.drawPaymentCents == offer.interest_only_cents(10000, o.apr)
	e.repaymentPaymentCents == offer.amortized_cents(10000, o.apr, program.repayment_period_years * 12)
	e.maxRateDrawPaymentCents == offer.interest_only_cents(10000, program.rate_cap)
	e.maxRateRepaymentPaymentCents == offer.amortized_cents(10000, program.rate_cap, program.repayment_period_years * 12)
}

# Only the disclosures state the example: the preview does not work it out.
test_the_preview_states_no_example if not "example" in object.keys(offer_for({"requestedLine": 150000}))

test_no_apr_has_no_example if {
	offer.example == null with input as {}
	offer.example == null with input as {"apr": "7.5"}
	offer.example == null with input as {"apr": -1}
}

test_no_offer_has_no_line_and_no_payments if {
	o := offer_for({"creditScore": minimum_score - 1, "requestedLine": 150000})
	o.eligible == false
	o.line == 0
	o.requestedLine == 150000
	o.minDraw == 0
	o.maxDraw == 0
	o.payments.balance == 0
	o.payments.drawPaymentCents == 0
	o.payments.repaymentPaymentCents == 0
}

# --- Outcome and missing: eligibility's ---

test_an_offer_is_eligible if offer_for({}).outcome == "eligible"

test_a_refusal_has_eligibility_s_outcome_and_missing if {
	every overrides in [
		{"creditScore": minimum_score - 1},
		{"propertyValue": null},
		{"hasFbm": true},
	] {
		o := offer_for(overrides)
		d := data.heloc.eligibility.decision with input as object.union(base, overrides)
		o.outcome == d.outcome
		o.missing == d.missing
		o.eligible == false
	}
}

test_a_missing_fact_is_not_decided_and_refuses_nobody if {
	o := offer_for({"propertyValue": null, "annualIncome": 0})
	o.outcome == "notDecided"
	o.ineligiblePage == null
	[r] := o.reasons
	r.code == "NOT_DECIDED"
	r.adverseAction == null
	count(o.missing) > 0
}

test_without_eligibility_s_outcome_it_is_derived if {
	d := object.remove(data.heloc.eligibility.decision, ["outcome"]) with input as base
	o := offer.preview with input as base with data.heloc.eligibility.decision as d
	o.outcome == "eligible"
	low := object.union(base, {"creditScore": minimum_score - 1})
	d_low := object.remove(data.heloc.eligibility.decision, ["outcome"]) with input as low
	o_low := offer.preview with input as low with data.heloc.eligibility.decision as d_low
	o_low.outcome == "ineligible"
}

# --- NO_PRICING_ROW: a refusal with an adverse-action reason ---

test_no_pricing_row_is_ineligible_with_a_specific_adverse_action if {
	o := offer_for({}) with data.heloc.offer.tables.pricing_grid as []
	o.outcome == "ineligible"
	[r] := o.reasons
	r.code == "NO_PRICING_ROW"
	r.page == null
	r.weight == 1
	startswith(r.adverseAction, "Other: ")
	contains(r.adverseAction, sprintf("%v", [base.creditScore]))
	contains(r.adverseAction, "%")
}

test_no_pricing_row_on_a_self_reported_answer_may_not_qualify if {
	o := offer_for({"creditSource": "selfReported"}) with data.heloc.offer.tables.pricing_grid as []
	o.outcome == "mayNotQualify"
	[r] := o.reasons
	r.adverseAction == null
	r.page == null
}

# --- Every reason of this policy has the shape of eligibility's ---

test_offer_reasons_have_eligibility_s_shape if {
	shape := {"code", "message", "rule", "page", "adverseAction", "weight"}
	unpriced := offer_for({}) with data.heloc.offer.tables.pricing_grid as []
	undecided := offer_for({}) with data.heloc.offer.tables as {}
	every o in [unpriced, offer_for({"annualIncome": 0}), undecided] {
		count(o.reasons) > 0
		every r in o.reasons {
			object.keys(r) == shape
		}
	}
}
