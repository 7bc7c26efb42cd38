# Ineligibility (product spec §2 "Ineligible pages"; policy contract
# "data.heloc.eligibility.decision").
#
# How to read this file: every reason an application can be refused for is
# one rule, `reasons contains r if { ... }`, and its METADATA says what it
# is: the reason code, the ineligible page it leads to, its priority, the
# words the applicant reads (message), the principal reason an adverse-action
# notice gives (adverse_action, in the words of Regulation B's sample notice,
# 12 CFR 1002 Appendix C, Form C-1) and where the rule comes from (source).
# To find a rule by its code: grep -rn "code: LOW_EQUITY" rules/.
#
# The thresholds are data (tables/data.yaml, loaded at
# data.heloc.eligibility.tables): the minimum credit score, the maximum
# combined loan-to-value by property usage, the minimum line, the
# late-payment look-back and the property rules. The rules here only
# compare. A message names a value as {name}; the rule that gives the
# reason fills it in (see _reason).
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

# METADATA
# title: No decision
# description: >-
#   Reached only when the tables are missing or incomplete (see
#   _tables_complete). It fails closed: not eligible, with a reason that
#   says no decision was made, rather than an application let through
#   because a check had nothing to compare with.
# custom:
#   code: NOT_DECIDED
#   source: Lender practice (policy contract "always a result")
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

# decision: {eligible, ineligiblePage, reasons: [{code, message, rule, page,
# adverseAction}], availableLine, minLine, maxCltv, cltvRule}.
# Policy contract: every failed check is a reason, listed in priority order
# (each reason's priority is in its rule's METADATA), and ineligiblePage
# names the first. The last four fields explain the equity check (and feed
# heloc.offer): the low-equity page can say at what value or balance a line
# opens.
decision := {
	"eligible": count(reasons) == 0,
	"ineligiblePage": _first_page,
	"reasons": _ordered_reasons,
	"availableLine": _available_line,
	"minLine": tables.line.minimum,
	"maxCltv": _cltv_row.max,
	"cltvRule": _cltv_row.id,
} if {
	_tables_complete
}

# The reasons, most important first, as the decision lists them:
# {code, message, rule, page, adverseAction}.
_ordered_reasons := [object.remove(r, ["priority"]) |
	some priority in sort({r.priority | some r in reasons})
	some r in reasons
	r.priority == priority
]

# The page of the first reason; null when there is none.
_first_page := _ordered_reasons[0].page if {
	count(_ordered_reasons) > 0
} else := null

# ---------------------------------------------------------------------------
# The reasons, in priority order. The order puts first what no other change
# can cure (the home), then time-bound history, then the score, so that the
# page shown never suggests a fix that would not be enough. The contract has
# three pages; a reason without its own page shows the one closest to its
# cure: the property's on low-equity (both are "value or type of
# collateral"), a foreclosure, bankruptcy or modification on late-payment
# (both derogatory history that a waiting period cures).
# ---------------------------------------------------------------------------

# METADATA
# title: Property type not eligible
# description: >-
#   We do not lend on a property type listed in
#   tables.property.not_eligible_types (manufactured homes), nor on a
#   building of more than tables.property.max_units dwelling units (the
#   unit-count page's "5+" answer included).
# custom:
#   code: PROPERTY_TYPE_NOT_ELIGIBLE
#   page: low-equity
#   priority: 1
#   message: We do not offer home equity lines of credit on this type of property.
#   adverse_action: Value or type of collateral not sufficient
#   source: >-
#     Lender practice (the spec is silent); screens.md "5+ is not eligible";
#     spec §3 "Unit counts"; Fannie Mae Selling Guide B5-2 (manufactured
#     housing under separate rules). Adverse-action wording: Reg B, 12 CFR
#     1002.9(b)(2), Appendix C Form C-1.
reasons contains r if {
	_property_not_eligible
	r := _reason(rego.metadata.rule(), tables.property.id, {})
}

# METADATA
# title: Low equity
# description: >-
#   The available line (the home's value times the maximum CLTV of its
#   usage, less what is owed, rounded down to whole dollars; 0 for an
#   underwater home) is below the minimum line, tables.line.minimum.
# custom:
#   code: LOW_EQUITY
#   page: low-equity
#   priority: 2
#   message: >-
#     Your home's value and what you owe on it leave {availableLine} to
#     borrow (we lend up to {maxCltv} of the value, less your mortgages),
#     less than our smallest line of {minimumLine}. A line opens when your
#     home is worth {openingValue} or more with what you owe today{orOwing}.
#   or_owing: ", or when you owe {openingBalance} or less on it"
#   adverse_action: Value or type of collateral not sufficient
#   source: >-
#     Product spec §2 "Ineligible pages" (low-equity); policy contract
#     data.heloc.eligibility.decision; spec §3 "Property usage".
#     Adverse-action wording: Reg B, 12 CFR 1002.9(b)(2), Appendix C Form
#     C-1.
reasons contains r if {
	_available_line < tables.line.minimum
	md := rego.metadata.rule()
	r := _reason(md, _cltv_row.id, {
		"availableLine": dollars(_available_line),
		"maxCltv": percent(_cltv_row.max),
		"minimumLine": dollars(tables.line.minimum),
		"openingValue": dollars(_opening_value),
		"orOwing": _or_owing(md),
	})
}

