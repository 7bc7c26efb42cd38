# METADATA
# title: Underwriting decisions
# description: >-
#   What an underwriter may decide on a submitted application: approve with
#   final terms, counter with a lower line, decline with its principal
#   reasons, suspend for missing information until a date, or record a
#   withdrawal. The server gathers the offer the rules make on the
#   application's figures (heloc.offer.preview, decided again) and the
#   underwriter's choice; this validates the choice against them and gives
#   the decision with its adverse-action reasons.
package heloc.underwriting

# How to read this file. decision takes input
#   {action, line, reasons, neededBy, today, current,
#    offer: {eligible, minLine, maxLine, requestedLine}}
# where current is the action of the loan's decision so far (null or
# absent before one): an action the table says closes the application
# (closes) refuses every other.
# and answers
#   {valid, action, label, line, neededBy, reasons, notice, errors}.
# valid is true when errors is empty. errors are {field, code, message},
# each message a row of tables.messages. reasons are the decline's
# principal reasons as the adverse-action notice reads them (code,
# adverseAction words, weight: the order chosen), empty for any other
# action. notice says a notice of action taken is due (tables.actions).
# The table's actions, reasons and limits are the only values: the Rego
# holds none.

import rego.v1

import data.heloc.eligibility
import data.heloc.underwriting.tables

# METADATA
# title: An underwriting decision
# description: >-
#   The underwriter's action validated against the rules' offer on the
#   application's figures and the reason table. Without its tables the
#   decision is refused, never made.
# custom:
#   source: >-
#     Reg B 12 CFR 1002.9(a)(1) (notice of action taken), 1002.9(b)(2)
#     (principal reasons), 1002.9(c) (incomplete applications), Appendix C
#     Form C-1; 1002.2(c)(1)(i) (a counteroffer)
default decision := {
	"valid": false,
	"action": null,
	"label": null,
	"line": null,
	"neededBy": null,
	"reasons": [],
	"notice": false,
	"errors": [{"field": "action", "code": "not_decided", "message": "The decision could not be checked. Please contact an administrator."}],
}

decision := {
	"valid": count(_errors) == 0,
	"action": input.action,
	"label": _action.label,
	"line": _line,
	"neededBy": _needed_by,
	"reasons": _reasons,
	"notice": _action.notice,
	"errors": _errors,
} if {
	is_array(tables.actions)
	is_object(tables.messages)
	_action
} else := {
	"valid": false,
	"action": null,
	"label": null,
	"line": null,
	"neededBy": null,
	"reasons": [],
	"notice": false,
	"errors": [_error("action", "unknown_action", {})],
} if {
	is_array(tables.actions)
	is_object(tables.messages)
}

# METADATA
# title: The actions an underwriter may take
# description: >-
#   [{code, label, description, needs, closes, reviewed}] in table order: the
#   portal's choices, whether each ends the application (no decision follows
#   it), and whether it ends the underwriter's review (the borrower's
#   timeline goes on from the conditions).
actions := [{
	"code": a.code,
	"label": a.label,
	"description": a.description,
	"needs": a.needs,
	"closes": a.closes,
	"reviewed": a.reviewed,
} |
	some a in tables.actions
]

# METADATA
# title: The reasons a decline may give
# description: '{maxReasons, reasons: [{code, words}]} in table order: the decline''s checklist.'
reasons := {"maxReasons": tables.max_reasons, "reasons": [{"code": r.code, "words": r.words} | some r in tables.reasons]}

# METADATA
# title: Each status of a decided application in words
# description: '{action code: label}: the pipeline''s and the loan page''s words.'
labels := {a.code: a.label | some a in tables.actions}

# METADATA
# title: Reg B's deadline for deciding
# description: >-
#   For input {submitted: [day], today}: for each day an application was
#   submitted, the day it must be decided by and whether the pipeline flags
#   it (from tables.deadline.warn_from_day days after submission): {day:
#   {decideBy, warn}}. One evaluation answers a whole page of the pipeline.
# custom:
#   source: Reg B 12 CFR 1002.9(a)(1)(i)
deadlines := {day: _deadline(day) | some day in input.submitted}

