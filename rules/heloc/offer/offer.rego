# The preview offer (policy contract "data.heloc.offer.preview"; screens.md
# "preview-offer"; spec §2 step previewOffer).
#
# How to read this file: heloc.eligibility decides who gets an offer and
# the line available; here the line is capped (_max_line), its CLTV worked
# out (_line_cltv), the pricing grid row that holds the credit score and that
# CLTV found (_pricing_row), and the APR and fee follow from the row. The one
# reason this policy adds (NO_PRICING_ROW) is a rule with its METADATA, as
# in heloc.eligibility.
#
# Input: the eligibility input plus, optionally, primeRate (percent, e.g.
# 7.5): without it the prime rate in effect on input.today comes from the
# table. The pricing grid, the usage margins, the prime rate history, the
# program (maximum line, periods, APR floor and cap) and the fee are data
# (tables/data.yaml, loaded at data.heloc.offer.tables); the Rego holds no
# copy of them.
package heloc.offer

import rego.v1

import data.heloc.eligibility
import data.heloc.offer.tables

# METADATA
# title: No decision
# description: >-
#   Reached only when the tables are missing or broken: no offer, with a
#   reason that says no decision was made.
# custom:
#   code: NOT_DECIDED
#   source: Lender practice (policy contract "always a result")
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

# preview: {eligible, maxLine, minLine, cltv, apr, originationFee} (policy
# contract) plus margin, primeRate, primeRateRule, rateFloor, rateCap,
# drawPeriodYears, repaymentPeriodYears, pricingRow (the id of the grid row),
# and eligibility's ineligiblePage and reasons.
# Money in whole dollars; cltv a fraction (0.85); apr, margin, primeRate,
# rateFloor and rateCap in percent (7.25).
#
# An eligible application that a grid row prices: the offer of the largest
# line, priced at that line's CLTV.
preview := object.union(_terms, {
	"eligible": true,
	"maxLine": _max_line,
	"cltv": _line_cltv,
	"apr": _apr,
	"originationFee": origination_fee(_max_line),
	"margin": _margin,
	"pricingRow": _pricing_row.id,
	"ineligiblePage": null,
	"reasons": [],
}) if {
	_offered
}

# No offer: no line, no price; cltv is the current one, what is owed over
# the value. The reasons and page are eligibility's, or, for an eligible
# application that no grid row prices, this policy's own.
preview := object.union(_terms, {
	"eligible": false,
	"maxLine": 0,
	"cltv": cltv(_balance, _value),
	"apr": 0,
	"originationFee": 0,
	"margin": 0,
	"pricingRow": null,
	"ineligiblePage": eligibility.decision.ineligiblePage,
	"reasons": _no_offer_reasons,
}) if {
	not _offered
}

# An offer is made when eligibility says yes and a grid row prices it.
_offered if {
	eligibility.decision.eligible
	_pricing_row
}

_no_offer_reasons := eligibility.decision.reasons if {
	not eligibility.decision.eligible
} else := [r | some r in reasons]

# What every preview states, offer or not.
_terms := {
	"minLine": eligibility.decision.minLine,
	"primeRate": _prime.rate,
	"primeRateRule": _prime.rule,
	"rateFloor": tables.program.rate_floor,
	"rateCap": tables.program.rate_cap,
	"drawPeriodYears": tables.program.draw_period_years,
	"repaymentPeriodYears": tables.program.repayment_period_years,
}

# METADATA
# title: No row of the pricing grid prices the offer
# description: >-
#   An eligible application whose credit score and line CLTV fall in no row
#   of tables.pricing_grid (or, were two rows to overlap, in more than one).
#   The grid tests rule this out (every eligible score and CLTV is priced by
#   exactly one row); the reason keeps the preview defined all the same. It
#   is not a credit decision about the applicant, so it names no
#   ineligible page and no adverse-action reason: the applicant is asked
#   to contact us.
# custom:
#   code: NO_PRICING_ROW
#   message: We could not price a line of credit for this application. Please contact us.
#   source: Lender practice (the pricing grid is tables/data.yaml)
reasons contains r if {
	eligibility.decision.eligible
	not _pricing_row
	md := rego.metadata.rule()
	r := {
		"code": md.custom.code,
		"message": md.custom.message,
		"rule": tables.program.id,
		"page": null,
		"adverseAction": null,
	}
}

