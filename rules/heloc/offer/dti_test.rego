# Tests for the debt-to-income rule (dti.rego). Every maximum comes from
# tables.dti and every line bound from the program and eligibility's
# tables; the incomes are worked out from them, so that changing a maximum
# in data.yaml keeps these tests green while the lines move.
package heloc.offer_test

import rego.v1

import data.heloc.eligibility
import data.heloc.offer
import data.heloc.offer.tables

dti_rows := tables.dti

# The DTI row of a score.
dti_row_of(score) := row if {
	[row] := [r | some r in dti_rows; r.score.min <= score; score < r.score.below]
}

months := program.repayment_period_years * 12

# A grid of one row prices every score and CLTV alike, so that the
# qualifying rate is the offer's APR (a test on the arithmetic of the cap,
# not on the grid).
one_row := [{"id": "P-ALL", "score": {"min": 300, "below": 851}, "cltv": {"above": 0, "upTo": 1}, "margin": 1}]

# A home worth enough that the program's maximum caps the equity's line.
rich := {"propertyValue": 100 * program.max_line, "mortgageBalance": 0, "mortgages": []}

# The income at which a line of `line` dollars at `apr`, with `debts` a month,
# takes exactly the DTI maximum of the base score (rounded up to the dollar).
income_for(line, apr, debts) := ceil((((debts * 100) + offer.amortized_cents(line, apr, months)) * 12) / (dti_row_of(base.creditScore).max * 100))

# Whether a line fits: (debts + its payment) / monthly income <= maximum.
fits(line, apr, debts, income, maximum) if {
	(((debts * 100) + offer.amortized_cents(line, apr, months)) * 12) / (income * 100) <= maximum
}

# --- When it runs ---

test_dti_does_not_run_without_income if {
	o := offer_for({})
	o.dti == null
	o.maxLineByDti == null
}

test_dti_runs_with_income if {
	o := offer_for({"annualIncome": 1000000})
	o.dti.rule == dti_row_of(base.creditScore).id
	o.dti.max == dti_row_of(base.creditScore).max
	is_number(o.maxLineByDti)
}

# --- The table: a maximum by score band ---

test_a_better_score_never_has_a_lower_dti_maximum if {
	every a in dti_rows {
		every b in dti_rows {
			_higher_band_not_stricter(a, b)
		}
	}
}

_higher_band_not_stricter(a, b) if a.score.min <= b.score.min

_higher_band_not_stricter(a, b) if a.max >= b.max

test_each_score_band_s_maximum_applies if {
	every row in dti_rows {
		_band_applies(row)
	}
}

_band_applies(row) if row.score.below <= minimum_score

_band_applies(row) if {
	score := max([row.score.min, minimum_score])
	score < row.score.below
	o := offer_for({"creditScore": score, "annualIncome": 1000000})
	o.dti.rule == row.id
	o.dti.max == row.max
}

# --- The cap: the largest line whose payment fits ---

test_max_line_by_dti_is_the_largest_line_that_fits if {
	plain := offer_for(rich) with data.heloc.offer.tables.pricing_grid as one_row
	apr := plain.apr
	debts := 1000
	target := (tables_min_line + program.max_line) / 2
	income := income_for(target, apr, debts)
	o := offer_for(object.union(rich, {"annualIncome": income, "monthlyDebts": debts})) with data.heloc.offer.tables.pricing_grid as one_row
	maximum := dti_row_of(base.creditScore).max
	line := o.maxLineByDti
	line >= target
	fits(line, apr, debts, income, maximum)
	not fits(line + 1, apr, debts, income, maximum)
}

test_the_dti_caps_the_line if {
	plain := offer_for(rich) with data.heloc.offer.tables.pricing_grid as one_row
	apr := plain.apr
	income := income_for((tables_min_line + program.max_line) / 2, apr, 1000)
	facts := object.union(rich, {"annualIncome": income, "monthlyDebts": 1000})
	o := offer_for(facts) with data.heloc.offer.tables.pricing_grid as one_row
	o.eligible == true
	o.maxLineByDti < program.max_line
	o.maxLine == o.maxLineByDti
	o.line == o.maxLine
	chosen := offer_for(object.union(facts, {"requestedLine": program.max_line})) with data.heloc.offer.tables.pricing_grid as one_row
	chosen.line == o.maxLineByDti
}

