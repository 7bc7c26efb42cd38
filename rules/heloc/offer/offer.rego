# The preview offer (policy contract "data.heloc.offer.preview"; screens.md
# "preview-offer"; spec §2 step previewOffer).
#
# Input: the eligibility input (heloc.eligibility decides who gets an offer
# and the line available) plus, optionally, primeRate (percent, e.g. 7.5):
# without it the prime rate in effect on input.today comes from the table.
# The pricing grid, the usage margins, the prime rate history, the program
# (maximum line, periods, APR floor and cap) and the fee are data
# (tables/data.yaml, loaded at data.heloc.offer.tables).
package heloc.offer

import rego.v1

import data.heloc.eligibility
import data.heloc.offer.tables

# preview: {eligible, maxLine, minLine, cltv, apr, originationFee} (policy
# contract) plus margin, primeRate, primeRateRule, rateFloor, rateCap,
# drawPeriodYears, repaymentPeriodYears, pricingRow (the id of the grid row),
# and eligibility's ineligiblePage and reasons.
# Money in whole dollars; cltv a fraction (0.85); apr, margin, primeRate,
# rateFloor and rateCap in percent (7.25).
#
# The default is reached only when the tables are missing or broken: no
# offer, with a reason that says no decision was made.
default preview := {
	"eligible": false,
	"maxLine": 0,
	"minLine": 0,
	"cltv": 0,
	"apr": 0,
	"originationFee": 0,
	"margin": 0,
	"primeRate": 0,
	"primeRateRule": null,
	"rateFloor": 0,
	"rateCap": 0,
	"drawPeriodYears": 0,
	"repaymentPeriodYears": 0,
	"pricingRow": null,
	"ineligiblePage": null,
	"reasons": [{
		"code": "NOT_DECIDED",
		"message": "We could not decide on this application. Please contact us.",
		"rule": null,
		"page": null,
		"adverseAction": null,
	}],
}

# An eligible application with a grid row: the offer of the largest line,
# priced at that line's CLTV (a line's CLTV counts the whole line, drawn or
# not, as Fannie Mae's HCLTV does for HELOCs).
preview := object.union(_terms, {
	"eligible": true,
	"maxLine": _max_line,
	"cltv": _cltv,
	"apr": _apr,
	"originationFee": _fee,
	"margin": _margin,
	"pricingRow": _row.id,
	"ineligiblePage": null,
	"reasons": [],
}) if _priced

# Not eligible (or, which the grid tests rule out, not priced): no line, no
# price; cltv is the current one, what is owed over the value. The reasons
# and page are eligibility's.
preview := object.union(_terms, {
	"eligible": false,
	"maxLine": 0,
	"cltv": cltv(_balance, _value),
	"apr": 0,
	"originationFee": 0,
	"margin": 0,
	"pricingRow": null,
	"ineligiblePage": _decision.ineligiblePage,
	"reasons": _unpriced_reasons,
}) if not _priced

_priced if {
	_decision.eligible
	_row
}

# What every offer states, priced or not.
_terms := {
	"minLine": _decision.minLine,
	"primeRate": _prime.rate,
	"primeRateRule": _prime.rule,
	"rateFloor": tables.program.rate_floor,
	"rateCap": tables.program.rate_cap,
	"drawPeriodYears": tables.program.draw_period_years,
	"repaymentPeriodYears": tables.program.repayment_period_years,
}

_decision := eligibility.decision

_unpriced_reasons := _decision.reasons if not _decision.eligible

_unpriced_reasons := [{
	"code": tables.no_price.code,
	"message": tables.no_price.message,
	"rule": tables.program.id,
	"page": null,
	"adverseAction": null,
}] if _decision.eligible

# --- The line (policy contract) ---

# maxLine = min(program maximum, available line), where the available line
# is eligibility's max(0, value x maximum CLTV - balance); and never above
# what the home is worth beyond what is owed (0 when underwater), whatever a
# table says.
_max_line := min([tables.program.max_line, _decision.availableLine, max([0, _value - _balance])])

_value := eligibility.property_value(input)

_balance := eligibility.mortgage_balance(input)

# cltv(owed, value): (liens + line) / value as Fannie Mae rounds it (Selling
# Guide B2-1.2-01: truncate to two decimals of a percent, then round up to
# the whole percent, so 80.001% is 80% and 94.01% is 95%), as a fraction.
# A value of 0 has no meaningful CLTV: 0, and no offer.
cltv(owed, value) := ceil(floor((owed * 10000) / value) / 100) / 100 if value > 0

cltv(_, value) := 0 if value <= 0

_cltv := cltv(_balance + _max_line, _value)

# --- The price ---

# The first row of the grid whose score band [min, below) holds the credit
# score and whose CLTV band (above, upTo] holds the offer's CLTV.
_row := _rows[0]

# (The score and the CLTV are bound once: a rule lookup per grid row costs
# more than the row's comparisons.)
_rows := [row |
	some row in tables.pricing_grid
	row.score.min <= score
	score < row.score.below
	row.cltv.above < cltv
	cltv <= row.cltv.upTo
] if {
	score := input.creditScore
	cltv := _cltv
}

# The grid's margin plus the usage's (0 for a usage not listed).
_margin := _row.margin + _usage_add

_usage_add := sum([row.add | some row in tables.usage_margins; row.usage == input.propertyUsage])

# APR = prime + margin, kept within the floor and the cap, to two decimals.
# For open-end credit the APR is the periodic rate times the periods in a
# year, so the fee is not in it (Regulation Z §1026.14(b)).
_apr := round(min([tables.program.rate_cap, max([tables.program.rate_floor, _prime.rate + _margin])]) * 100) / 100

# The prime rate: the input's when it gives one, else the last table row in
# effect on input.today (rows are in date order; yyyy-MM-dd strings compare
# as dates), else the earliest row.
_prime := {"rate": rate, "rule": "input"} if {
	rate := object.get(input, "primeRate", null)
	is_number(rate)
} else := {"rate": row.rate, "rule": row.id} if {
	row := tables.prime_rates[_prime_index]
}

_prime_index := max(_in_effect) if {
	count(_in_effect) > 0
} else := 0

_in_effect := {i | some i, row in tables.prime_rates; row.effective <= input.today}

# Origination fee: percent of the line, rounded to whole dollars, within the
# minimum and maximum.
_fee := min([tables.origination_fee.maximum, max([tables.origination_fee.minimum, round(_max_line * tables.origination_fee.percent)])])
