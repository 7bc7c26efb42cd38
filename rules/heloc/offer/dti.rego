# Debt-to-income (issue 20: "a debt-to-income rule with its table: back-end
# DTI with the HELOC's payment at its fully drawn amount; thresholds by
# score band, as lenders publish them").
#
# How to read this file: back-end DTI is every monthly debt payment, this
# line's included, over gross monthly income:
#
#   DTI = (monthly debts + the line's repayment payment, fully drawn)
#         / (yearly income / 12)
#
# The largest DTI allowed is the row of tables.dti whose score band holds
# the score eligibility uses. The rule runs only when the income is known
# (eligibility.annual_income: the application's jobs and other income,
# else annualIncome as stated; the submission stage requires it) and eligibility has a score. It caps the line: the
# repayment payment is the line times a payment per dollar, so the largest
# line that fits is solved for (maxLineByDti, whole dollars, rounded down).
# When even the minimum line does not fit, or there is no income, the
# reason is DTI_TOO_HIGH.
#
# The payment is worked out at the qualifying rate: the APR of the largest
# line the equity allows (the offer's own APR or a higher one, as a lower
# CLTV never costs more; tested in pricing_test.rego), so that the line the
# borrower picks does not change the line allowed. With no grid row for the
# applicant (refused for another reason), the dearest margin of the grid.
#
# Monthly debts: at submission the application's debts other than
# mortgages (input.debts, the report's as the application lists them, less
# those the line pays off); before it input.monthlyDebts (self-stated) or
# else the sum of input.debts[].monthlyPayment, plus the monthlyPayment of each mortgage
# that counts as a lien (eligibility.liens: one the borrower added counts; a
# bureau one unless the borrower said it is not on this home).
package heloc.offer

import rego.v1

import data.heloc.eligibility
import data.heloc.offer.tables

# METADATA
# title: Debt-to-income over the maximum
# description: >-
#   With the repayment payment of the smallest line (eligibility's minimum,
#   fully drawn, at the qualifying rate), the applicant's monthly debts
#   would take more of the gross monthly income than the tables.dti row of
#   the credit score allows. weight: how far over, relative to the maximum
#   (at most 1, the weight of a hard stop, as eligibility weighs a
#   shortfall).
# custom:
#   code: DTI_TOO_HIGH
#   message: >-
#     With the payment on the smallest line we offer, your monthly debt
#     payments would be {ratio} of your monthly income; we can lend when they
#     are at most {max}.
#   estimate_message: >-
#     With the income and debts you gave, the payments on a line may be more
#     than we can lend against: we lend when monthly debt payments, the line's
#     included, are at most {max} of monthly income.
#   adverse_action: >-
#     Excessive obligations in relation to income: with the smallest line,
#     monthly debt payments of {ratio} of income, above our maximum of {max}
#   source: >-
#     Lender practice; Fannie Mae Selling Guide B3-6-02 (debt-to-income
#     ratios); Regulation Z 12 CFR 1026.43(c)(2)(vii) (ability to repay:
#     monthly DTI). Adverse-action wording: Reg B, 12 CFR 1002.9(b)(2),
#     Appendix C Form C-1.
reasons contains r if {
	_dti_decides
	_income > 0
	not _dti_fits(_min_line)
	md := rego.metadata.rule()
	ratio := _dti_ratio(_min_line)
	weight := min([1, round(((ratio - _dti_row.max) / _dti_row.max) * 10000) / 10000])
	r := _offer_reason(md, _dti_row.id, {"{ratio}": eligibility.percent(ratio), "{max}": eligibility.percent(_dti_row.max)}, weight)
}

# METADATA
# title: No income to repay from
# description: >-
#   The applicant states an annual income of 0 (or less): no line's payment
#   fits any debt-to-income maximum. weight: 1, as a refusal that no smaller
#   line cures.
# custom:
#   code: DTI_TOO_HIGH
#   message: >-
#     We can lend only against income: with no income stated, the payments
#     on a line cannot fit.
#   estimate_message: >-
#     We can lend only against income: with no income stated, the payments on
#     a line may not fit.
#   adverse_action: Income insufficient for amount of credit requested
#   source: >-
#     Lender practice; Regulation Z 12 CFR 1026.43(c)(2)(i) (ability to
#     repay: income). Adverse-action wording: Reg B, 12 CFR 1002.9(b)(2),
#     Appendix C Form C-1.
reasons contains r if {
	_dti_decides
	_income <= 0
	md := rego.metadata.rule()
	r := _offer_reason(md, _dti_row.id, {}, 1)
}

# ---------------------------------------------------------------------------
# What the rule compares
# ---------------------------------------------------------------------------