_deadline(day) := {
	"decideBy": _day(submitted + _days_ns(tables.deadline.decide_within_days)),
	"warn": _today_ns >= (submitted + _days_ns(tables.deadline.warn_from_day)),
} if {
	submitted := time.parse_ns("2006-01-02", day)
}

_today_ns := time.parse_ns("2006-01-02", substring(input.today, 0, 10))

_days_ns(n) := ((n * 24) * 3600) * 1000000000

_day(ns) := substring(time.format([ns, "UTC", "2006-01-02"]), 0, 10)

_action := [a | some a in tables.actions; a.code == input.action][0]

# --- The application: still open ---

# The loan's decision so far, as the table has it (undefined before one).
_current := [a | some a in tables.actions; a.code == object.get(input, "current", null)][0]

_errors contains _error("action", "application_closed", {"{status}": _current.label}) if {
	_current.closes == true
}

# --- The line: approve and counteroffer ---

_line := input.line if _action.needs == "line"

else := null

_offer := object.get(input, "offer", {})

_errors contains _error("line", "line_missing", {}) if {
	_action.needs == "line"
	not is_number(object.get(input, "line", null))
}

_errors contains _error("line", "no_offer", {}) if {
	_action.needs == "line"
	is_number(input.line)
	object.get(_offer, "eligible", false) != true
}

_errors contains _error("line", "line_above_max", {"{max}": eligibility.dollars(_offer.maxLine)}) if {
	_action.needs == "line"
	_offer.eligible == true
	input.line > _offer.maxLine
}

_errors contains _error("line", "line_below_min", {"{min}": eligibility.dollars(_offer.minLine)}) if {
	_action.needs == "line"
	_offer.eligible == true
	input.line < _offer.minLine
}

_errors contains _error("line", "counter_not_lower", {"{requested}": eligibility.dollars(_offer.requestedLine)}) if {
	input.action == "counteroffer"
	_offer.eligible == true
	is_number(_offer.requestedLine)
	input.line >= _offer.requestedLine
	input.line <= _offer.maxLine
}

# --- The reasons: decline ---

_chosen := [c | some c in object.get(input, "reasons", [])]

_reason(code) := [r | some r in tables.reasons; r.code == code][0]

_errors contains _error("reasons", "reasons_missing", {}) if {
	_action.needs == "reasons"
	count(_chosen) == 0
}

_errors contains _error("reasons", "reasons_too_many", {"{max}": format_int(tables.max_reasons, 10)}) if {
	_action.needs == "reasons"
	count(_chosen) > tables.max_reasons
}

_errors contains _error("reasons", "reason_unknown", {}) if {
	_action.needs == "reasons"
	some c in _chosen
	not _reason(c)
}

# The principal reasons in the order chosen, the first weighing most, as
# the notice ranks them; none for another action.
_reasons := [{"code": c, "adverseAction": _reason(c).words, "weight": count(_chosen) - i} |
	some i, c in _chosen
	_reason(c)
] if _action.needs == "reasons"

else := []

# --- The date: suspend ---

_needed_by := input.neededBy if _action.needs == "neededBy"

else := null

_needed_by_ns := time.parse_ns("2006-01-02", input.neededBy)

_errors contains _error("neededBy", "needed_by_missing", {}) if {
	_action.needs == "neededBy"
	not _needed_by_ns
}

_errors contains _error("neededBy", "needed_by_past", {}) if {
	_action.needs == "neededBy"
	_needed_by_ns <= _today_ns
}

_errors contains _error("neededBy", "needed_by_too_far", {"{days}": format_int(tables.suspend.max_days, 10)}) if {
	_action.needs == "neededBy"
	_needed_by_ns > _today_ns + _days_ns(tables.suspend.max_days)
}

_error(field, code, words) := {"field": field, "code": code, "message": strings.replace_n(words, tables.messages[code])}