# ---------------------------------------------------------------------------
# The line (policy contract)
# ---------------------------------------------------------------------------

_value := eligibility.property_value(input)

_balance := eligibility.mortgage_balance(input)

# maxLine = min(program maximum, available line), where the available line
# is eligibility's: max(0, value x maximum CLTV of the usage - balance); and
# never above what the home is worth beyond what is owed (0 when
# underwater), whatever a table says.
_max_line := min([tables.program.max_line, eligibility.decision.availableLine, max([0, _value - _balance])])

# The line's CLTV counts the whole line, drawn or not, as Fannie Mae's HCLTV
# does for HELOCs.
_line_cltv := cltv(_balance + _max_line, _value)

# cltv(owed, value): (liens + line) / value as Fannie Mae rounds it (Selling
# Guide B2-1.2-01: truncate to two decimals of a percent, then round up to
# the whole percent, so 80.001% is 80% and 94.01% is 95%), as a fraction.
# A value of 0 has no meaningful CLTV: 0, and no offer.
cltv(owed, value) := ceil(floor((owed * 10000) / value) / 100) / 100 if value > 0

cltv(_, value) := 0 if value <= 0

# ---------------------------------------------------------------------------
# The price
# ---------------------------------------------------------------------------

# The row of the pricing grid whose score band [min, below) holds the
# credit score and whose CLTV band (above, upTo] holds the line's CLTV. The
# rows neither overlap nor leave a gap (tested), so one row holds each
# eligible application; the order of the rows decides nothing.
_pricing_row := row if {
	[row] := [r |
		some r in tables.pricing_grid
		r.score.min <= input.creditScore
		input.creditScore < r.score.below
		r.cltv.above < _line_cltv
		_line_cltv <= r.cltv.upTo
	]
}

# The margin over prime: the grid row's plus the property usage's (spec §3
# "Property usage"); a usage not listed in usage_margins adds 0.
_margin := _pricing_row.margin + sum([m.add | some m in tables.usage_margins; m.usage == input.propertyUsage])

# APR = prime + margin, kept within the floor and the cap, to two decimals.
# For open-end credit the APR is the periodic rate times the periods in a
# year, so the fee is not in it (Regulation Z §1026.14(b)).
_apr := round(min([tables.program.rate_cap, max([tables.program.rate_floor, _prime.rate + _margin])]) * 100) / 100

# The prime rate: the input's when it gives one; else the table's row in
# effect on input.today, the last whose effective day is on or before it
# (rows are in date order; yyyy-MM-dd strings compare as dates); else, when
# today precedes every row, the earliest row.
_prime := {"rate": rate, "rule": "input"} if {
	rate := object.get(input, "primeRate", null)
	is_number(rate)
} else := {"rate": row.rate, "rule": row.id} if {
	rows := tables.prime_rates
	row := rows[max(array.concat([0], [i | some i, r in rows; r.effective <= input.today]))]
}

# Origination fee: percent of the line, rounded to whole dollars, within
# the table's minimum and maximum.
origination_fee(line) := min([fee.maximum, max([fee.minimum, round(line * fee.percent)])]) if {
	fee := tables.origination_fee
}

# ---------------------------------------------------------------------------
# The initial draw (screens.md "loan-disbursement")
# ---------------------------------------------------------------------------

# draw: the bounds of the first draw on a line of input.line dollars, whose
# origination fee is input.originationFee (the offer's) or, without it, the
# fee table's for that line. The fee is paid from the line, so at most the
# line less the fee can be drawn; at least the program's minimum initial
# draw, unless the line less the fee is smaller (then that is both bounds).
# Money in whole dollars. {minimum, maximum, line, originationFee, rule}.
default draw := {"minimum": 0, "maximum": 0, "line": 0, "originationFee": 0, "rule": null}

draw := {
	"minimum": min([tables.program.min_initial_draw, _draw_max]),
	"maximum": _draw_max,
	"line": input.line,
	"originationFee": _draw_fee,
	"rule": tables.program.id,
} if {
	is_number(input.line)
	input.line >= 0
}

_draw_fee := input.originationFee if {
	is_number(input.originationFee)
} else := origination_fee(input.line)

_draw_max := max([0, input.line - _draw_fee])
