# Tests for heloc.employment: each reads as a sentence of product spec §4
# "Employment gap logic", of the policy contract, or of a choice of ours
# that the policy states where the spec is silent.
#
# The threshold and the window are read from the table
# (tables.gapThresholdDays, tables.windowYears), so that a change of a
# number in tables/data.yaml alone keeps these tests green while the
# decisions follow it. The spec's own numbers are pinned once, in
# test_the_table_holds_the_spec_threshold_and_window.
package heloc.employment_test

import rego.v1

import data.heloc.employment
import data.heloc.employment.tables
import data.heloc.employment.testcases

contract_input := {
	"today": "2026-11-22",
	"employments": [
		{"startDate": "2023-01-01", "endDate": "2024-12-31"},
		{"startDate": "2025-03-01", "endDate": null},
	],
}

decide(doc) := r if {
	r := employment.history with input as doc
}

# --- Dates, for building inputs relative to the table ---

ns(date) := time.parse_ns("2006-01-02", date)

date(ns) := time.format([ns, "UTC", "2006-01-02"])

plus_days(d, n) := date(time.add_date(ns(d), 0, 0, n))

days_between(from, to) := (ns(to) - ns(from)) / time.parse_duration_ns("24h")

# The first day of the window before today (spec §4 "within the last 2
# years", the years being tables.windowYears).
window_start(today) := date(time.add_date(ns(today), 0 - tables.windowYears, 0, 0))

# Two employments with n days between the end of one and the start of the
# next, the day before today; the second one current.
apart(n) := {"today": "2026-11-22", "employments": [
	{"startDate": "2000-01-01", "endDate": apart_end(n)},
	{"startDate": plus_days("2026-11-22", -1), "endDate": null},
]}

apart_end(n) := plus_days("2026-11-22", -1 - n)

# --- Policy contract example ---

test_the_contract_example_gives_the_contract_result if {
	r := decide(contract_input)
	r.gaps == [gap | gap := reported({"from": "2024-12-31", "to": "2025-03-01"}, "2026-11-22")]
	r.nextStartDate == "2025-01-01"
}

# With the spec's threshold and window, the contract's text word for word.
test_with_the_spec_threshold_and_window_the_contract_example_is_the_contracts_text if {
	r := employment.history with input as contract_input
		with data.heloc.employment.tables.gapThresholdDays as 31
		with data.heloc.employment.tables.windowYears as 2
	r.gaps == [{"from": "2024-12-31", "to": "2025-03-01", "days": 60}]
	r.nextStartDate == "2025-01-01"
}

test_the_result_has_the_contract_fields_and_ours if {
	object.keys(decide(contract_input)) == {
		"gaps", "nextStartDate", "windowStart", "currentlyEmployed", "trailingGap",
		"windowYears", "gapThresholdDays", "windowUncovered", "complete", "missing",
	}
}

# --- Table-driven cases (testcases/cases.yaml) ---

case_today(c) := object.get(c, "today", "2026-11-22")

case_result(c) := decide({"today": case_today(c), "employments": c.employments})

# Spec §4: of the stretches no employment covers, the part inside the window
# (up to today) that is longer than the threshold.
reported(stretch, today) := {"from": from, "to": to, "days": days} if {
	from := max([stretch.from, window_start(today)])
	to := min([stretch.to, today])
	from < to
	days := days_between(from, to)
	days > tables.gapThresholdDays
}

expected(c, "uncovered") := [gap | some stretch in c.want.uncovered; gap := reported(stretch, case_today(c))]

expected(c, "lastEnd") := gap if {
	is_string(c.want.lastEnd)
	gap := reported({"from": c.want.lastEnd, "to": case_today(c)}, case_today(c))
} else := null

expected(c, "nextStartDate") := date(time.add_date(ns(concat("", [substring(case_today(c), 0, 8), "01"])), 0 - tables.defaultStartYearsBack, 0, 0)) if {
	c.want.nextStartDate == "yearsBack"
} else := c.want.nextStartDate

expected(c, "currentlyEmployed") := c.want.currentlyEmployed

