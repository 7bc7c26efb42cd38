# Tests for heloc.underwriting: each action validated against the offer on
# the application's figures and the reason table, every threshold read from
# the table.
package heloc.underwriting_test

import rego.v1

import data.heloc.eligibility
import data.heloc.underwriting
import data.heloc.underwriting.tables

_offer := {"eligible": true, "minLine": 10000, "maxLine": 150000, "requestedLine": 120000}

_decide(given) := d if {
	d := underwriting.decision with input as object.union({"today": "2026-11-28", "offer": _offer}, given)
}

_codes(d) := {e.code | some e in d.errors}

_message(code) := tables.messages[code]

test_an_approval_within_the_offer_is_valid_with_its_label if {
	d := _decide({"action": "approve", "line": 150000})
	d.valid
	d.line == 150000
	d.label == [a.label | some a in tables.actions; a.code == "approve"][0]
	d.reasons == []
	not d.notice
}

test_an_approval_above_the_rules_max_line_is_refused_at_the_line if {
	d := _decide({"action": "approve", "line": _offer.maxLine + 1})
	not d.valid
	d.errors == {{"field": "line", "code": "line_above_max", "message": replace(_message("line_above_max"), "{max}", eligibility.dollars(_offer.maxLine))}}
}

test_an_approval_below_the_min_line_is_refused if {
	d := _decide({"action": "approve", "line": _offer.minLine - 1})
	_codes(d) == {"line_below_min"}
}

test_an_approval_without_a_line_is_refused if {
	_codes(_decide({"action": "approve"})) == {"line_missing"}
}

test_no_line_is_approved_when_the_rules_offer_none if {
	d := underwriting.decision with input as {"action": "approve", "line": 50000, "today": "2026-11-28", "offer": {"eligible": false}}
	_codes(d) == {"no_offer"}
}

test_a_counteroffer_is_a_lower_line_than_requested if {
	_decide({"action": "counteroffer", "line": _offer.requestedLine - 20000}).valid
	_codes(_decide({"action": "counteroffer", "line": _offer.requestedLine})) == {"counter_not_lower"}
	_codes(_decide({"action": "counteroffer", "line": _offer.maxLine + 1})) == {"line_above_max"}
}

test_a_decline_gives_its_reasons_in_the_words_of_form_c1_first_chosen_weighing_most if {
	r1 := tables.reasons[0]
	r2 := tables.reasons[1]
	d := _decide({"action": "decline", "reasons": [r2.code, r1.code]})
	d.valid
	d.notice
	d.line == null
	d.reasons == [
		{"code": r2.code, "adverseAction": r2.words, "weight": 2},
		{"code": r1.code, "adverseAction": r1.words, "weight": 1},
	]
}

test_a_decline_needs_at_least_one_reason if {
	_codes(_decide({"action": "decline", "reasons": []})) == {"reasons_missing"}
}

test_a_decline_gives_at_most_the_tables_number_of_reasons if {
	at_most := [r.code | some i, r in tables.reasons; i < tables.max_reasons]
	_decide({"action": "decline", "reasons": at_most}).valid
	too_many := [r.code | some i, r in tables.reasons; i <= tables.max_reasons]
	_codes(_decide({"action": "decline", "reasons": too_many})) == {"reasons_too_many"}
}

test_a_decline_reason_not_in_the_table_is_refused if {
	_codes(_decide({"action": "decline", "reasons": ["BECAUSE"]})) == {"reason_unknown"}
}

test_a_suspension_needs_a_date_after_today_within_the_tables_days if {
	_decide({"action": "suspend", "neededBy": "2026-12-05"}).neededBy == "2026-12-05"
	_decide({"action": "suspend", "neededBy": "2026-12-05"}).valid
	_codes(_decide({"action": "suspend"})) == {"needed_by_missing"}
	_codes(_decide({"action": "suspend", "neededBy": "2026-11-28"})) == {"needed_by_past"}
	last := time.add_date(time.parse_ns("2006-01-02", "2026-11-28"), 0, 0, tables.suspend.max_days)
	_decide({"action": "suspend", "neededBy": substring(time.format([last, "UTC", "2006-01-02"]), 0, 10)}).valid
	after := time.add_date(last, 0, 0, 1)
	_codes(_decide({"action": "suspend", "neededBy": substring(time.format([after, "UTC", "2006-01-02"]), 0, 10)})) == {"needed_by_too_far"}
}

