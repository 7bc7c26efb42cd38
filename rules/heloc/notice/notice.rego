# METADATA
# title: Adverse-action notice
# description: >-
#   The content of the notice of action taken (issue 20's contract
#   "heloc.notice.adverse_action"): whether a notice is required, its
#   principal reasons, the credit score block, the statutory wording with
#   its version, and the creditor. The server stores what this returns; it
#   decides nothing about the notice itself.
package heloc.notice

# How to read this file: adverse_action takes the decision it explains,
# input.decision (the preview offer, data.heloc.offer.preview, which
# repeats eligibility's reasons when the application is not eligible), and
# turns its outcome and reasons into a notice. The server decides the
# preview on the facts, records it, and passes it here with the same facts,
# so the notice explains that very decision and does not decide it a
# second time. Without a decision there is nothing to explain: no notice
# is required (a fact the notice needs is missing, which is never a
# refusal). To see a notice with `opa eval`, evaluate the preview on the
# facts and give it as the input's decision.
#
#   required   only for a refusal on verified facts (outcome "ineligible"):
#              never for a decision not made (a missing fact), an estimate
#              on self-reported answers, or an eligible application (Reg B
#              12 CFR 1002.9(a)(1): a notice of action taken on an
#              application).
#   reasons    at most tables.max_reasons, the ones that contributed most
#              first (each reason's weight; equal weights in the order the
#              decision lists them, its priority), each in its specific
#              adverse-action words (Reg B 1002.9(b)(2); CFPB Circulars
#              2022-03 and 2023-03), the same words given once.
#   score      whenever the refusal rests on a consumer report
#              (input.creditReport, and a reason of the decision not among
#              tables.reasons_not_from_the_report): the score, its range,
#              its date, the key factors, the bureau (FCRA §615(a); Reg B
#              1002.9(b)(2)). A refusal for the home's type alone, say,
#              was not based on the report, and its notice does not say so.
#   wording    tables.wording, with tables.version.
#   creditor   the lender of the licensing table (data.heloc.licensing.company).
#
# The offer's reasons are read with defaults (object.get), so that an offer
# without outcome or weight still gives a notice: without an outcome, a
# refusal is a preview that is not eligible, whose reasons hold no
# NOT_DECIDED, on a credit answer that is not self-reported.

import rego.v1

import data.heloc.eligibility
import data.heloc.licensing
import data.heloc.notice.tables

# METADATA
# title: Adverse-action notice
# description: >-
#   {required, version, date, reasons, reasonCodes, score, wording,
#   creditor}. Without its tables: no notice required and no words (a
#   result all the same, never an error).
# custom:
#   source: >-
#     ECOA, Regulation B 12 CFR 1002.9(a)(2) and (b); Appendix C Form C-1;
#     FCRA §615(a); CFPB Circulars 2022-03 and 2023-03
default adverse_action := {
	"required": false,
	"version": null,
	"date": null,
	"reasons": [],
	"reasonCodes": [],
	"score": null,
	"wording": null,
	"creditor": null,
}

adverse_action := {
	"required": required,
	"version": tables.version,
	"date": object.get(input, "today", null),
	"reasons": [r[2] | some r in _principal_reasons],
	"reasonCodes": [r[3] | some r in _principal_reasons],
	"score": _score,
	"wording": tables.wording,
	"creditor": licensing.company,
} if {
	is_string(tables.version)
	is_object(tables.wording)
	is_number(tables.max_reasons)
}

# A notice is required for a refusal on verified facts only.
default required := false

required if outcome == "ineligible"

# The preview's outcome when it gives one; otherwise read from the
# preview: not decided (a NOT_DECIDED reason), an estimate (self-reported
# credit), or a refusal.
outcome := o if {
	o := object.get(_preview, "outcome", null)
	is_string(o)
} else := "eligible" if {
	object.get(_preview, "eligible", false) == true
} else := "notDecided" if {
	some r in _preview_reasons
	object.get(r, "code", null) == "NOT_DECIDED"
} else := "notDecided" if {
	count(_preview) == 0
} else := "mayNotQualify" if {
	eligibility.self_reported
} else := "ineligible"

# The decision explained: input.decision when it is an object, else {}
# (nothing decided, so outcome is notDecided and no notice is required).
_preview := p if {
	p := input.decision
	is_object(p)
} else := {}

_preview_reasons := rs if {
	rs := object.get(_preview, "reasons", [])
	is_array(rs)
} else := []

# The principal reasons, as _ranked writes them, most weight first (equal
# weights in the decision's order), each wording once, at most
# tables.max_reasons.
_principal_reasons := [] if {
	not required
} else := array.slice(_distinct, 0, tables.max_reasons)

# [-weight, position, words, code] of each reason, ranked.
_ranked := sort([[0 - _weight(r), i, words, object.get(r, "code", null)] |
	some i, r in _preview_reasons
	is_object(r)
	words := _words(r)
])

# The ranked reasons without one whose words an earlier one gave.
_distinct := [x |
	some j, x in _ranked
	not x[2] in array.slice(_ranked_words, 0, j)
]

_ranked_words := [x[2] | some x in _ranked]

# A reason's adverse-action words; its message when it has none (a reason
# of a refusal without its own adverse-action words still says why).
_words(r) := w if {
	w := object.get(r, "adverseAction", null)
	is_string(w)
	w != ""
} else := w if {
	w := object.get(r, "message", null)
	is_string(w)
	w != ""
}

_weight(r) := w if {
	w := object.get(r, "weight", 0)
	is_number(w)
} else := 0

# The credit score block, whenever the refusal rests on a consumer report:
# the report's score (null for a report without one), its range, the day it
# was pulled, the key factors and the bureau. Nothing here is decided again
# from the facts: the server gives the report as it is.
_score := {
	"value": object.get(report, "score", null),
	"range": object.get(report, "scoreRange", null),
	"date": object.get(report, "pulledOn", null),
	"keyFactors": _key_factors(report),
	"bureau": object.get(report, "bureau", null),
} if {
	required
	_rests_on_the_report
	report := object.get(input, "creditReport", null)
	is_object(report)
} else := null

# One of the decision's reasons (principal or not: the decision was based
# on all of them) is not one the table says does not rest on the report
# (so a reason the table does not know, an underwriter's, brings the block).
_rests_on_the_report if {
	some r in _preview_reasons
	not object.get(r, "code", null) in tables.reasons_not_from_the_report
}

_key_factors(report) := fs if {
	fs := object.get(report, "keyFactors", null)
	is_array(fs)
} else := fs if {
	fs := object.get(input, "keyFactors", null)
	is_array(fs)
} else := []