# The field of the result that each field of a case's want is compared with.
compared := {"uncovered": "gaps", "lastEnd": "trailingGap", "nextStartDate": "nextStartDate", "currentlyEmployed": "currentlyEmployed"}

case_holds(c) if {
	r := case_result(c)
	every field, _ in c.want {
		r[compared[field]] == expected(c, field)
	}
}

test_every_table_driven_case_holds if {
	failing := {c.name | some c in testcases.cases; not case_holds(c)}
	print("failing cases:", failing)
	failing == set()
}

test_the_table_driven_cases_are_there if count(testcases.cases) >= 20

test_every_case_field_is_compared if {
	every c in testcases.cases {
		every field, _ in c.want {
			compared[field]
		}
	}
}

# --- Spec §4 and §9: the threshold and the window ---

# Pins spec §4 and §9 "Gap threshold: more than 31 days within the last 2
# years" and "two years back if none exists".
test_the_table_holds_the_spec_threshold_and_window if {
	tables.gapThresholdDays == 31
	tables.windowYears == 2
	tables.defaultStartYearsBack == 2
}

test_exactly_the_threshold_between_employments_is_not_a_gap if {
	decide(apart(tables.gapThresholdDays)).gaps == []
}

test_one_day_more_than_the_threshold_is_a_gap if {
	n := tables.gapThresholdDays + 1
	decide(apart(n)).gaps == [{"from": apart_end(n), "to": plus_days("2026-11-22", -1), "days": n}]
}

test_the_window_starts_the_tables_years_before_today if {
	decide(contract_input).windowStart == window_start("2026-11-22")
}

test_a_gap_just_inside_the_window_counts_from_the_window_start if {
	start := window_start("2026-11-22")
	n := tables.gapThresholdDays + 1
	r := decide({"today": "2026-11-22", "employments": [
		{"startDate": "2010-01-01", "endDate": "2012-06-30"},
		{"startDate": plus_days(start, n), "endDate": null},
	]})
	r.gaps == [{"from": start, "to": plus_days(start, n), "days": n}]
}

test_a_gap_that_ends_at_the_window_start_is_not_reported if {
	start := window_start("2026-11-22")
	r := decide({"today": "2026-11-22", "employments": [
		{"startDate": "2010-01-01", "endDate": "2012-06-30"},
		{"startDate": start, "endDate": null},
	]})
	r.gaps == []
}

test_a_longer_threshold_in_the_table_hides_the_gap if {
	r := employment.history with input as apart(60) with data.heloc.employment.tables.gapThresholdDays as 60
	r.gaps == []
}

test_a_shorter_window_in_the_table_leaves_the_older_gap_out if {
	r := employment.history with input as contract_input with data.heloc.employment.tables.windowYears as 1
	r.gaps == []
	r.windowStart == "2025-11-22"
}

test_on_the_29th_of_february_the_window_starts_on_the_1st_of_march if {
	r := employment.history with input as {"today": "2028-02-29", "employments": []}
		with data.heloc.employment.tables.windowYears as 2
	r.windowStart == "2026-03-01"
}

test_the_time_since_the_last_job_ended_is_a_trailing_gap_above_the_threshold if {
	n := tables.gapThresholdDays + 1
	end := plus_days("2026-11-22", 0 - n)
	r := decide({"today": "2026-11-22", "employments": [{"startDate": "2010-01-01", "endDate": end}]})
	r.trailingGap == trailing(end, "2026-11-22", n)
	r.gaps == []
}

# A job that ended in the month of today is still current: no trailing gap.
trailing(end, today, _) := null if {
	employment.current(end, today)
} else := {"from": end, "to": today, "days": n} if {
	n := days_between(end, today)
}

test_no_trailing_gap_up_to_the_threshold if {
	end := plus_days("2026-11-22", 0 - tables.gapThresholdDays)
	decide({"today": "2026-11-22", "employments": [{"startDate": "2010-01-01", "endDate": end}]}).trailingGap == null
}

# --- Spec §4: "A date counts as current when it falls in or after the current month" ---

test_a_date_in_the_current_month_is_current if {
	employment.current("2026-11-01", "2026-11-22")
	employment.current("2026-11-30", "2026-11-22")
}

