# The preview offer (policy contract "data.heloc.offer.preview"; screens.md
# "preview-offer"; spec §2 step previewOffer).
#
# Input: the eligibility input (heloc.eligibility decides who gets an offer
# and the line available) plus, optionally, primeRate (percent, e.g. 7.5):
# without it the prime rate in effect on input.today comes from the table.
# The pricing grid, the usage margins, the prime rate history, the program
# (maximum line, periods, APR floor and cap) and the fee are data
# (tables/data.yaml, loaded at data.heloc.offer.tables).
#
# Written for speed as well as reading (the preview is priced at every
# step of the funnel): the offer is worked out in few rules (_offer, then
# _pricing for an eligible application), each step of it a line there,
# since every rule and function evaluated costs more than the arithmetic in
# it; and what follows from the tables alone (each grid row's margins and
# APRs at each table prime rate, the rows of each whole credit score) is in
# rules that read no input, which the engine works out once per policy
# revision (server/policy, fold). (OPA's arithmetic on fractions is its
# costliest step: it is done at load wherever it can be.)
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
preview := object.union(o.terms, {
	"eligible": true,
	"maxLine": p.maxLine,
	"cltv": p.cltv,
	# The APR of the row's price at the prime rate (_apr).
	"apr": _apr_of(price, o.prime),
	"originationFee": _fee(p.maxLine),
	"margin": price.margin,
	"pricingRow": row.id,
	"ineligiblePage": null,
	"reasons": [],
}) if {
	o := _offer
	o.decision.eligible
	p := _pricing
	row := p.rows[0]

	# The row's price for the property usage (_price): for a usage listed in
	# usage_margins, its own; for any other, the row's with no usage margin.
	prices := _prices[row.index]
	price := array.concat([x | x := prices.byUsage[input.propertyUsage]], [prices.none])[0]
}

# Not eligible (or, which the grid tests rule out, not priced): no line, no
# price; cltv is the current one, what is owed over the value. The reasons
# and page are eligibility's.
preview := object.union(o.terms, {
	"eligible": false,
	"maxLine": 0,
	"cltv": cltv(o.balance, o.value),
	"apr": 0,
	"originationFee": 0,
	"margin": 0,
	"pricingRow": null,
	"ineligiblePage": o.decision.ineligiblePage,
	"reasons": _unpriced_reasons,
}) if {
	o := _offer
	not _priced
}

# An offer is priced when eligibility says yes and a grid row prices it.
_priced if {
	_offer.decision.eligible
	_pricing.rows[0]
}

# The steps of the offer, priced or not.
_offer := {
	"decision": d,
	# What every offer states, priced or not.
	"terms": {
		"minLine": d.minLine,
		"primeRate": prime.rate,
		"primeRateRule": prime.rule,
		"rateFloor": program.rate_floor,
		"rateCap": program.rate_cap,
		"drawPeriodYears": program.draw_period_years,
		"repaymentPeriodYears": program.repayment_period_years,
	},
	"prime": prime,
	"value": eligibility.property_value(input),
	"balance": eligibility.mortgage_balance(input),
} if {
	d := eligibility.decision
	program := tables.program
	prime := _prime
}

# The steps of pricing an eligible application: its line, the line's CLTV
# and the grid rows that price it.
_pricing := {"maxLine": max_line, "cltv": line_cltv, "rows": rows} if {
	o := _offer
	value := o.value
	balance := o.balance

	# --- The line (policy contract) ---
	#
	# maxLine = min(program maximum, available line), where the available
	# line is eligibility's max(0, value x maximum CLTV - balance); and never
	# above what the home is worth beyond what is owed (0 when underwater),
	# whatever a table says.
	max_line := min([tables.program.max_line, o.decision.availableLine, max([0, value - balance])])
	line_cltv := cltv(balance + max_line, value)

	# --- The price ---
	#
	# The rows of the grid whose score band [min, below) holds the credit
	# score and whose CLTV band (above, upTo] holds the offer's CLTV, in
	# table order; the first prices the offer.
	rows := [row | some row in _score_rows; row.cltv.above < line_cltv; line_cltv <= row.cltv.upTo]
}

# --- Prices (the grid's rows as the rules above use them; no input) ---

# The grid, each row with its position (index).
_grid := [object.union(row, {"index": i}) | some i, row in tables.pricing_grid]

# The prices (_price) of the grid row at each position, for each usage
# listed in usage_margins (byUsage) and for any other (none). (A rule of
# keys rather than one value, so that evaluated as written it works out only
# the row it is asked for.)
_prices[i] := {
	"byUsage": {usage: _price(row.margin + add) | some usage, add in _usage_adds},
	"none": _price(row.margin + 0),
} if some i, row in tables.pricing_grid