test_a_withdrawal_needs_nothing_and_gives_no_notice if {
	d := _decide({"action": "withdraw"})
	d.valid
	not d.notice
}

test_an_action_not_in_the_table_is_refused if {
	d := _decide({"action": "shrug"})
	not d.valid
	_codes(d) == {"unknown_action"}
}

test_each_action_has_its_label_and_only_decline_gives_a_notice if {
	count(underwriting.labels) == count(tables.actions)
	{a.code | some a in tables.actions; a.notice} == {"decline"}
}

test_the_pipeline_flags_an_undecided_application_from_the_tables_warning_day if {
	warn := time.add_date(time.parse_ns("2006-01-02", "2026-11-01"), 0, 0, tables.deadline.warn_from_day)
	day := substring(time.format([warn, "UTC", "2006-01-02"]), 0, 10)
	before := substring(time.format([time.add_date(warn, 0, 0, -1), "UTC", "2006-01-02"]), 0, 10)
	d := underwriting.deadlines with input as {"submitted": ["2026-11-01", before], "today": day}
	d["2026-11-01"].warn
	by := time.add_date(time.parse_ns("2006-01-02", "2026-11-01"), 0, 0, tables.deadline.decide_within_days)
	d["2026-11-01"].decideBy == substring(time.format([by, "UTC", "2006-01-02"]), 0, 10)

	# Submitted the day before today: far from flagged.
	not d[before].warn
}

# --- A closed application is not decided again ---

_closing := {a.code | some a in tables.actions; a.closes == true}

_label(code) := [a.label | some a in tables.actions; a.code == code][0]

test_after_an_action_that_closes_the_application_no_other_is_recorded if {
	count(_closing) > 0
	every current in _closing {
		every a in tables.actions {
			d := _decide({"action": a.code, "line": _offer.maxLine, "reasons": [tables.reasons[0].code], "neededBy": "2026-12-05", "current": current})
			not d.valid
			{"field": "action", "code": "application_closed", "message": replace(_message("application_closed"), "{status}", _label(current))} in d.errors
		}
	}
}

test_after_a_decision_that_does_not_close_it_the_application_is_decided_again if {
	open := {a.code | some a in tables.actions; a.closes == false}
	count(open) > 0
	every current in open {
		_decide({"action": "approve", "line": _offer.maxLine, "current": current}).valid
		_decide({"action": "decline", "reasons": [tables.reasons[0].code], "current": current}).valid
	}
	_decide({"action": "approve", "line": _offer.maxLine, "current": null}).valid
}

test_the_table_says_which_actions_close_the_application if {
	# A table where a suspension closes the application too: the rule follows it.
	closing := [object.union(a, {"closes": a.code == "suspend"}) | some a in tables.actions]
	d := underwriting.decision with input as {"action": "approve", "line": _offer.maxLine, "today": "2026-11-28", "offer": _offer, "current": "suspend"}
		with tables.actions as closing
	_codes(d) == {"application_closed"}
	underwriting.decision.valid with input as {"action": "approve", "line": _offer.maxLine, "today": "2026-11-28", "offer": _offer, "current": "decline"}
		with tables.actions as closing
}

test_the_portal_is_told_which_actions_close_the_application if {
	{a.code | some a in underwriting.actions; a.closes} == _closing
}

# --- Which decisions end the underwriter's review ---

test_the_borrower_is_told_which_actions_end_the_review_as_the_table_says if {
	{a.code | some a in underwriting.actions; a.reviewed} == {a.code | some a in tables.actions; a.reviewed}
	{a.code | some a in underwriting.actions; not a.reviewed} == {"suspend", "withdraw"}

	# A table where a suspension ends the review too: the actions follow it.
	marked := [object.union(a, {"reviewed": true}) | some a in tables.actions]
	actions := underwriting.actions with tables.actions as marked
	every a in actions {
		a.reviewed
	}
}