test_a_date_after_the_current_month_is_current if employment.current("2027-01-15", "2026-11-22")

test_a_date_before_the_current_month_is_not_current if not employment.current("2026-10-31", "2026-11-22")

test_a_malformed_date_is_not_current if {
	not employment.current("2026-11", "2026-11-22")
	not employment.current(null, "2026-11-22")
	not employment.current("2026-11-05", "today")
}

test_an_employment_with_no_end_date_is_current if {
	employment.employment_current({"startDate": "2020-01-01", "endDate": null}, "2026-11-22")
	employment.employment_current({"startDate": "2020-01-01"}, "2026-11-22")
}

test_an_employment_that_ended_before_the_current_month_is_not_current if {
	not employment.employment_current({"endDate": "2026-10-31"}, "2026-11-22")
}

test_a_date_must_be_a_real_calendar_date if {
	employment.is_date("2028-02-29")
	not employment.is_date("2026-02-29")
	not employment.is_date("2026-13-01")
	not employment.is_date("26-11-22")
	not employment.is_date(20261122)
}

# --- Spec §4: nextStartDate ---

test_next_start_is_the_first_of_the_month_after_the_latest_end_date if {
	r := decide({"today": "2026-11-22", "employments": [
		{"startDate": "2018-01-01", "endDate": "2021-04-09"},
		{"startDate": "2021-05-01", "endDate": "2024-08-17"},
		{"startDate": "2024-09-01", "endDate": null},
	]})
	r.nextStartDate == "2024-09-01"
}

test_next_start_is_the_tables_years_back_when_no_employment_has_an_end_date if {
	r := decide({"today": "2026-11-22", "employments": [{"startDate": "2024-01-01", "endDate": null}]})
	r.nextStartDate == date(time.add_date(ns("2026-11-01"), 0 - tables.defaultStartYearsBack, 0, 0))
}

# --- Policy contract: always a result, never an error ---

test_an_empty_input_gives_the_default if {
	decide({}) == {
		"gaps": [], "nextStartDate": null, "windowStart": null, "currentlyEmployed": false, "trailingGap": null,
		"windowYears": null, "gapThresholdDays": null, "windowUncovered": null, "complete": false, "missing": [],
	}
}

test_today_alone_gives_an_empty_history if {
	decide({"today": "2026-11-22"}) == {
		"gaps": [], "nextStartDate": date(time.add_date(ns("2026-11-01"), 0 - tables.defaultStartYearsBack, 0, 0)),
		"windowStart": window_start("2026-11-22"),
		"currentlyEmployed": false, "trailingGap": null,
		"windowYears": tables.windowYears, "gapThresholdDays": tables.gapThresholdDays,
		"windowUncovered": null, "complete": true, "missing": [],
	}
}

test_malformed_employments_are_read_as_none if {
	r := decide({"today": "2026-11-22", "employments": "many"})
	r.gaps == []
	r.nextStartDate == decide({"today": "2026-11-22"}).nextStartDate
	r2 := decide({"today": "2026-11-22", "employments": [null, 3, "x", {"startDate": 5}]})
	r2.gaps == []
	r2.currentlyEmployed == false
}

test_a_malformed_today_gives_the_default if {
	decide({"today": "22/11/2026", "employments": contract_input.employments}).gaps == []
}

test_without_tables_the_default_is_given if {
	r := employment.history with input as contract_input with data.heloc.employment.tables as {}
	r.gaps == []
	r.windowStart == null
}

# --- Completeness: the jobs reach back to the window's start, each gap explained ---

today := "2026-11-22"

# A current job that started on the given date, alone.
only_job_since(start) := {"today": today, "employments": [{"startDate": start, "endDate": null}]}

months_back(n) := date(time.add_date(ns(today), 0, 0 - n, 0))

test_the_table_says_the_window_and_threshold_to_the_page if {
	r := decide(contract_input)
	r.windowYears == tables.windowYears
	r.gapThresholdDays == tables.gapThresholdDays
}