# The rule decides when income is stated, a tables.dti row holds the score,
# a qualifying rate is known, and eligibility has decided (a missing fact
# refuses nobody).
_dti_decides if {
	is_number(_income)
	_dti_row
	is_number(_qualifying_apr)
	_eligibility_outcome != "notDecided"
}

# The yearly income: the application's jobs and sources once it gives
# them, else as stated (eligibility.annual_income, income.rego).
_income := eligibility.annual_income(input)

# The row of tables.dti whose band [min, below) holds the score used (one
# row: the bands do not overlap, tested).
_dti_row := row if {
	score := _score
	[row] := [r |
		some r in tables.dti
		r.score.min <= score
		score < r.score.below
	]
}

# The payment of a line fully drawn at the qualifying rate, in cents.
_qualifying_payment_cents(line) := round(line * _qualifying_factor)

# The repayment payment per dollar at the qualifying rate, worked out once.
_qualifying_factor := repayment_factor(_qualifying_apr, _repayment_months)

# A line fits when (debts + its payment) / monthly income <= the maximum,
# compared in whole numbers: cents x 12 x 10000 against the maximum in
# hundredths of a percent x income in cents.
_dti_fits(line) if {
	(_monthly_debts_cents + _qualifying_payment_cents(line)) * 1200 <= _dti_limit
}

# The maximum in hundredths of a percent times the yearly income in dollars:
# the most that monthly debts in cents, times 1200, may come to.
_dti_limit := round(_dti_row.max * 10000) * _income

# The DTI of a line, a fraction to four decimals (0.4312).
_dti_ratio(line) := round((((_monthly_debts_cents + _qualifying_payment_cents(line)) * 12) / (_income * 100)) * 10000) / 10000 if {
	_income > 0
}

# The largest line, in whole dollars, whose payment fits: the payment is the
# line times the payment per dollar (k, cents), so the line is about the
# room left under the maximum (cents) over k; the one or few whole lines
# where the rounding to the cent decides are tried one by one. 0 when none
# fits.
_max_line_by_dti := 0 if {
	_income <= 0
} else := max(array.concat([0], [line |
	k := _qualifying_factor
	room := (_dti_limit / 1200) - _monthly_debts_cents
	room > 0
	some line in numbers.range(max([0, floor((room - 0.5) / k)]), floor(room / k) + 1)
	_dti_fits(line)
]))

# The DTI the preview states: on the line offered, or, with no offer, on the
# smallest line; income and debts a month in whole dollars (the ratio is
# worked out in cents); ratio null with no income.
_dti_result := {
	"ratio": _ratio_or_null(line),
	"max": _dti_row.max,
	"rule": _dti_row.id,
	"monthlyIncome": round(_income / 12),
	"monthlyDebts": round(_monthly_debts),
	"qualifyingPaymentCents": _qualifying_payment_cents(line),
} if {
	_dti_decides
	line := _dti_line
}

_dti_line := _line if {
	_offered
} else := _min_line

_ratio_or_null(line) := _dti_ratio(line) if {
	_income > 0
} else := null

# Monthly debts, in dollars and in cents.
_monthly_debts := _other_debts + _lien_payments

_monthly_debts_cents := round(_monthly_debts * 100)

# The debts other than mortgages: at submission, the report's debts as the
# application lists them; before it, the monthly debts the borrower stated,
# else the report's. A debt the borrower chose to pay off with the line
# (toBePaidOff) or that the lender left out (omitted) does not count: it is
# gone once the line opens.
_other_debts := _listed_debts if {
	eligibility.stage == "submission"
	is_array(object.get(input, "debts", null))
} else := v if {
	v := object.get(input, "monthlyDebts", null)
	is_number(v)
} else := _listed_debts

_listed_debts := sum([p |
	some d in _list(object.get(input, "debts", null))
	not object.get(d, "toBePaidOff", false) == true
	not object.get(d, "omitted", false) == true
	p := object.get(d, "monthlyPayment", null)
	is_number(p)
])

_lien_payments := sum([p |
	some m in eligibility.input_liens
	p := object.get(m, "monthlyPayment", null)
	is_number(p)
])

_list(x) := x if {
	is_array(x)
} else := []

# The qualifying rate: the APR of the largest line the equity allows (the
# grid row of the score at that line's CLTV); with no such row, the grid's
# dearest margin. Within the floor and the cap, as every APR.
_qualifying_apr := _apr_of(row.margin + _usage_margin) if {
	row := _qualifying_row
} else := _apr_of(max([r.margin | some r in tables.pricing_grid]) + _usage_margin)
