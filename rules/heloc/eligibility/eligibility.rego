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
#
# The package spans several files: the reasons are here; decision.rego
# makes the decision and its outcome from them, facts.rego says which facts
# a stage needs and which are missing, input.rego reads the input (the
# score used, the liens, the value), and words.rego writes a reason's words
# (_reason, _fill, dollars, percent).
package heloc.eligibility

import rego.v1

import data.heloc.eligibility.tables

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

# METADATA
# title: Listed for sale
# description: >-
#   The homeowner answered that the home has been listed for sale in the
#   last tables.listed_for_sale.months months (the /prequal path's
#   listed-for-sale page; the question names the look-back, so the rule
#   reads the answer only). A home about to be sold is no collateral for a
#   line drawn over years. Only a yes refuses: no answer is a missing fact
#   where a stage needs it (tables.required_facts), never a decline.
# custom:
#   code: LISTED_FOR_SALE
#   page: low-equity
#   priority: 0
#   weight: 1
#   message: >-
#     We can't offer a home equity line of credit on a home that has been
#     listed for sale in the last {listedMonths} months.
#   estimate_message: >-
#     You told us your home has been listed for sale in the last
#     {listedMonths} months: we can't offer a home equity line of credit on
#     it.
#   adverse_action: "Value or type of collateral not sufficient: the home has been listed for sale in the last {listedMonths} months"
#   source: >-
#     design/screens.md "listed-for-sale" ("listed for sale in the last 6
#     months? Yes -> ineligible"); spec §2 "Prequalification flow steps"
#     (prequalListedForSale). Adverse-action wording: Reg B, 12 CFR
#     1002.9(b)(2), Appendix C Form C-1, made specific (CFPB Circular
#     2022-03).
reasons contains r if {
	input.listedForSale == true
	r := _reason(rego.metadata.rule(), tables.listed_for_sale.id, {"{listedMonths}": format_int(tables.listed_for_sale.months, 10)})
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