# Issue 22: a job of 20 months, the window being 2 years (four months
# short of the window, whatever the table's window is).
test_a_current_job_four_months_short_of_the_window_alone_is_not_complete if {
	start := months_back((tables.windowYears * 12) - 4)
	r := decide(only_job_since(start))
	r.complete == false
	r.windowUncovered == {"from": window_start(today), "to": start, "days": days_between(window_start(today), start)}
	[m] := r.missing
	m.code == "previousEmployerMissing"
	m.field == "employments"
	m.from == window_start(today)
	m.to == start
}

test_with_the_spec_window_a_20_month_job_alone_asks_for_the_previous_employer_in_the_tables_words if {
	r := employment.history with input as only_job_since("2025-03-01")
		with data.heloc.employment.tables.windowYears as 2
	r.complete == false
	r.missing == [{
		"code": "previousEmployerMissing", "field": "employments",
		"message": "Your jobs listed start in March 2025. Add your previous employer, so that your work history covers the last 2 years.",
		"from": "2024-11-22", "to": "2025-03-01",
	}]
}

test_the_previous_employers_message_is_the_tables if {
	r := employment.history with input as only_job_since("2025-03-01")
		with data.heloc.employment.tables.windowYears as 2
		with data.heloc.employment.tables.messages.previousEmployerMissing as "Since {since}, not {years} years."
	r.missing[0].message == "Since March 2025, not 2 years."
}

test_a_previous_employer_back_to_the_window_start_makes_it_complete if {
	start := months_back((tables.windowYears * 12) - 4)
	r := decide({"today": today, "employments": [
		{"startDate": start, "endDate": null},
		{"startDate": window_start(today), "endDate": plus_days(start, -1)},
	]})
	r.complete == true
	r.windowUncovered == null
	r.missing == []
}

test_a_job_starting_the_threshold_after_the_window_start_covers_it if {
	r := decide(only_job_since(plus_days(window_start(today), tables.gapThresholdDays)))
	r.complete == true
	r.windowUncovered == null
}

test_a_job_starting_one_day_more_than_the_threshold_after_the_window_start_does_not if {
	start := plus_days(window_start(today), tables.gapThresholdDays + 1)
	r := decide(only_job_since(start))
	r.complete == false
	r.windowUncovered.days == tables.gapThresholdDays + 1
}

test_a_longer_window_in_the_table_asks_for_more_history if {
	start := months_back(tables.windowYears * 12)
	decide(only_job_since(start)).complete == true
	r := employment.history with input as only_job_since(start)
		with data.heloc.employment.tables.windowYears as tables.windowYears + 1
	r.complete == false
}

test_a_person_with_no_employment_has_nothing_to_list if {
	r := decide({"today": today, "employments": []})
	r.complete == true
	r.windowUncovered == null
}

test_a_person_whose_last_job_ended_before_the_window_has_nothing_to_list if {
	r := decide({"today": today, "employments": [{"startDate": "2001-01-01", "endDate": plus_days(window_start(today), -1)}]})
	r.complete == true
	r.windowUncovered == null
}

test_a_job_that_ended_inside_the_window_reaches_back_from_its_start if {
	r := decide({"today": today, "employments": [{"startDate": months_back((tables.windowYears * 12) - 6), "endDate": months_back(2)}]})
	r.complete == false
	r.missing[0].code == "previousEmployerMissing"
}

gap_input(answers) := {
	"today": "2026-11-22",
	"employments": contract_input.employments,
	"employmentGaps": answers,
} if {
	# The contract example's gap is reported: the test is about its answer.
	count(decide(contract_input).gaps) == 1
}

the_gap := decide(contract_input).gaps[0]

test_a_gap_without_an_answer_is_missing if {
	r := decide(gap_input([]))
	r.complete == false
	[m] := r.missing
	m.code == "gapUnexplained"
	m.field == "employmentGaps"
	m.from == the_gap.from
	m.to == the_gap.to
}

test_the_gaps_message_names_its_months_in_the_tables_words if {
	r := employment.history with input as contract_input
		with data.heloc.employment.tables.gapThresholdDays as 31
		with data.heloc.employment.tables.windowYears as 2
	r.missing[0].message == "Tell us what you were doing between December 2024 and March 2025."
}

