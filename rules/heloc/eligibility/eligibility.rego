# Ineligibility (product spec §2 "Ineligible pages"; policy contract
# "data.heloc.eligibility.decision"; issue 20's contract "Facts").
#
# How to read this file: every reason an application can be refused for is
# one rule, `reasons contains r if { ... }`, and its METADATA says what it
# is: the reason code, the ineligible page it leads to, its priority, the
# words the applicant reads (message), the words an estimate on
# self-reported answers reads instead (estimate_message, which never states
# a figure the borrower did not give), the principal reason an
# adverse-action notice gives (adverse_action: Regulation B's sample-notice
# wording, 12 CFR 1002 Appendix C, Form C-1, followed by what in the file
# made it so, as 12 CFR 1002.9(b)(2) and CFPB Circulars 2022-03 and 2023-03
# ask), its weight when it is a hard stop, and where the rule comes from
# (source). To find a rule by its code: grep -rn "code: LOW_EQUITY" rules/.
#
# The thresholds are data (tables/data.yaml, loaded at
# data.heloc.eligibility.tables): the minimum credit score and which score
# is used, the maximum combined loan-to-value by property usage, the
# minimum line, the late-payment look-back, the property rules and the
# facts each stage needs. The rules here only compare. A message names a
# value as {name}; the rule that gives the reason fills it in (see _reason).
#
# Input: the facts (contract "Facts"): today, stage, creditSource,
# creditScores {borrower, coborrower} (or the older creditScore),
# keyFactors, propertyValue, mortgageBalance (when present, the liens' sum
# as given), mortgages [{balance, latePaymentDays, latePaymentDate, source,
# confirmed}], propertyUsage, propertyState, propertyType, propertyUnits,
# hasFbm, annualIncome. The rules decide what counts: the score used, the
# liens, the value.
# propertyState decides nothing here: an unlicensed state goes to
# joinWaitlist at the zip step (screens.md), which is not an ineligible page.
#
# The outcome:
#   notDecided     a fact the stage needs is missing (tables.required_facts),
#                  or the tables are broken: one NOT_DECIDED reason, no page,
#                  no adverse action, nothing refused
#   mayNotQualify  a check fails on a self-reported credit answer: no page,
#                  no adverse action, the estimate's words (never a decline)
#   ineligible     a check fails on verified facts: the page of the first
#                  reason, each reason with its adverse-action words
#   eligible       no check fails
package heloc.eligibility

import rego.v1

import data.heloc.eligibility.tables

# METADATA
# title: No decision
# description: >-
#   Reached only when the tables are missing or incomplete (see
#   _tables_complete). It fails closed: not eligible and not refused, with
#   a reason that says no decision was made, rather than an application let
#   through because a check had nothing to compare with.
# custom:
#   code: NOT_DECIDED
#   source: Lender practice (policy contract "always a result")
default decision := {
	"eligible": false,
	"outcome": "notDecided",
	"ineligiblePage": null,
	"reasons": [{
		"code": "NOT_DECIDED",
		"message": "We could not decide on this application. Please contact us.",
		"rule": null,
		"page": null,
		"adverseAction": null,
		"weight": 0,
	}],
	"missing": [],
	"settled": false,
	"creditScoreUsed": null,
	"scoreOf": null,
	"propertyValueUsed": null,
	"mortgageBalanceUsed": 0,
	"availableLine": 0,
	"minLine": 0,
	"maxCltv": 0,
	"cltvRule": null,
}

# decision: {eligible, outcome, ineligiblePage, reasons: [{code, message,
# rule, page, adverseAction, weight}], missing: [{fact, label, page}],
# creditScoreUsed, scoreOf, propertyValueUsed, mortgageBalanceUsed,
# availableLine, minLine, maxCltv, cltvRule}.
# Every failed check is a reason, listed in priority order (each reason's
# priority is in its rule's METADATA), and ineligiblePage names the first
# when the outcome is ineligible. The figures say what the checks compared:
# the score used and whose it is, the value and the liens' balance used,
# and the equity check (which feeds heloc.offer), so that the low-equity
# page can say at what value or balance a line opens.
decision := {
	"eligible": _outcome == "eligible",
	"outcome": _outcome,
	"ineligiblePage": _page,
	"reasons": _decision_reasons,
	"missing": _missing,
	"settled": settled,
	"creditScoreUsed": credit_score_used,
	"scoreOf": score_of,
	"propertyValueUsed": _property_value_used,
	"mortgageBalanceUsed": _balance,
	"availableLine": _available_line,
	"minLine": tables.line.minimum,
	"maxCltv": _cltv_row.max,
	"cltvRule": _cltv_row.id,
} if {
	_tables_complete
}

