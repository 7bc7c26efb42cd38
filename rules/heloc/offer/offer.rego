# The preview offer (policy contract "data.heloc.offer.preview"; screens.md
# "preview-offer"; spec §2 step previewOffer; issue 20).
#
# How to read this file: heloc.eligibility decides who gets an offer and
# the line the equity allows; here that line is capped at the program's
# maximum and by the debt-to-income rule (dti.rego) into maxLine
# (_max_line), the line offered is the amount the borrower chose within
# [minLine, maxLine] (_line), its CLTV worked out (_line_cltv), the pricing
# grid row that holds the credit score and that CLTV found (_pricing_row),
# and the APR follows from the row; the fee, the first draw's bounds and the
# payments (payments.rego, the one payment arithmetic) are on the line
# offered. The reasons this policy adds (NO_PRICING_ROW here, DTI_TOO_HIGH
# in dti.rego) are rules with their METADATA, as in heloc.eligibility, in
# its shape {code, message, rule, page, adverseAction, weight}.
#
# Input: the eligibility input (policy contract "Facts") plus, optionally,
# primeRate (percent, e.g. 7.5; without it the prime rate in effect on
# input.today comes from the table), requestedLine (whole dollars),
# annualIncome, monthlyDebts and debts (for the DTI rule). The pricing grid,
# the usage margins, the prime rate history, the program (maximum line,
# periods, APR floor and cap, minimum draw), the fee and the DTI maximums
# are data (tables/data.yaml, loaded at data.heloc.offer.tables); the Rego
# holds no copy of them.
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
	"outcome": "notDecided",
	"missing": [],
	"maxLine": 0,
	"minLine": 0,
	"line": 0,
	"requestedLine": null,
	"cltv": 0,
	"apr": 0,
	"originationFee": 0,
	"minDraw": 0,
	"maxDraw": 0,
	"payments": {"balance": 0, "drawPaymentCents": 0, "repaymentPaymentCents": 0, "drawMonths": 0, "repaymentMonths": 0},
	"dti": null,
	"maxLineByDti": null,
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
		"weight": 0,
	}],
}

# preview: {eligible, maxLine, minLine, cltv, apr, originationFee} (policy
# contract) plus outcome and missing (eligibility's, or "ineligible" when
# this policy's own rules refuse), line (the line offered: input.requestedLine
# kept within [minLine, maxLine], maxLine when none is requested),
# requestedLine, minDraw and maxDraw (the first draw's bounds on line),
# payments (on line fully drawn at apr; the Truth in Lending example, which
# only the disclosures state, is heloc.offer.example of the apr), dti and
# maxLineByDti (dti.rego),
# margin, primeRate, primeRateRule, rateFloor, rateCap, drawPeriodYears,
# repaymentPeriodYears, pricingRow (the id of the grid row), ineligiblePage
# and reasons [{code, message, rule, page, adverseAction, weight}].
# Money in whole dollars, payments in integer cents; cltv a fraction (0.85);
# apr, margin, primeRate, rateFloor and rateCap in percent (7.25).
#
# An eligible application that a grid row prices and no rule of this
# policy refuses: the offer of the line chosen, priced at its CLTV.
preview := object.union(_terms, {
	"eligible": true,
	"outcome": "eligible",
	"maxLine": _max_line,
	"line": _line,
	"cltv": _line_cltv,
	"apr": _apr,
	"originationFee": _fee,
	"minDraw": min([tables.program.min_initial_draw, _line - _fee]),
	"maxDraw": _line - _fee,
	"payments": schedule(_line, _apr, _apr_factor),
	"margin": _margin,
	"pricingRow": _pricing_row.id,
	"ineligiblePage": null,
	"reasons": [],
}) if {
	_offered
}

# No offer: no line, no price; cltv is the current one, what is owed over
# the value. The outcome, reasons and page are eligibility's (with this
# policy's own reasons that also fail, so that a notice can rank them all),
# or, for an eligible application that this policy refuses, its own.
preview := object.union(_terms, {
	"eligible": false,
	"outcome": _outcome,
	"maxLine": 0,
	"line": 0,
	"cltv": cltv(_balance, _value),
	"apr": 0,
	"originationFee": 0,
	"minDraw": 0,
	"maxDraw": 0,
	"payments": _no_payments,
	"margin": 0,
	"pricingRow": null,
	"ineligiblePage": _no_offer_page,
	"reasons": _no_offer_reasons,
}) if {
	not _offered
}

