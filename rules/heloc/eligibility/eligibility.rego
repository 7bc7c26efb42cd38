# Ineligibility (product spec §2 "Ineligible pages"; policy contract
# "data.heloc.eligibility.decision").
#
# Every threshold is data (tables/data.yaml, loaded at
# data.heloc.eligibility.tables): the minimum credit score, the maximum
# combined loan-to-value by property usage, the minimum line, the late-payment
# look-back, the property rules, and the checks table that gives each reason
# its code, page, words and priority. The rules here only compare.
#
# Input (policy contract): today, propertyValue, mortgageBalance (the sum of
# the liens), creditScore (null for a thin file), propertyUsage,
# propertyState, propertyType, mortgages [{balance, latePaymentDays,
# latePaymentDate}]; and, added here, hasFbm (the has-fbm page's answer) and
# propertyUnits (spec §3 "Unit counts"), both optional.
# propertyState decides nothing here: the spec has no list of licensed
# states, and an unlicensed state goes to joinWaitlist at the zip step
# (screens.md), which is not an ineligible page.
#
# Written for speed as well as reading (the funnel decides at every step,
# and heloc.offer decides through it): the decision is worked out in one
# rule, _decision, each check a step of it, since every rule and function
# evaluated costs more than the comparisons in it; what follows from the
# tables alone (the CLTV row of each usage, the reasons' words with the
# tables' numbers filled in) is in _lookup, a rule that reads no input,
# which the engine works out once per policy revision (server/policy,
# fold); and an eligible application builds no reason at all.
package heloc.eligibility

import rego.v1

import data.heloc.eligibility.tables

# decision: {eligible, ineligiblePage, reasons: [{code, message, rule, page,
# adverseAction}], availableLine, minLine, maxCltv, cltvRule}. The last four
# explain the equity check (and feed heloc.offer): the low-equity page can
# say at what value or balance a line opens.
#
# The default is reached only when the tables are missing or broken; it
# fails closed: not eligible, with a reason that says no decision was made.
default decision := {
	"eligible": false,
	"ineligiblePage": null,
	"reasons": [{
		"code": "NOT_DECIDED",
		"message": "We could not decide on this application. Please contact us.",
		"rule": null,
		"page": null,
		"adverseAction": null,
	}],
	"availableLine": 0,
	"minLine": 0,
	"maxCltv": 0,
	"cltvRule": null,
}

# Policy contract: every failed check is listed in reasons, in the priority
# order of tables.checks with its words, and ineligiblePage names the first.
decision := {
	"eligible": count(d.failed) == 0,
	"ineligiblePage": _ineligible_page,
	"reasons": _reasons,
	"availableLine": d.availableLine,
	"minLine": d.minLine,
	"maxCltv": d.row.max,
	"cltvRule": d.row.id,
} if d := _decision

# Every failed check, in the priority order of tables.checks, with its words
# (the checks and their words from _lookup); none when no check failed.
_reasons := [] if {
	count(_decision.failed) == 0
} else := [{
	"code": row.code,
	"message": _fill(row.message, d),
	"rule": rule,
	"page": row.page,
	"adverseAction": _fill(row.adverse_action, d),
} |
	d := _decision
	some row in _lookup.checks
	rule := d.failed[row.code]
]

# The page of the first failed check; null when eligible.
_ineligible_page := _reasons[0].page if {
	count(_reasons) > 0
} else := null