test_a_blank_answer_is_missing_at_its_field if {
	r := decide(gap_input([
		{"from": "2000-01-01", "to": "2000-03-01", "explanation": "an older gap"},
		{"from": the_gap.from, "to": the_gap.to, "explanation": "  "},
	]))
	r.complete == false
	r.missing[0].field == "employmentGaps.1.explanation"
}

test_an_answered_gap_makes_it_complete if {
	r := decide(gap_input([{"from": the_gap.from, "to": the_gap.to, "explanation": "Moved to Denver"}]))
	r.complete == true
	r.missing == []
	r.gaps == [the_gap]
}

test_an_answer_for_other_dates_does_not_explain_the_gap if {
	r := decide(gap_input([{"from": the_gap.from, "to": "2025-04-01", "explanation": "Moved"}]))
	r.complete == false
}

test_malformed_answers_are_read_as_none if {
	decide(object.union(contract_input, {"employmentGaps": "none"})).missing[0].field == "employmentGaps"
	decide(gap_input([null, 3, {"from": the_gap.from, "to": the_gap.to, "explanation": 7}])).complete == false
}

test_an_uncovered_window_is_told_before_the_gaps if {
	r := decide({"today": today, "employments": [
		{"startDate": months_back(6), "endDate": null},
		{"startDate": months_back((tables.windowYears * 12) - 4), "endDate": plus_days(months_back(6), 0 - (tables.gapThresholdDays + 2))},
	]})
	[m.code | some m in r.missing] == ["previousEmployerMissing", "gapUnexplained"]
}

# A job that starts after the month of today has not begun: the history is
# not complete, names it at its start date in the table's words with this
# month, and asks for nothing else until the date is right (not a previous
# employer before a month the borrower never named).
test_a_start_date_after_this_month_is_refused_at_its_field if {
	r := decide({"today": "2026-11-22", "employments": [
		{"startDate": "2010-01-01", "endDate": "2020-12-31"},
		{"startDate": "2030-06-01", "endDate": null},
	]})
	not r.complete
	r.missing == [{
		"code": "startDateInFuture",
		"field": "employments.1.startDate",
		"message": replace(tables.messages.startDateInFuture, "{month}", "November 2026"),
		"from": "2026-11-22",
		"to": "2030-06-01",
	}]
}

# A job that starts this month has begun: it counts as the current job.
test_a_start_date_in_this_month_counts if {
	r := decide({"today": "2026-11-22", "employments": [{"startDate": "2010-01-01", "endDate": "2026-10-31"}, {"startDate": "2026-11-01", "endDate": null}]})
	r.complete
	r.missing == []
}

# A job that ends before it starts covers no time: the history is not
# complete, names it at its end date in the table's words with the month it
# starts, and asks for nothing else until the dates are right (not the gap
# or the previous employer its dates would make up).
test_an_end_date_before_the_start_is_refused_at_its_field if {
	r := decide({"today": "2026-11-22", "employments": [
		{"startDate": "2025-03-01", "endDate": "2024-02-29"},
		{"startDate": "2025-06-01", "endDate": null},
	]})
	not r.complete
	r.missing == [{
		"code": "endDateBeforeStart",
		"field": "employments.0.endDate",
		"message": replace(tables.messages.endDateBeforeStart, "{start}", "March 2025"),
		"from": "2025-03-01",
		"to": "2024-02-29",
	}]
}

# A job that ends in the month it starts is a short job, not a wrong date.
test_an_end_date_in_the_month_it_starts_counts if {
	r := decide({"today": "2026-11-22", "employments": [
		{"startDate": "2020-01-01", "endDate": "2024-10-31"},
		{"startDate": "2024-11-01", "endDate": "2024-11-30"},
		{"startDate": "2024-12-01", "endDate": null},
	]})
	r.complete
}

# Both kinds of wrong date are named, each at its own field.
test_every_wrong_date_is_named_at_its_field if {
	r := decide({"today": "2026-11-22", "employments": [
		{"startDate": "2025-03-01", "endDate": "2024-02-29"},
		{"startDate": "2030-06-01", "endDate": null},
	]})
	{m.field | some m in r.missing} == {"employments.0.endDate", "employments.1.startDate"}
}