# The outcome (see the head of this file): a missing fact first, as no
# check can be trusted without it; then no reason, a self-reported answer,
# and verified facts.
_outcome := "notDecided" if {
	count(_missing) > 0
} else := "eligible" if {
	count(reasons) == 0
} else := "mayNotQualify" if {
	self_reported
} else := "ineligible"

# The reasons as the decision gives them: {code, message, rule, page,
# adverseAction, weight}. Not decided: the one reason that names what is
# missing. May not qualify: the estimate's words, with no page and no
# adverse action.
_decision_reasons := [_missing_reason] if {
	_outcome == "notDecided"
} else := [object.union(object.remove(r, ["priority", "estimateMessage"]), {"message": r.estimateMessage, "page": null, "adverseAction": null}) |
	some r in _ordered_reasons
] if {
	_outcome == "mayNotQualify"
} else := [object.remove(r, ["priority", "estimateMessage"]) | some r in _ordered_reasons]

# The reasons, most important first (by their METADATA priority).
_ordered_reasons := [r |
	some priority in sort({r.priority | some r in reasons})
	some r in reasons
	r.priority == priority
]

# The page of the first reason, for a refusal only; null otherwise.
_page := _ordered_reasons[0].page if {
	_outcome == "ineligible"
} else := null

# ---------------------------------------------------------------------------
# The facts a decision needs (tables.required_facts, tables.facts)
# ---------------------------------------------------------------------------

# METADATA
# title: Facts missing
# description: >-
#   A fact that the stage needs (tables.required_facts) is not known: the
#   decision is not made, the facts are named with the page that asks
#   each, and nothing refuses the borrower (no page, no adverse action).
#   A missing answer is never a zero: a home of unknown value is not a home
#   worth nothing.
# custom:
#   code: NOT_DECIDED
#   message: "We need a few more answers before we can decide: {facts}."
#   source: Issue 20 ("Missing facts are not a decline"); lender practice
_missing_reason := {
	"code": md.custom.code,
	"message": _fill(md.custom.message, {"{facts}": _sentence_list([_lower_first(m.label) | some m in _missing])}),
	"rule": null,
	"page": null,
	"adverseAction": null,
	"weight": 0,
} if {
	md := rego.metadata.rule()
}

# The facts the stage needs and the input does not hold, in the table's
# order: [{fact, label, page}].
_missing := [_missing_fact(f) | some f in object.get(tables.required_facts, stage, []); not _known(f)]

_missing_fact(f) := {
	"fact": f,
	"label": object.get(tables.facts, [f, "label"], f),
	"page": object.get(tables.facts, [f, "pages", stage], object.get(tables.facts, [f, "page"], null)),
}

# The stage of the decision: the input's when the table knows it, else an
# estimate for a self-reported credit answer and a preview otherwise.
stage := s if {
	s := object.get(input, "stage", null)
	is_string(s)
	is_array(object.get(tables.required_facts, s, null))
} else := "estimate" if {
	self_reported
} else := "preview"

# A self-reported credit answer (creditSource; absent means bureau).
self_reported if object.get(input, "creditSource", null) == "selfReported"

# Whether the input holds a fact. A home's value is known as a number
# above 0 only (null, absent, 0 or a string is not known: no home is worth
# nothing, and a server that sends 0 for an unanswered value must not
# refuse anybody). The
# liens are known from their sum or from the list of mortgages (on a
# credit report, an empty list is a home owned free and clear; on
# self-reported answers, an empty list is no answer). A bureau score is known when the
# report is there, even without a score (null: a thin file, which is a
# fact); a self-reported one when it gives a score or a range. Any other
# fact is known when present and not null.
_known("propertyValue") if {
	v := object.get(input, "propertyValue", null)
	is_number(v)
	v > 0
}