test_the_ratio_is_debts_and_the_line_s_payment_over_monthly_income if {
	facts := object.union(rich, {"annualIncome": 150000, "monthlyDebts": 600, "requestedLine": 100000})
	o := offer_for(facts) with data.heloc.offer.tables.pricing_grid as one_row
	o.eligible == true
	o.dti.qualifyingPaymentCents == offer.amortized_cents(100000, o.apr, months)
	o.dti.qualifyingPaymentCents == o.payments.repaymentPaymentCents
	o.dti.monthlyIncome == 12500
	o.dti.monthlyDebts == 600
	o.dti.ratio == round(((60000 + o.dti.qualifyingPaymentCents) / 1250000) * 10000) / 10000
}

test_raising_the_maximum_in_the_table_raises_the_line if {
	facts := object.union(rich, {"annualIncome": 60000, "monthlyDebts": 500})
	lower := offer_for(facts)
	raised := [object.union(r, {"max": r.max + 0.05}) | some r in dti_rows]
	higher := offer_for(facts) with data.heloc.offer.tables.dti as raised
	lower.maxLineByDti < higher.maxLineByDti
}

# The qualifying rate is the APR of the largest line the equity allows,
# which a smaller line's APR never exceeds: the qualifying payment is never
# below the offer's own.
test_the_qualifying_payment_is_never_below_the_offer_s if {
	every requested in [tables_min_line, 100000, 200000, 400000] {
		o := offer_for({"propertyValue": 1000000, "mortgageBalance": 300000, "annualIncome": 400000, "requestedLine": requested})
		o.eligible == true
		o.dti.qualifyingPaymentCents >= o.payments.repaymentPaymentCents
	}
}

# --- DTI_TOO_HIGH ---

test_dti_too_high_when_even_the_minimum_line_does_not_fit if {
	income := 24000
	debts := income / 12
	o := offer_for({"annualIncome": income, "monthlyDebts": debts})
	o.eligible == false
	o.outcome == "ineligible"
	o.ineligiblePage == null
	o.line == 0
	o.maxLine == 0
	[r] := o.reasons
	r.code == "DTI_TOO_HIGH"
	r.page == null
	r.rule == dti_row_of(base.creditScore).id

	# Specific (Reg B 1002.9(b)(2)): what in the file made it so, the ratio against the row's maximum.
	startswith(r.adverseAction, "Excessive obligations in relation to income: ")
	contains(r.adverseAction, eligibility.percent(o.dti.ratio))
	endswith(r.adverseAction, sprintf("above our maximum of %s", [eligibility.percent(o.dti.max)]))
	r.weight == min([1, round(((o.dti.ratio - o.dti.max) / o.dti.max) * 10000) / 10000])
	r.weight > 0
	o.dti.qualifyingPaymentCents > 0
	o.dti.ratio > o.dti.max
}

test_the_dti_weight_is_at_most_that_of_a_hard_stop if {
	o := offer_for({"annualIncome": 1200, "monthlyDebts": 5000})
	[r] := o.reasons
	r.code == "DTI_TOO_HIGH"
	r.weight == 1
	o.dti.ratio > 2 * o.dti.max
}

test_no_income_is_insufficient_income if {
	o := offer_for({"annualIncome": 0})
	o.outcome == "ineligible"
	[r] := o.reasons
	r.code == "DTI_TOO_HIGH"
	r.adverseAction == "Income insufficient for amount of credit requested"
	r.weight == 1
	o.dti.ratio == null
	o.maxLineByDti == 0
}

test_a_self_reported_answer_over_the_dti_may_not_qualify if {
	o := offer_for({"creditSource": "selfReported", "annualIncome": 24000, "monthlyDebts": 2000})
	o.outcome == "mayNotQualify"
	o.ineligiblePage == null
	[r] := o.reasons
	r.code == "DTI_TOO_HIGH"
	r.adverseAction == null
	not contains(r.message, data.heloc.eligibility.percent(o.dti.ratio))
}