# The steps of the decision: the checks that failed (failed: reason code ->
# the id of the table row that decided it) and what the equity check found.
_decision := {"failed": failed, "availableLine": line, "minLine": lk.line.minimum, "row": row, "score": score} if {
	lk := _lookup

	# --- Spec §2 "low-equity": the available line is below the minimum
	# line. ---
	#
	# The maximum-CLTV row of the property usage (spec §3 "Property
	# usage"); a missing or unlisted usage reads as
	# tables.usage_when_unknown (the spec's second landing variant never
	# asks it). (lk.cltv holds the first row of each usage; the row taken
	# is the first of: the usage's row, the unknown usage's row.)
	row := array.concat([r | r := lk.cltv[input.propertyUsage]], [object.get(lk, "cltvWhenUnknown", null)])[0]

	# Policy contract: "an underwater property has an available line of 0".
	# The available line is the most the liens may grow to (value x maximum
	# CLTV for the usage) less what is owed, in whole dollars, rounded down.
	line := max([0, floor((property_value(input) * row.max) - mortgage_balance(input))])
	low_equity := [["LOW_EQUITY", row.id] | line < lk.line.minimum]

	# --- Spec §2 "boost": the credit score is below the minimum. ---
	#
	# A thin file has no score (creditScore null or absent). The spec is
	# silent; without a score the minimum cannot be met, and the boost page,
	# which is about building credit, is the one that helps (Reg B Form C-1
	# "Limited credit experience").
	score := object.get(input, "creditScore", null)
	low_score := [["CREDIT_SCORE_BELOW_MINIMUM", lk.creditScore.id] |
		is_number(score)
		score < lk.creditScore.minimum
	]
	no_score := [["NO_CREDIT_SCORE", lk.creditScore.id] | not is_number(score)]

	# --- Spec §2 "late-payment": a recent late mortgage payment. ---
	late := [["RECENT_LATE_MORTGAGE_PAYMENT", lk.latePayment.id] | _recent_late_payment(lk.latePayment)]

	# --- Foreclosure, bankruptcy or modification (screens.md "has-fbm"). ---
	#
	# The spec lists the has-fbm step but not its outcome; screens.md: "A
	# yes leads to an ineligible outcome with its reason".
	fbm := [["RECENT_FORECLOSURE_BANKRUPTCY_OR_MODIFICATION", lk.fbm.id] | input.hasFbm == true]

	# --- Property rules (spec silent; screens.md and lender practice). ---
	property := [["PROPERTY_TYPE_NOT_ELIGIBLE", lk.property.id] | _property_not_eligible(lk.property)]

	# Each check above, failed, is [reason code, row id].
	failed := {code: id | some [code, id] in array.concat(
		array.concat(low_equity, array.concat(low_score, no_score)),
		array.concat(late, array.concat(fbm, property)),
	)}
}

# property_value(x) is the home's value of an eligibility input x, 0 when
# it has none. heloc.offer reads the input through these functions too.
# (Optional fields are read with object.get: OPA evaluates the arguments of a
# call before a `not`, so `not is_number(x.a)` is undefined, not true, when x
# has no key a.)
property_value(x) := v if {
	v := object.get(x, "propertyValue", null)
	is_number(v)
} else := 0

# mortgage_balance(x): policy contract, mortgageBalance is the sum of the
# liens; without it, the sum of the balances of the mortgages listed.
mortgage_balance(x) := v if {
	v := object.get(x, "mortgageBalance", null)
	is_number(v)
} else := sum([m.balance | some m in mortgages(x); is_number(m.balance)])

# mortgages(x) is the list of mortgages of x, [] when it has none.
mortgages(x) := v if {
	v := object.get(x, "mortgages", null)
	is_array(v)
} else := []

# Spec §2 "late-payment": any mortgage paid at least min_days_late late
# within the last lookback_months before input.today (never the clock). A
# late payment is recent unless its date shows it lies before the look-back,
# so one without a (readable) date counts: it cannot be shown to be old, and
# the borrower can correct it on the mortgage-balance page. The look-back
# starts on the same day lookback_months earlier, and that day is inside it.
_recent_late_payment(rule) if {
	some m in mortgages(input)
	is_number(m.latePaymentDays)
	m.latePaymentDays >= rule.min_days_late
	not _before_lookback(object.get(m, "latePaymentDate", null), rule)
}

# A date before the look-back of rule, which starts lookback_months before
# input.today.
_before_lookback(date, rule) if date_ns(date) < time.add_date(date_ns(input.today), 0, 0 - rule.lookback_months, 0)