# What would change a low-equity answer: the value at which the available
# line reaches the minimum with today's balance (rounded up to whole
# dollars), and the balance at which it does with today's value (rounded
# down); when even owing nothing leaves less than the minimum line, only
# the value can change it, and the words say so by leaving the balance out.
_opening_value := ceil((mortgage_balance(input) + tables.line.minimum) / _cltv_row.max)

_opening_balance := floor((property_value(input) * _cltv_row.max) - tables.line.minimum)

_or_owing(md) := _fill(object.get(md, ["custom", "or_owing"], ""), {"openingBalance": dollars(_opening_balance)}) if {
	_opening_balance >= 0
} else := ""

# METADATA
# title: Recent foreclosure, bankruptcy or loan modification
# description: >-
#   The applicant answered yes on the has-fbm page (a foreclosure,
#   bankruptcy or loan modification in the last tables.fbm.years years; the
#   question names the look-back, so the rule reads the answer only).
# custom:
#   code: RECENT_FORECLOSURE_BANKRUPTCY_OR_MODIFICATION
#   page: late-payment
#   priority: 3
#   message: You told us of a foreclosure, bankruptcy or loan modification in the last {fbmYears} years.
#   adverse_action: "Other: foreclosure, bankruptcy or loan modification in the last {fbmYears} years"
#   source: >-
#     screens.md "has-fbm" ("A yes leads to an ineligible outcome with its
#     reason"; the spec lists the step but not its outcome); Fannie Mae
#     Selling Guide B3-5.3-07 (waiting periods). Adverse-action wording: Reg
#     B, 12 CFR 1002.9(b)(2), Appendix C Form C-1 ("Other", as the answer
#     joins its "Foreclosure or repossession" and "Bankruptcy").
reasons contains r if {
	input.hasFbm == true
	r := _reason(rego.metadata.rule(), tables.fbm.id, {"fbmYears": format_int(tables.fbm.years, 10)})
}

# METADATA
# title: Recent late mortgage payment
# description: >-
#   A mortgage paid tables.late_payment.min_days_late or more days late
#   within the tables.late_payment.lookback_months months before
#   input.today (never the clock). The look-back starts on the same day
#   lookback_months earlier, and that day is inside it. A late payment
#   counts unless its date shows it lies before the look-back, so one
#   without a (readable) date counts: it cannot be shown to be old, and the
#   borrower can correct it on the mortgage-balance page.
# custom:
#   code: RECENT_LATE_MORTGAGE_PAYMENT
#   page: late-payment
#   priority: 4
#   message: >-
#     Your credit report shows a mortgage payment made {minDaysLate} or more
#     days late in the last {lookbackMonths} months.{agesOut}
#   ages_out: " It stops counting against a line after {agesOutOn}."
#   adverse_action: Delinquent past or present credit obligations with others
#   source: >-
#     Product spec §2 "Ineligible pages" (late-payment); Fannie Mae Selling
#     Guide B3-5.3-02 and B3-5.3-03 (payment history). Adverse-action
#     wording: Reg B, 12 CFR 1002.9(b)(2), Appendix C Form C-1.
reasons contains r if {
	count(_recent_late_payments) > 0
	md := rego.metadata.rule()
	r := _reason(md, tables.late_payment.id, {
		"minDaysLate": format_int(tables.late_payment.min_days_late, 10),
		"lookbackMonths": format_int(tables.late_payment.lookback_months, 10),
		"agesOut": _ages_out(md),
	})
}

# The mortgages paid min_days_late or more days late within the look-back.
_recent_late_payments contains mortgage if {
	some mortgage in mortgages(input)
	is_number(mortgage.latePaymentDays)
	mortgage.latePaymentDays >= tables.late_payment.min_days_late
	not _before_the_lookback(object.get(mortgage, "latePaymentDate", null))
}

# When the last recent late payment leaves the look-back: the day after its
# date plus lookback_months. Unknown (and left out of the words) when one of
# them has no readable date.
_ages_out(md) := _fill(object.get(md, ["custom", "ages_out"], ""), {"agesOutOn": time.format([last, "UTC", "January 2, 2006"])}) if {
	dated := [time.add_date(date_ns(m.latePaymentDate), 0, tables.late_payment.lookback_months, 1) | some m in _recent_late_payments]
	count(dated) == count(_recent_late_payments)
	last := max(dated)
} else := ""

# METADATA
# title: No credit score (thin file)
# description: >-
#   The credit report gives no score (creditScore null, absent or not a
#   number). The spec is silent on a thin file; without a score the minimum
#   cannot be met, and the boost page, which is about building credit, is
#   the one that helps.
# custom:
#   code: NO_CREDIT_SCORE
#   page: boost
#   priority: 5
#   message: Your credit report does not have enough history to produce a credit score.
#   adverse_action: Limited credit experience
#   source: >-
#     Lender practice (the spec is silent). Adverse-action wording: Reg B,
#     12 CFR 1002.9(b)(2), Appendix C Form C-1.
reasons contains r if {
	not is_number(object.get(input, "creditScore", null))
	r := _reason(rego.metadata.rule(), tables.credit_score.id, {})
}