test_an_eligibility_refusal_also_gives_the_dti_reason if {
	facts := {"creditScore": minimum_score - 1, "annualIncome": 24000, "monthlyDebts": 2000}
	o := offer_for(facts)
	d := data.heloc.eligibility.decision with input as object.union(base, facts)
	o.outcome == "ineligible"
	o.ineligiblePage == d.ineligiblePage
	[r.code | some r in o.reasons] == array.concat([r.code | some r in d.reasons], ["DTI_TOO_HIGH"])
}

test_a_missing_fact_gives_no_dti_reason if {
	o := offer_for({"propertyValue": null, "annualIncome": 24000, "monthlyDebts": 2000})
	o.outcome == "notDecided"
	[r.code | some r in o.reasons] == ["NOT_DECIDED"]
}

test_an_income_that_fits_gives_no_dti_reason if {
	o := offer_for({"annualIncome": 1000000, "monthlyDebts": 500})
	o.eligible == true
	o.reasons == []
	o.dti.ratio <= o.dti.max
}

# --- Monthly debts ---

test_self_stated_debts_count_over_the_bureau_s_list if {
	o := offer_for({"annualIncome": 1000000, "monthlyDebts": 600, "debts": [{"monthlyPayment": 250}, {"monthlyPayment": 100}]})
	o.dti.monthlyDebts == 600
}

test_without_self_stated_debts_the_bureau_s_are_summed if {
	o := offer_for({"annualIncome": 1000000, "debts": [{"monthlyPayment": 250, "type": "auto"}, {"monthlyPayment": 100}, {"type": "card"}]})
	o.dti.monthlyDebts == 350
}

test_the_payments_of_the_mortgages_that_are_liens_count if {
	mortgages := [
		{"balance": 150000, "monthlyPayment": 1200, "source": "bureau", "confirmed": true},
		{"balance": 30000, "monthlyPayment": 300, "source": "bureau", "confirmed": null},
		{"balance": 50000, "monthlyPayment": 400, "source": "bureau", "confirmed": false},
		{"balance": 20000, "monthlyPayment": 200, "source": "borrower", "confirmed": false},
	]
	o := offer_for({"annualIncome": 1000000, "monthlyDebts": 100, "mortgages": mortgages})
	o.dti.monthlyDebts == ((100 + 1200) + 300) + 200
}

# --- At submission: the application's income and debts (issue 20) ---

test_at_submission_the_application_s_income_and_debts_are_the_ratio_s if {
	facts := object.union(rich, {
		"stage": "submission", "hasFbm": false, "propertyUsage": "primaryResidence", "propertyType": "singleFamily",
		"annualIncome": 999999, "monthlyDebts": 5000, "requestedLine": 100000,
		"incomes": [{"kind": "employment", "party": "borrower", "current": true, "base": 10000}],
		"debts": [
			{"monthlyPayment": 400, "source": "bureau"},
			{"monthlyPayment": 300, "source": "bureau", "toBePaidOff": true},
			{"monthlyPayment": 200, "source": "bureau", "omitted": true},
		],
	})
	o := offer_for(facts) with data.heloc.eligibility.tables.income.counted as ["base"]
	o.dti.monthlyIncome == 10000
	o.dti.monthlyDebts == 400
}

test_before_the_application_the_stated_debts_are_the_ratio_s if {
	facts := object.union(rich, {"annualIncome": 120000, "monthlyDebts": 650, "debts": [{"monthlyPayment": 400}]})
	offer_for(facts).dti.monthlyDebts == 650
}

test_a_debt_the_line_pays_off_does_not_count_before_the_application_either if {
	facts := object.union(rich, {"annualIncome": 120000, "debts": [{"monthlyPayment": 400}, {"monthlyPayment": 300, "toBePaidOff": true}]})
	offer_for(facts).dti.monthlyDebts == 400
}