# date_ns(d) is the start of the yyyy-MM-dd day d in UTC, in nanoseconds;
# undefined when d is not such a date.
date_ns(d) := time.parse_ns("2006-01-02", d) if {
	is_string(d)
	regex.match(`^\d{4}-\d{2}-\d{2}$`, d)
}

# Property rules: a property type the table does not lend on; spec §3 "Unit
# counts": 1 to 4, then 5+; screens.md: "5+ is not eligible".
_property_not_eligible(rule) if input.propertyType in rule.not_eligible_types

_property_not_eligible(rule) if {
	is_number(input.propertyUnits)
	input.propertyUnits > rule.max_units
}

_property_not_eligible(_) if input.propertyUnits == "5+"

# _fill(words, d) puts the values a reason's words name in place of their
# {placeholders} (tables/data.yaml lists them); words without a placeholder
# are used as they are. The values that come from the tables alone are
# filled in by _lookup already (_placeholders); those of the application
# only here.
_fill(words, d) := words if {
	is_string(words)
	not contains(words, "{")
} else := strings.replace_n(
	object.union(
		{
			"{availableLine}": dollars(d.availableLine),
			"{maxCltv}": d.row.maxText,
		},
		{"{creditScore}": format_int(d.score, 10) | is_number(d.score)},
	),
	words,
)

# The values of the tables that reasons name.
_placeholders := {
	"{minimumScore}": format_int(tables.credit_score.minimum, 10),
	"{minimumLine}": dollars(tables.line.minimum),
	"{minDaysLate}": format_int(tables.late_payment.min_days_late, 10),
	"{lookbackMonths}": format_int(tables.late_payment.lookback_months, 10),
	"{fbmYears}": format_int(tables.fbm.years, 10),
}

# dollars(n) writes whole dollars as an adverse-action notice would:
# dollars(1234567) is "$1,234,567".
dollars(n) := concat("", ["$", _thousands(format_int(n, 10))]) if {
	n >= 0
} else := concat("", ["-$", _thousands(format_int(abs(n), 10))]) if {
	n < 0
}

# _thousands("1234567") is "1,234,567": a comma after every three digits
# counted from the right (written back to front, the digits take a comma
# after each group of three, and the last one is dropped).
_thousands(digits) := strings.reverse(trim_right(regex.replace(strings.reverse(digits), `[0-9]{3}`, "$0,"), ","))

# percent(f) writes a fraction as a percentage: percent(0.85) is "85%".
percent(f) := sprintf("%v%%", [round(f * 10000) / 100])

# --- Lookups: the tables as the rules above use them (no input) ---

_lookup := object.union({
	# The first maximum-CLTV row of each property usage, with its maximum
	# written as a percentage (maxText).
	"cltv": cltv,
	"line": tables.line,
	"creditScore": tables.credit_score,
	"latePayment": tables.late_payment,
	"fbm": tables.fbm,
	"property": tables.property,
	# The checks, their words with the tables' values filled in (a
	# placeholder the tables do not give is left for _fill).
	"checks": [object.union(row, {
		"message": _fill_tables(row.message),
		"adverse_action": _fill_tables(row.adverse_action),
	}) | some row in tables.checks],
}, {"cltvWhenUnknown": row | row := cltv[tables.usage_when_unknown]}) if {
	cltv := {row.usage: object.union(row, {"maxText": percent(row.max)}) |
		some i, row in tables.max_cltv
		i == min({j | some j, r in tables.max_cltv; r.usage == row.usage})
	}
}

# words with the tables' values (_placeholders) in place of the
# placeholders that name them.
_fill_tables(words) := strings.replace_n(
	{key: value | some key in regex.find_n(`\{[A-Za-z]+\}`, words, -1); value := _placeholders[key]},
	words,
) if {
	is_string(words)
	contains(words, "{")
} else := words
