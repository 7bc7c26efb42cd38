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

# Policy contract: every failed check is listed in reasons, and
# ineligiblePage names one of them.
decision := {
	"eligible": count(_failed) == 0,
	"ineligiblePage": _ineligible_page,
	"reasons": _reasons,
	"availableLine": _available_line,
	"minLine": tables.line.minimum,
	"maxCltv": _cltv_row.max,
	"cltvRule": _cltv_row.id,
}

# Each check below adds to _failed, when it fails, its reason code with the
# id of the table row that decided it.

# --- Spec §2 "low-equity": the available line is below the minimum line. ---

# Policy contract: "an underwater property has an available line of 0". The
# available line is the most the liens may grow to (value x maximum CLTV for
# the usage) less what is owed, in whole dollars, rounded down.
_available_line := max([0, floor((_value * _cltv_row.max) - _balance)])

_failed["LOW_EQUITY"] := _cltv_row.id if _available_line < tables.line.minimum

_value := property_value(input)

_balance := mortgage_balance(input)

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

# The maximum-CLTV row of the property usage (spec §3 "Property usage"); a
# missing or unlisted usage reads as tables.usage_when_unknown (the spec's
# second landing variant never asks it).
_cltv_row := row if {
	row := [row | some row in tables.max_cltv; row.usage == input.propertyUsage][0]
} else := [row | some row in tables.max_cltv; row.usage == tables.usage_when_unknown][0]

# --- Spec §2 "boost": the credit score is below the minimum. ---

_failed["CREDIT_SCORE_BELOW_MINIMUM"] := tables.credit_score.id if {
	is_number(_score)
	_score < tables.credit_score.minimum
}

_score := object.get(input, "creditScore", null)

# A thin file has no score (creditScore null or absent). The spec is silent;
# without a score the minimum cannot be met, and the boost page, which is
# about building credit, is the one that helps (Reg B Form C-1 "Limited
# credit experience").
_failed["NO_CREDIT_SCORE"] := tables.credit_score.id if not is_number(_score)

# --- Spec §2 "late-payment": a recent late mortgage payment. ---

# Any mortgage paid at least min_days_late late within the last
# lookback_months before input.today (never the clock). A late payment is
# recent unless its date shows it lies before the look-back, so one without
# a (readable) date counts: it cannot be shown to be old, and the borrower
# can correct it on the mortgage-balance page. The look-back starts on the
# same day lookback_months earlier, and that day is inside it.
_failed["RECENT_LATE_MORTGAGE_PAYMENT"] := tables.late_payment.id if {
	some m in mortgages(input)
	is_number(m.latePaymentDays)
	m.latePaymentDays >= tables.late_payment.min_days_late
	not _before_lookback(object.get(m, "latePaymentDate", null))
}

_before_lookback(date) if date_ns(date) < _lookback_start_ns

_lookback_start_ns := time.add_date(date_ns(input.today), 0, 0 - tables.late_payment.lookback_months, 0)

# date_ns(d) is the start of the yyyy-MM-dd day d in UTC, in nanoseconds;
# undefined when d is not such a date.
date_ns(d) := time.parse_ns("2006-01-02", d) if {
	is_string(d)
	regex.match(`^\d{4}-\d{2}-\d{2}$`, d)
}

# --- Foreclosure, bankruptcy or modification (screens.md "has-fbm"). ---

# The spec lists the has-fbm step but not its outcome; screens.md: "A yes
# leads to an ineligible outcome with its reason".
_failed["RECENT_FORECLOSURE_BANKRUPTCY_OR_MODIFICATION"] := tables.fbm.id if input.hasFbm == true

# --- Property rules (spec silent; screens.md and lender practice). ---

_failed["PROPERTY_TYPE_NOT_ELIGIBLE"] := tables.property.id if input.propertyType in tables.property.not_eligible_types

# Spec §3 "Unit counts": 1 to 4, then 5+; screens.md: "5+ is not eligible".
_failed["PROPERTY_TYPE_NOT_ELIGIBLE"] := tables.property.id if {
	is_number(input.propertyUnits)
	input.propertyUnits > tables.property.max_units
}

_failed["PROPERTY_TYPE_NOT_ELIGIBLE"] := tables.property.id if input.propertyUnits == "5+"

# --- Reasons and the page ---

# Every failed check, in the priority order of tables.checks, with its words.
# (_failed is bound once, as a lookup per row would cost more.)
_reasons := [reason |
	some row in tables.checks
	rule := failed[row.code]
	reason := {
		"code": row.code,
		"message": _fill(row.message),
		"rule": rule,
		"page": row.page,
		"adverseAction": _fill(row.adverse_action),
	}
] if failed := _failed

# The page of the first failed check in tables.checks; null when eligible.
_ineligible_page := _reasons[0].page if {
	count(_reasons) > 0
} else := null

# _fill(words) puts the values a reason's words name in place of their
# {placeholders} (tables/data.yaml lists them); only those named are worked
# out, and words without a placeholder are used as they are.
_fill(words) := words if {
	is_string(words)
	not contains(words, "{")
} else := strings.replace_n(
	{key: value |
		some key in regex.find_n(`\{[A-Za-z]+\}`, words, -1)
		value := _placeholder(key)
	},
	words,
)

_placeholder("{creditScore}") := format_int(_score, 10) if is_number(_score)

_placeholder("{minimumScore}") := format_int(tables.credit_score.minimum, 10)

_placeholder("{availableLine}") := dollars(_available_line)

_placeholder("{minimumLine}") := dollars(tables.line.minimum)

_placeholder("{maxCltv}") := percent(_cltv_row.max)

_placeholder("{minDaysLate}") := format_int(tables.late_payment.min_days_late, 10)

_placeholder("{lookbackMonths}") := format_int(tables.late_payment.lookback_months, 10)

_placeholder("{fbmYears}") := format_int(tables.fbm.years, 10)

# dollars(n) writes whole dollars as an adverse-action notice would:
# dollars(1234567) is "$1,234,567".
dollars(n) := concat("", ["$", _thousands(format_int(n, 10))]) if {
	n >= 0
} else := concat("", ["-$", _thousands(format_int(abs(n), 10))]) if {
	n < 0
}

# _thousands("1234567") is "1,234,567": the leading 1-3 digits, then groups
# of three.
_thousands(digits) := digits if {
	count(digits) <= 3
} else := concat(",", array.concat([substring(digits, 0, lead)], groups)) if {
	lead := _lead(count(digits) % 3)
	groups := [substring(digits, lead + (3 * i), 3) | some i in numbers.range(0, ((count(digits) - lead) / 3) - 1)]
}

_lead(r) := 3 if {
	r == 0
} else := r

# percent(f) writes a fraction as a percentage: percent(0.85) is "85%".
percent(f) := sprintf("%v%%", [round(f * 10000) / 100])