_known("mortgageBalance") if is_number(object.get(input, "mortgageBalance", null))

_known("mortgageBalance") if {
	not self_reported
	is_array(object.get(input, "mortgages", null))
}

_known("mortgageBalance") if {
	self_reported
	count(mortgages(input)) > 0
}

_known("creditScore") if {
	not self_reported
	is_object(object.get(input, "creditScores", null))
}

_known("creditScore") if {
	not self_reported
	object.get(input, "creditScore", false) != false
}

_known("creditScore") if {
	self_reported
	is_number(credit_score_used)
}

# Income is known from the application's jobs and sources or as stated
# (annual_income, income.rego).
_known("annualIncome") if is_number(annual_income(input))

_known(f) if {
	not f in {"propertyValue", "mortgageBalance", "creditScore", "annualIncome"}
	object.get(input, f, null) != null
}

# ---------------------------------------------------------------------------
# The reasons, in priority order. The order puts first what no other change
# can cure (the home), then time-bound history, then the score, so that the
# page shown never suggests a fix that would not be enough. The contract has
# three pages; a reason without its own page shows the one closest to its
# cure: the property's on low-equity (both are "value or type of
# collateral"), a foreclosure, bankruptcy or modification on late-payment
# (both derogatory history that a waiting period cures).
#
# Each reason's weight says how much it contributed, so that the notice
# can rank its reasons (heloc.notice): a hard stop (the property, a
# foreclosure, bankruptcy or modification, a late payment, no score) weighs
# 1 (its METADATA weight); a threshold check weighs its relative shortfall,
# between 0 and 1: (minimum - score) / minimum for the score,
# (minimum line - available line) / minimum line for the equity.
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
#   weight: 1
#   message: We do not offer home equity lines of credit on this type of property.
#   estimate_message: >-
#     We do not offer home equity lines of credit on the type of property
#     you told us about.
#   adverse_action: "Value or type of collateral not sufficient: {propertyWords}"
#   type_words: "we do not lend on {propertyType} homes"
#   units_words: "we do not lend on buildings of more than {maxUnits} dwelling units"
#   source: >-
#     Lender practice (the spec is silent); screens.md "5+ is not eligible";
#     spec §3 "Unit counts"; Fannie Mae Selling Guide B5-2 (manufactured
#     housing under separate rules). Adverse-action wording: Reg B, 12 CFR
#     1002.9(b)(2), Appendix C Form C-1, made specific (CFPB Circular
#     2022-03).
reasons contains r if {
	_property_not_eligible
	md := rego.metadata.rule()
	r := _reason(md, tables.property.id, {"{propertyWords}": _property_words(md)})
}

# What about the property is not lent on: its type, when the table lists
# it, else its units.
_property_words(md) := _fill(object.get(md, ["custom", "type_words"], ""), {"{propertyType}": input.propertyType}) if {
	input.propertyType in tables.property.not_eligible_types
} else := _fill(object.get(md, ["custom", "units_words"], ""), {"{maxUnits}": format_int(tables.property.max_units, 10)})

# METADATA
# title: Low equity
# description: >-
#   The available line (the home's value times the maximum CLTV of its
#   usage, less what is owed on the liens that count, rounded down to whole
#   dollars; 0 for an underwater home) is below the minimum line,
#   tables.line.minimum. Its weight is the shortfall's share of the
#   minimum line.
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
#   estimate_message: >-
#     With the home value and mortgage balance you told us, what you could
#     borrow (we lend up to {maxCltv} of a home's value, less its mortgages)
#     may be less than our smallest line of {minimumLine}. An appraisal or
#     your mortgage statements would show whether a line opens.
#   adverse_action: >-
#     Value or type of collateral not sufficient: the home's value of
#     {propertyValue}, less {mortgageBalance} owed on it, leaves
#     {availableLine} to borrow at our maximum combined loan-to-value of
#     {maxCltv}, less than our smallest line of {minimumLine}
#   source: >-
#     Product spec §2 "Ineligible pages" (low-equity); policy contract
#     data.heloc.eligibility.decision; spec §3 "Property usage".
#     Adverse-action wording: Reg B, 12 CFR 1002.9(b)(2), Appendix C Form
#     C-1, made specific (CFPB Circular 2022-03).
reasons contains r if {
	_available_line < tables.line.minimum
	md := rego.metadata.rule()
	reason := _reason(md, _cltv_row.id, {
		"{availableLine}": dollars(_available_line),
		"{maxCltv}": percent(_cltv_row.max),
		"{minimumLine}": dollars(tables.line.minimum),
		"{openingValue}": dollars(_opening_value),
		"{orOwing}": _or_owing(md),
		"{propertyValue}": dollars(_value),
		"{mortgageBalance}": dollars(_balance),
	})
	r := object.union(reason, {"weight": _shortfall(tables.line.minimum, _available_line)})
}

