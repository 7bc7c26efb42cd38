# heloc.eligibility: the decision (data.heloc.eligibility.decision) and its
# outcome, made from the reasons (eligibility.rego) and the facts that are
# missing (facts.rego); the figures the reasons compare (the available
# line, the CLTV row of the usage, the property rules, the late-payment
# look-back); and the check that every table a reason reads is there.

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

# The outcome (see the head of eligibility.rego): a missing fact first, as no
# check can be trusted without it; then no reason, a self-reported answer,
# and verified facts.
_outcome := "notDecided" if {
	count(_missing) > 0
} else := "eligible" if {
	count(_stage_reasons) == 0
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
_ordered_reasons := [r | some [_, r] in sort([[r.priority, r] | some r in _stage_reasons])]

# METADATA
# title: The checks a stage makes
# description: >-
#   The reasons that count at the decision's stage: at a stage that
#   tables.stage_reasons lists, only the reasons of its codes (the
#   knockout stage of the /prequal path's first questions decides on the
#   homeowner's yes or no alone, before anything else is known); at any
#   other stage, every reason.
# custom:
#   source: Issue 22 ("listed for sale is decided by the rules, on the server")
_stage_reasons := {r | some r in reasons; r.code in tables.stage_reasons[stage]} if {
	is_array(object.get(object.get(tables, "stage_reasons", {}), stage, null))
} else := reasons

# The page of the first reason, for a refusal only; null otherwise.
_page := _ordered_reasons[0].page if {
	_outcome == "ineligible"
} else := null

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
	is_number(tables.listed_for_sale.months)
	_cltv_row
}