# An offer is made when eligibility says yes, a grid row prices the line
# and no rule here refuses it.
_offered if {
	eligibility.decision.eligible
	_pricing_row
	count(reasons) == 0
}

# Eligibility's outcome. Read with a default derived from eligible and the
# reasons, for a decision that does not state one.
_eligibility_outcome := object.get(eligibility.decision, "outcome", _derived_outcome)

_derived_outcome := "eligible" if {
	eligibility.decision.eligible
} else := "notDecided" if {
	some r in eligibility.decision.reasons
	r.code == "NOT_DECIDED"
} else := "ineligible"

# No offer: eligibility's outcome when it refuses or does not decide;
# otherwise this policy refuses, and a self-reported answer only may not
# qualify (it never declines).
_outcome := _eligibility_outcome if {
	_eligibility_outcome != "eligible"
} else := "mayNotQualify" if {
	_self_reported
} else := "ineligible"

_self_reported if object.get(input, "creditSource", null) == "selfReported"

_no_offer_reasons := eligibility.decision.reasons if {
	_eligibility_outcome == "notDecided"
} else := array.concat(eligibility.decision.reasons, _own_reasons) if {
	not eligibility.decision.eligible
} else := _own_reasons

_own_reasons := [r | some r in reasons]

_no_offer_page := eligibility.decision.ineligiblePage if {
	not eligibility.decision.eligible
} else := null

# What every preview states, offer or not.
_terms := {
	"minLine": _min_line,
	"requestedLine": _requested_line,
	"missing": object.get(eligibility.decision, "missing", []),
	"dti": _dti_or_null,
	"maxLineByDti": _max_line_by_dti_or_null,
	"primeRate": _prime.rate,
	"primeRateRule": _prime.rule,
	"rateFloor": tables.program.rate_floor,
	"rateCap": tables.program.rate_cap,
	"drawPeriodYears": tables.program.draw_period_years,
	"repaymentPeriodYears": tables.program.repayment_period_years,
}

# The debt-to-income figures (dti.rego), null when the rule does not run.
_dti_or_null := _dti_result if {
	_dti_decides
} else := null

_max_line_by_dti_or_null := _max_line_by_dti if {
	_dti_decides
} else := null

# METADATA
# title: No row of the pricing grid prices the offer
# description: >-
#   An eligible application whose credit score and line CLTV fall in no row
#   of tables.pricing_grid (or, were two rows to overlap, in more than one).
#   The grid tests rule this out (every eligible score and CLTV is priced by
#   exactly one row); the reason keeps the preview defined all the same. It
#   is a refusal all the same (outcome ineligible, with an adverse-action
#   reason: no product we offer fits the score and the CLTV), and names no
#   page (the reasons are shown in place). weight: 1, the only reason.
# custom:
#   code: NO_PRICING_ROW
#   message: We could not price a line of credit for this application. Please contact us.
#   estimate_message: We may not be able to price a line of credit for these answers. Please contact us.
#   adverse_action: "Other: we offer no line of credit for a credit score of {score} at a combined loan-to-value of {cltv}"
#   source: >-
#     Lender practice (the pricing grid is tables/data.yaml). Adverse-action
#     wording: Reg B, 12 CFR 1002.9(b)(2) (the specific reason; Form C-1's
#     "Other, specify"); CFPB Circular 2022-03.
reasons contains r if {
	eligibility.decision.eligible
	not _pricing_row
	md := rego.metadata.rule()
	r := _offer_reason(md, tables.program.id, {"{score}": sprintf("%v", [_score]), "{cltv}": eligibility.percent(_line_cltv)}, 1)
}

# _offer_reason(metadata, row, values, weight): the reason a rule of this
# policy gives, in eligibility's shape {code, message, rule, page,
# adverseAction, weight}; no page (the reasons are shown in place). For a
# self-reported answer, the estimate's words and no adverse action.
_offer_reason(md, row, values, weight) := {
	"code": md.custom.code,
	"message": _fill(_words(md), values),
	"rule": row,
	"page": null,
	"adverseAction": _adverse_action(md, values),
	"weight": weight,
}

_words(md) := md.custom.estimate_message if {
	_self_reported
} else := md.custom.message

_adverse_action(_, _) := null if _self_reported