# What would change a low-equity answer: the value at which the available
# line reaches the minimum with today's balance (rounded up to whole
# dollars), and the balance at which it does with today's value (rounded
# down); when even owing nothing leaves less than the minimum line, only
# the value can change it, and the words say so by leaving the balance out.
_opening_value := ceil((_balance + tables.line.minimum) / _cltv_row.max)

_opening_balance := floor((_value * _cltv_row.max) - tables.line.minimum)

_or_owing(md) := _fill(object.get(md, ["custom", "or_owing"], ""), {"{openingBalance}": dollars(_opening_balance)}) if {
	# Compared before rounding: OPA's floor rounds -0.8 to 0, not -1.
	(_value * _cltv_row.max) - tables.line.minimum >= 0
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
#   weight: 1
#   message: You told us of a foreclosure, bankruptcy or loan modification in the last {fbmYears} years.
#   estimate_message: >-
#     You told us of a foreclosure, bankruptcy or loan modification in the
#     last {fbmYears} years, which may keep us from opening a line.
#   adverse_action: "Other: you told us of a foreclosure, bankruptcy or loan modification in the last {fbmYears} years"
#   source: >-
#     screens.md "has-fbm" ("A yes leads to an ineligible outcome with its
#     reason"; the spec lists the step but not its outcome); Fannie Mae
#     Selling Guide B3-5.3-07 (waiting periods). Adverse-action wording: Reg
#     B, 12 CFR 1002.9(b)(2), Appendix C Form C-1 ("Other", as the answer
#     joins its "Foreclosure or repossession" and "Bankruptcy").
reasons contains r if {
	input.hasFbm == true
	r := _reason(rego.metadata.rule(), tables.fbm.id, {"{fbmYears}": format_int(tables.fbm.years, 10)})
}

# METADATA
# title: Recent late mortgage payment
# description: >-
#   A mortgage that counts as a lien (see liens) paid
#   tables.late_payment.min_days_late or more days late within the
#   tables.late_payment.lookback_months months before input.today (never
#   the clock). The look-back starts on the same day lookback_months
#   earlier, and that day is inside it. A late payment counts unless its
#   date shows it lies before the look-back, so one without a (readable)
#   date counts: it cannot be shown to be old, and the borrower can correct
#   it on the mortgage-balance page.
# custom:
#   code: RECENT_LATE_MORTGAGE_PAYMENT
#   page: late-payment
#   priority: 4
#   weight: 1
#   message: >-
#     Your credit report shows a mortgage payment made {minDaysLate} or more
#     days late in the last {lookbackMonths} months.{agesOut}
#   ages_out: " It stops counting against a line after {agesOutOn}."
#   estimate_message: >-
#     A mortgage payment made {minDaysLate} or more days late in the last
#     {lookbackMonths} months may keep us from opening a line.
#   adverse_action: >-
#     Delinquent past or present credit obligations with others: your
#     credit report shows a mortgage payment {daysLate} days late{onDate},
#     within the last {lookbackMonths} months
#   on_date: " on {lateOn}"
#   source: >-
#     Product spec §2 "Ineligible pages" (late-payment); Fannie Mae Selling
#     Guide B3-5.3-02 and B3-5.3-03 (payment history). Adverse-action
#     wording: Reg B, 12 CFR 1002.9(b)(2), Appendix C Form C-1, made
#     specific (CFPB Circular 2022-03).
reasons contains r if {
	count(_recent_late_payments) > 0
	md := rego.metadata.rule()
	worst := _worst_late_payment
	r := _reason(md, tables.late_payment.id, {
		"{minDaysLate}": format_int(tables.late_payment.min_days_late, 10),
		"{lookbackMonths}": format_int(tables.late_payment.lookback_months, 10),
		"{agesOut}": _ages_out(md),
		"{daysLate}": format_int(worst.latePaymentDays, 10),
		"{onDate}": _on_date(md, worst),
	})
}

# The mortgages paid min_days_late or more days late within the look-back.
_recent_late_payments contains mortgage if {
	some mortgage in _liens
	is_number(mortgage.latePaymentDays)
	mortgage.latePaymentDays >= tables.late_payment.min_days_late
	not _before_the_lookback(object.get(mortgage, "latePaymentDate", null))
}

# The most days late of the recent late payments (the latest of them when
# two are as late).
_worst_late_payment := latest[count(latest) - 1][1] if {
	most := max({m.latePaymentDays | some m in _recent_late_payments})
	latest := sort([[_date_key(m), m] | some m in _recent_late_payments; m.latePaymentDays == most])
}

_date_key(m) := d if {
	d := object.get(m, "latePaymentDate", "")
	is_string(d)
} else := ""

_on_date(md, m) := _fill(object.get(md, ["custom", "on_date"], ""), {"{lateOn}": time.format([date_ns(m.latePaymentDate), "UTC", "January 2, 2006"])}) if {
	date_ns(object.get(m, "latePaymentDate", null))
} else := ""

# When the last recent late payment leaves the look-back: the day after its
# date plus lookback_months. Unknown (and left out of the words) when one of
# them has no readable date.
_ages_out(md) := _fill(object.get(md, ["custom", "ages_out"], ""), {"{agesOutOn}": time.format([last, "UTC", "January 2, 2006"])}) if {
	dated := [time.add_date(date_ns(m.latePaymentDate), 0, tables.late_payment.lookback_months, 1) | some m in _recent_late_payments]
	count(dated) == count(_recent_late_payments)
	last := max(dated)
} else := ""

# METADATA
# title: No credit score (thin file)
# description: >-
#   The credit report gives no score: creditScores holds no number (the
#   bureau gave none, null), or, without creditScores, creditScore is null
#   or not a number. A thin file is a fact, not a missing one (a report
#   without any creditScores or creditScore key is missing, see _known).
#   Without a score the minimum cannot be met, and the boost page, which is
#   about building credit, is the one that helps.
# custom:
#   code: NO_CREDIT_SCORE
#   page: boost
#   priority: 5
#   weight: 1
#   message: Your credit report does not have enough history to produce a credit score.
#   estimate_message: >-
#     We could not estimate from the credit answer you gave. A soft credit
#     check, which does not affect your credit score, shows whether you
#     qualify.
#   adverse_action: >-
#     Limited credit experience: the consumer reporting agency could not
#     produce a credit score from your credit file
#   source: >-
#     Lender practice (the spec is silent). Adverse-action wording: Reg B,
#     12 CFR 1002.9(b)(2), Appendix C Form C-1, made specific (CFPB
#     Circular 2022-03).
reasons contains r if {
	not is_number(credit_score_used)
	r := _reason(rego.metadata.rule(), tables.credit_score.id, {})
}

# METADATA
# title: Credit score below the minimum
# description: >-
#   The credit score used (see credit_score_used) is below
#   tables.credit_score.minimum. Reg B, 12 CFR 1002.9(b)(2), and CFPB
#   Circular 2023-03: "failed to achieve a qualifying score" is not enough
#   on its own, so the adverse-action words carry the score, the minimum and
#   the bureau's first two key factors that lowered it (input.keyFactors,
#   else input.creditReport.keyFactors; without them the score and the
#   minimum only). Its weight is the shortfall's share of the minimum.
# custom:
#   code: CREDIT_SCORE_BELOW_MINIMUM
#   page: boost
#   priority: 6
#   message: Your credit score of {creditScore} is below our minimum of {minimumScore} for a home equity line of credit.
#   estimate_message: >-
#     Your credit, as you described it{creditRange}, is below our minimum
#     score of {minimumScore} for a home equity line of credit. A soft
#     credit check, which does not affect your credit score, shows whether
#     you qualify.
#   credit_range: " ({rangeLabel})"
#   adverse_action: "Credit score of {creditScore} below our minimum of {minimumScore}{whatLowered}"
#   what_lowered: "; what lowered it: {keyFactors}"
#   source: >-
#     Product spec §2 "Ineligible pages" (boost); the minimum is lender
#     practice (tables/data.yaml). Adverse-action wording: Reg B, 12 CFR
#     1002.9(b)(2); CFPB Circulars 2022-03 and 2023-03 (specific reasons);
#     FCRA §615(a) (key factors).
reasons contains r if {
	is_number(credit_score_used)
	credit_score_used < tables.credit_score.minimum
	md := rego.metadata.rule()
	reason := _reason(md, tables.credit_score.id, {
		"{creditScore}": format_int(credit_score_used, 10),
		"{minimumScore}": format_int(tables.credit_score.minimum, 10),
		"{creditRange}": _credit_range_words(md),
		"{whatLowered}": _what_lowered(md),
	})
	r := object.union(reason, {"weight": _shortfall(tables.credit_score.minimum, credit_score_used)})
}

# The band of the credit-range page the self-reported answer lies in, as
# the page names it: the range answered (input.creditRange), else the band
# of the score. Only an estimate's words name it.
_credit_range_words(md) := _fill(object.get(md, ["custom", "credit_range"], ""), {"{rangeLabel}": band.label}) if {
	self_reported
	band := _credit_band
	is_string(band.label)
} else := ""

_credit_band := band if {
	some band in tables.credit_ranges
	band.range == object.get(input, "creditRange", null)
} else := band if {
	some band in tables.credit_ranges
	band.min <= credit_score_used
	credit_score_used <= band.max
}

# The first two of the bureau's key factors for the score used.
_what_lowered(md) := _fill(object.get(md, ["custom", "what_lowered"], ""), {"{keyFactors}": concat("; ", array.slice(_key_factors, 0, 2))}) if {
	count(_key_factors) > 0
} else := ""

_key_factors := [f | some f in input.keyFactors; is_string(f)] if {
	is_array(object.get(input, "keyFactors", null))
	count(input.keyFactors) > 0
} else := [f | some f in input.creditReport.keyFactors; is_string(f)] if {
	is_array(object.get(object.get(input, "creditReport", {}), "keyFactors", null))
} else := []

# _shortfall(minimum, value) is how far value falls short of minimum, as a
# share of minimum, rounded to six places (0 when it does not).
_shortfall(minimum, value) := round((max([0, minimum - value]) / minimum) * 1000000) / 1000000 if {
	minimum > 0
} else := 0

# ---------------------------------------------------------------------------
# What the reasons compare
# ---------------------------------------------------------------------------

# Policy contract: "an underwater property has an available line of 0". The
# available line is the most the liens may grow to (the home's value times
# the maximum CLTV of its usage) less what is owed, in whole dollars,
# rounded down.
_available_line := max([0, floor((_value * _cltv_row.max) - _balance)])

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
	tables.credit_score.use in {"lowest", "highest"}
	is_object(tables.required_facts)
	is_object(tables.facts)
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

# The score used (tables.credit_score.use: the lowest, or the highest, of
# the scores of creditScores, whose keys are borrower and coborrower; a
# person the bureau gave no score adds none), and whose it is; without
# creditScores, creditScore is the borrower's. A self-reported answer gives
# creditScore, or a credit range (creditRange) whose estimate score the
# table gives. null when there is no score: a thin file.
default credit_score_used := null

credit_score_used := _score_pick[0]

default score_of := null

score_of := _score_pick[1]

_score_pick := sort(_scores)[0] if {
	tables.credit_score.use == "lowest"
	count(_scores) > 0
} else := pick if {
	tables.credit_score.use == "highest"
	top := max([s[0] | some s in _scores])
	pick := [s | some s in _scores; s[0] == top][0]
}

# [score, whose] of each score the input gives.
_scores := [[score, who] |
	some who in ["borrower", "coborrower"]
	score := object.get(input.creditScores, who, null)
	is_number(score)
] if {
	is_object(object.get(input, "creditScores", null))
} else := [[input.creditScore, "borrower"]] if {
	is_number(object.get(input, "creditScore", null))
} else := [[band.estimate, "borrower"]] if {
	self_reported
	some band in tables.credit_ranges
	band.range == object.get(input, "creditRange", null)
} else := []

# The home's value used: the input's, when it is a number; null otherwise
# (a missing fact, never 0).
_property_value_used := input.propertyValue if {
	_known("propertyValue")
} else := null

# The input's value, liens and balance, read once per decision (a rule is
# worked out once per evaluation; a function such as liens(x) each time it
# is called). The balance sums the liens already read.
_value := property_value(input)

_liens := liens(input)

_balance := v if {
	v := object.get(input, "mortgageBalance", null)
	is_number(v)
} else := sum([m.balance | some m in _liens; is_number(m.balance)])

# input_value, input_liens and input_balance are property_value(input),
# liens(input) and mortgage_balance(input), bound once per evaluation, for
# heloc.offer to read what eligibility read without working it out again.
input_value := _value

input_liens := _liens

input_balance := _balance

# property_value(x) is the home's value of an eligibility input x, 0 when
# it has none (the decision is then not made: the value is a required
# fact). heloc.offer reads what they give through input_value, input_liens
# and input_balance.
# (Optional fields are read with object.get: OPA evaluates the arguments of a
# call before a `not`, so `not is_number(x.a)` is undefined, not true, when x
# has no key a.)
property_value(x) := v if {
	v := object.get(x, "propertyValue", null)
	is_number(v)
} else := 0

# mortgage_balance(x): policy contract, mortgageBalance, when present, is
# the sum of the liens as given (the estimate's answer); without it, the
# sum of the balances of the mortgages that count as liens (liens).
mortgage_balance(x) := v if {
	v := object.get(x, "mortgageBalance", null)
	is_number(v)
} else := sum([m.balance | some m in liens(x); is_number(m.balance)])

# liens(x) are the mortgages of x that count as liens on the home: one the
# borrower added counts; one from the credit report (source bureau, or no
# source) counts unless the borrower said it is not on this home
# (confirmed false).
liens(x) := [m | some m in mortgages(x); is_object(m); not _disowned(m)]

_disowned(m) if {
	object.get(m, "source", "bureau") != "borrower"
	object.get(m, "confirmed", null) == false
}

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
# (metadata is rego.metadata.rule() of that rule): its code, page,
# priority and weight, its words (message, estimate_message and
# adverse_action) with each {name} in them
# replaced by values["{name}"], and rule, the id of the table row that decided
# it. Read with defaults so that a rule that fires always gives a reason,
# whatever its METADATA holds (the tests check that every reason has its
# code, page and words).
_reason(metadata, row, values) := {
	"code": object.get(metadata, ["custom", "code"], null),
	"priority": object.get(metadata, ["custom", "priority"], 0),
	"weight": object.get(metadata, ["custom", "weight"], 0),
	"page": object.get(metadata, ["custom", "page"], null),
	"rule": row,
	"message": _fill(object.get(metadata, ["custom", "message"], ""), values),
	"estimateMessage": _estimate_words(metadata, values),
	"adverseAction": _fill(object.get(metadata, ["custom", "adverse_action"], ""), values),
}

# The estimate's words, filled in for a self-reported answer only (no
# other decision shows them).
_estimate_words(metadata, values) := _fill(object.get(metadata, ["custom", "estimate_message"], ""), values) if {
	self_reported
} else := ""

# _sentence_list(["a", "b", "c"]) is "a, b and c".
_sentence_list(words) := words[0] if {
	count(words) == 1
} else := concat(" and ", [concat(", ", array.slice(words, 0, count(words) - 1)), words[count(words) - 1]]) if {
	count(words) > 1
} else := ""

# _lower_first("Your home") is "your home".
_lower_first(s) := concat("", [lower(substring(s, 0, 1)), substring(s, 1, -1)])

# _fill(words, values) puts each value of values in place of its
# placeholder in words: values is keyed by the placeholders as the words
# write them ({"{fbmYears}": "7"} fills "{fbmYears} years" as "7 years").
_fill(words, values) := strings.replace_n(values, words)

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
