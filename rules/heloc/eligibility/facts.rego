# heloc.eligibility: the facts a decision needs: the stage of the decision,
# the facts the stage needs (tables.required_facts) that the input does not
# hold, and the NOT_DECIDED reason that names them.

package heloc.eligibility

import rego.v1

import data.heloc.eligibility.tables

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