_adverse_action(md, values) := _fill(md.custom.adverse_action, values) if not _self_reported

# _fill(words, values) puts each value of values in place of its
# placeholder in words: values is keyed by the placeholders as the words
# write them ({"{score}": "640"} fills "a score of {score}").
_fill(words, values) := strings.replace_n(values, words)

# ---------------------------------------------------------------------------
# The line (policy contract)
# ---------------------------------------------------------------------------

_value := eligibility.input_value

_balance := eligibility.input_balance

_min_line := eligibility.decision.minLine

# The score the offer is priced at and the DTI band read: eligibility's
# (the lower of two bureau scores, as its table says), or, from a decision
# that does not state it, the input's creditScore.
_score := object.get(eligibility.decision, "creditScoreUsed", object.get(input, "creditScore", null))

# The largest line the equity allows: min(program maximum, available
# line), where the available line is eligibility's: max(0, value x maximum
# CLTV of the usage - balance); and never above what the home is worth
# beyond what is owed (0 when underwater), whatever a table says.
_cltv_max_line := min([tables.program.max_line, eligibility.decision.availableLine, max([0, _value - _balance])])

# maxLine, the largest line allowed: the equity's, and no more than the
# debt-to-income rule allows when it runs (dti.rego).
_max_line := min([_cltv_max_line, _max_line_by_dti]) if {
	_dti_decides
} else := _cltv_max_line

# The line offered: the amount the borrower chose (input.requestedLine,
# whole dollars), kept within [minLine, maxLine]; maxLine when none is
# chosen.
_line := max([_min_line, min([_max_line, _requested_line])]) if {
	is_number(_requested_line)
} else := _max_line

# input.requestedLine in whole dollars (rounded down), or null when it
# gives none.
_requested_line := floor(v) if {
	v := object.get(input, "requestedLine", null)
	is_number(v)
} else := null

# The origination fee is on the line offered.
_fee := origination_fee(_line)

# The line's CLTV counts the whole line, drawn or not, as Fannie Mae's HCLTV
# does for HELOCs. The largest line's CLTV sets the qualifying rate of the
# debt-to-income rule.
_line_cltv := cltv(_balance + _line, _value)

_cltv_line_cltv := cltv(_balance + _cltv_max_line, _value)

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
_pricing_row := _row_at(_line_cltv)

# The row of the largest line the equity allows (its CLTV), which sets the
# qualifying rate of the debt-to-income rule (dti.rego); the line offered's
# row too when the two CLTVs are the same (found once).
_qualifying_row := _row_at(_cltv_line_cltv)

_row_at(line_cltv) := row if {
	[row] := [r |
		some r in _score_rows
		r.cltv.above < line_cltv
		line_cltv <= r.cltv.upTo
	]
}

# The rows of the grid whose score band holds the score.
_score_rows := [r |
	score := _score
	some r in tables.pricing_grid
	r.score.min <= score
	score < r.score.below
]

# The margin over prime: the grid row's plus the property usage's (spec §3
# "Property usage"); a usage not listed in usage_margins adds 0.
_margin := _pricing_row.margin + _usage_margin

_usage_margin := sum([m.add | some m in tables.usage_margins; m.usage == input.propertyUsage])

# APR = prime + margin, kept within the floor and the cap, to two decimals
# (the qualifying rate already worked out, when the line offered is priced
# by the same row as the largest line).
# For open-end credit the APR is the periodic rate times the periods in a
# year, so the fee is not in it (Regulation Z §1026.14(b)).
_apr := _apr_of(_margin)

_apr_of(margin) := round(min([tables.program.rate_cap, max([tables.program.rate_floor, _prime.rate + margin])]) * 100) / 100

# The repayment payment per dollar at the APR, worked out once (the
# qualifying rate's, when the debt-to-income rule worked it out and the two
# rates are the same; without the rule the qualifying rate is not needed).
_apr_factor := _qualifying_factor if {
	_dti_decides
	_apr == _qualifying_apr
} else := repayment_factor(_apr, _repayment_months)

# No offer, no payments: what payment_schedule(0, 0) gives (nothing owed
# pays nothing), written out rather than worked out.
_no_payments := {
	"balance": 0,
	"drawPaymentCents": 0,
	"repaymentPaymentCents": 0,
	"drawMonths": _draw_months,
	"repaymentMonths": _repayment_months,
}

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