# The margin (the grid's plus the usage's) and the APR at each rate of the
# prime rate table (by its position), as _apr gives it.
_price(margin) := {"margin": margin, "apr": {i: _apr(row.rate, margin) | some i, row in tables.prime_rates}}

# The usage margin of each usage listed: the sum of its usage_margins rows.
_usage_adds := {usage: sum([row.add | some row in margins; row.usage == usage]) | some usage in {row.usage | some row in margins}} if {
	margins := tables.usage_margins
}

# APR = prime + margin, kept within the floor and the cap, to two decimals.
# For open-end credit the APR is the periodic rate times the periods in a
# year, so the fee is not in it (Regulation Z §1026.14(b)).
_apr(rate, margin) := round(min([program.rate_cap, max([program.rate_floor, rate + margin])]) * 100) / 100 if {
	program := tables.program
}

# The APR of a price at the prime rate: the table's rate's as the price
# holds it, the input's worked out.
_apr_of(price, prime) := price.apr[prime.index] if {
	prime.rule != "input"
} else := _apr(prime.rate, price.margin)

# Origination fee: percent of the line, rounded to whole dollars, within the
# minimum and maximum. (A line at or above _fee_bounds.atMaximum pays the
# maximum, one at or below atMinimum the minimum, without the arithmetic.)
_fee(line) := fee.maximum if {
	fee := tables.origination_fee
	line >= _fee_bounds.atMaximum
} else := min([fee.maximum, fee.minimum]) if {
	fee := tables.origination_fee
	line <= _fee_bounds.atMinimum
} else := min([fee.maximum, max([fee.minimum, round(line * fee.percent)])]) if {
	fee := tables.origination_fee
}

# The lines beyond which the fee is the maximum or the minimum whatever the
# rounding: a dollar of fee past either end.
_fee_bounds := {
	"atMaximum": ceil((fee.maximum + 1) / fee.percent),
	"atMinimum": floor((fee.minimum - 1) / fee.percent),
} if {
	fee := tables.origination_fee
	fee.percent > 0
}

# The rows of the grid whose score band [min, below) holds the credit score,
# in table order: for a whole score, as _grid_by_score lists them; for any
# other, found in the grid. (The rows whose score band ends above the score
# are found in one expression, which costs less than an expression per row.)
_score_rows := _grid_by_score[input.creditScore] if {
	is_number(input.creditScore)
} else := [row |
	grid := _grid
	score := input.creditScore
	grid[i].score.below > score
	row := grid[i]
	row.score.min <= score
]

# For each whole score from the lowest band's min to the highest band's
# below, the rows of the grid whose score band holds it, in table order. (A
# rule of keys rather than one value, so that evaluated as written it works
# out only the score it is asked for.)
_grid_by_score[score] := [row | some row in grid; row.score.min <= score; score < row.score.below] if {
	grid := _grid
	some score in numbers.range(ceil(min({row.score.min | some row in grid})), floor(max({row.score.below | some row in grid})))
}

# Why there is no price: eligibility's reasons, or, for an eligible
# application no grid row prices, the table's no_price reason.
_unpriced_reasons := _offer.decision.reasons if not _offer.decision.eligible

_unpriced_reasons := [{
	"code": tables.no_price.code,
	"message": tables.no_price.message,
	"rule": tables.program.id,
	"page": null,
	"adverseAction": null,
}] if _offer.decision.eligible

# cltv(owed, value): (liens + line) / value as Fannie Mae rounds it (Selling
# Guide B2-1.2-01: truncate to two decimals of a percent, then round up to
# the whole percent, so 80.001% is 80% and 94.01% is 95%), as a fraction.
# A value of 0 has no meaningful CLTV: 0, and no offer.
cltv(owed, value) := ceil(floor((owed * 10000) / value) / 100) / 100 if value > 0

cltv(_, value) := 0 if value <= 0

# The prime rate: the input's when it gives one, else the last table row in
# effect on input.today (rows are in date order; yyyy-MM-dd strings compare
# as dates), else the earliest row.
_prime := {"rate": rate, "rule": "input"} if {
	rate := object.get(input, "primeRate", null)
	is_number(rate)
} else := {"rate": row.rate, "rule": row.id, "index": i} if {
	rates := tables.prime_rates

	# The last row in effect (the largest position; 0 when none is).
	i := max(array.concat([0], [i | rates[i].effective <= input.today]))
	row := rates[i]
}
