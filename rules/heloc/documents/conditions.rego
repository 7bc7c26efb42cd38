# heloc.documents: the documents that underwriting conditions ask for (spec §9
# "Underwriting condition codes"), counted apart from the rules' own and
# answered only by the uploads made for each condition.

package heloc.documents

import rego.v1

import data.heloc.documents.tables

# ---------------------------------------------------------------------------
# Underwriting conditions (spec §9 "Underwriting condition codes")
# ---------------------------------------------------------------------------

# METADATA
# title: The documents an underwriting condition asks for
# description: >-
#   A document condition that a portal user set on the loan and has not
#   cleared or waived (input.application.conditions: id, code,
#   documentType, count, label, isCoborrower) asks its person for its count
#   of documents of its type, on top of what the rules above ask. Only the
#   uploads made for the condition (their conditionId is its id) answer it.
#   A condition of the coborrower on an application without one asks the
#   borrower. A type that never counts as missing (bank statements) is
#   required but not missing here either.
# custom:
#   code: underwritingCondition
#   page: /app/upload
#   source: >-
#     Product spec §9 "Underwriting condition codes"; that a condition's
#     documents are counted apart from the rules' own, and answered only by
#     the uploads made for it, is our design (the spec is silent)
_condition_requests contains request if {
	code := rego.metadata.rule().custom.code
	some c in _objects(_application, "conditions")
	is_string(c.id)
	row := tables.types[c.documentType]
	n := _condition_count(c)
	uploaded := count([u | some u in _uploads; u.conditionId == c.id])
	request := {
		"id": c.id,
		"code": object.get(c, "code", ""),
		"person": _condition_side(c),
		"type": c.documentType,
		"label": _condition_label(c, row, n),
		"required": n,
		"uploaded": uploaded,
		"missing": _condition_missing(row, n, uploaded),
		"reason": _reason(code),
	}
}

# How many documents a condition asks: its count, at least 1.
_condition_count(c) := floor(c.count) if {
	is_number(c.count)
	c.count >= 1
} else := 1

_condition_side(c) := "coborrower" if {
	c.isCoborrower == true
	_people.coborrower
} else := "borrower"

# The condition's own words, else the type's label.
_condition_label(c, row, n) := c.label if {
	is_string(c.label)
	trim_space(c.label) != ""
} else := _label(row, n)

_condition_missing(row, n, uploaded) := max([0, n - uploaded]) if {
	_counts_as_missing(row)
} else := 0

# Person -> type -> the conditions' count of field (required, missing).
_condition_counts(field) := {side: {type: sum([r[field] | some r in requests; r.type == type]) |
	some r in requests
	type := r.type
} |
	some side in {r.person | some r in _condition_requests}
	requests := [r | some r in _condition_requests; r.person == side]
}

# The upload page's entry for each of the person's conditions, by code,
# with the condition it answers.
_condition_documents(side) := [entry |
	some [_, _, r] in sort([[r.code, r.id, r] | some r in _condition_requests; r.person == side])
	entry := {
		"type": r.type,
		"category": tables.types[r.type].category,
		"label": r.label,
		"required": r.required,
		"uploaded": r.uploaded,
		"missing": r.missing,
		"countsInTotal": object.get(_counts_in_total, r.type, true),
		"reasons": [r.reason],
		"condition": {"id": r.id, "code": r.code},
	}
]