# METADATA
# title: Credit score below the minimum
# description: >-
#   The credit score is below tables.credit_score.minimum. Reg B note: 12
#   CFR 1002.9(b)(2) calls a statement that the applicant "failed to achieve
#   a qualifying score" insufficient on its own; the notice should also
#   carry the key factors that lowered the score, which the credit bureau
#   supplies (FCRA §615(a)) and this input does not hold.
# custom:
#   code: CREDIT_SCORE_BELOW_MINIMUM
#   page: boost
#   priority: 6
#   message: Your credit score of {creditScore} is below our minimum of {minimumScore} for a home equity line of credit.
#   adverse_action: "Other: credit score below our minimum"
#   source: >-
#     Product spec §2 "Ineligible pages" (boost); the minimum is lender
#     practice (tables/data.yaml). Adverse-action wording: Reg B, 12 CFR
#     1002.9(b)(2), Appendix C Form C-1 ("Other").
reasons contains r if {
	is_number(input.creditScore)
	input.creditScore < tables.credit_score.minimum
	r := _reason(rego.metadata.rule(), tables.credit_score.id, {
		"creditScore": format_int(input.creditScore, 10),
		"minimumScore": format_int(tables.credit_score.minimum, 10),
	})
}

# ---------------------------------------------------------------------------
# What the reasons compare
# ---------------------------------------------------------------------------

# Policy contract: "an underwater property has an available line of 0". The
# available line is the most the liens may grow to (the home's value times
# the maximum CLTV of its usage) less what is owed, in whole dollars,
# rounded down.
_available_line := max([0, floor((property_value(input) * _cltv_row.max) - mortgage_balance(input))])

# Spec §3 "Property usage": the maximum-CLTV row of the application's usage;
# a missing or unlisted usage reads as tables.usage_when_unknown (the
# spec's second landing variant never asks it). The table has one row per
# usage (tested); were a usage listed twice, there would be no row, and the
# decision would fail closed.
_cltv_row := row if {
	[row] := [r | some r in tables.max_cltv; r.usage == _usage]
}

_usage := input.propertyUsage if {
	some r in tables.max_cltv
	r.usage == input.propertyUsage
} else := tables.usage_when_unknown

# Property rules (spec silent; lender practice): a property type the table
# does not lend on; spec §3 "Unit counts": 1 to 4, then 5+; screens.md: "5+
# is not eligible".
_property_not_eligible if input.propertyType in tables.property.not_eligible_types

_property_not_eligible if {
	is_number(input.propertyUnits)
	input.propertyUnits > tables.property.max_units
}

_property_not_eligible if input.propertyUnits == "5+"

# A date before the late-payment look-back, which starts lookback_months
# before input.today. Undefined (so not before) when either is not a
# yyyy-MM-dd date.
_before_the_lookback(date) if {
	date_ns(date) < time.add_date(date_ns(input.today), 0, 0 - tables.late_payment.lookback_months, 0)
}

# Every table a check reads. Without one, a check could not fail, so the
# decision is not made at all (the default above) rather than made without
# it.
_tables_complete if {
	is_number(tables.credit_score.minimum)
	is_number(tables.line.minimum)
	is_number(tables.late_payment.min_days_late)
	is_number(tables.late_payment.lookback_months)
	is_array(tables.property.not_eligible_types)
	is_number(tables.property.max_units)
	is_number(tables.fbm.years)
	_cltv_row
}

# ---------------------------------------------------------------------------
# Reading the input
# ---------------------------------------------------------------------------

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

# date_ns(d) is the start of the yyyy-MM-dd day d in UTC, in nanoseconds;
# undefined when d is not such a date.
date_ns(d) := time.parse_ns("2006-01-02", d) if {
	is_string(d)
	regex.match(`^\d{4}-\d{2}-\d{2}$`, d)
}

# ---------------------------------------------------------------------------
# Writing a reason
# ---------------------------------------------------------------------------

# _reason(metadata, row, values) is the reason a rule's METADATA describes
# (metadata is rego.metadata.rule() of that rule): its code, page and
# priority, its words (message and adverse_action) with each {name} in them
# replaced by values[name], and rule, the id of the table row that decided
# it. Read with defaults so that a rule that fires always gives a reason,
# whatever its METADATA holds (the tests check that every reason has its
# code, page and words).
_reason(metadata, row, values) := {
	"code": object.get(metadata, ["custom", "code"], null),
	"priority": object.get(metadata, ["custom", "priority"], 0),
	"page": object.get(metadata, ["custom", "page"], null),
	"rule": row,
	"message": _fill(object.get(metadata, ["custom", "message"], ""), values),
	"adverseAction": _fill(object.get(metadata, ["custom", "adverse_action"], ""), values),
}

# _fill(words, values) puts values[name] in place of each {name} in words.
_fill(words, values) := strings.replace_n({sprintf("{%s}", [name]): value | some name, value in values}, words)

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
