# Tests for heloc.employment: each reads as a sentence of product spec §4
# "Employment gap logic", of the policy contract, or of a choice of ours
# that the policy states where the spec is silent.
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

# --- Policy contract example ---

test_the_contract_example_gives_exactly_the_contract_result if {
	r := decide(contract_input)
	r.gaps == [{"from": "2024-12-31", "to": "2025-03-01", "days": 60}]
	r.nextStartDate == "2025-01-01"
}

test_the_result_has_the_contract_fields_and_ours if {
	object.keys(decide(contract_input)) == {"gaps", "nextStartDate", "windowStart", "currentlyEmployed", "trailingGap"}
}

# --- Table-driven cases (testcases/cases.yaml) ---

case_holds(c) if {
	r := decide({"today": object.get(c, "today", "2026-11-22"), "employments": c.employments})
	every field, want in c.want {
		r[field] == want
	}
}

test_every_table_driven_case_holds if {
	failing := {c.name | some c in testcases.cases; not case_holds(c)}
	print("failing cases:", failing)
	failing == set()
}

test_the_table_driven_cases_are_there if count(testcases.cases) >= 20

# --- Spec §4 and §9: the threshold and the window are table data ---

test_a_gap_is_more_than_31_days if tables.gapThresholdDays == 31

test_gaps_count_within_the_last_2_years if tables.windowYears == 2

test_a_new_employment_defaults_to_two_years_back if tables.defaultStartYearsBack == 2

test_the_window_starts_two_years_before_today if {
	decide(contract_input).windowStart == "2024-11-22"
}

test_a_longer_threshold_in_the_table_hides_the_60_day_gap if {
	r := employment.history with input as contract_input with data.heloc.employment.tables.gapThresholdDays as 60
	r.gaps == []
}

test_a_one_year_window_in_the_table_leaves_the_older_gap_out if {
	r := employment.history with input as contract_input with data.heloc.employment.tables.windowYears as 1
	r.gaps == []
	r.windowStart == "2025-11-22"
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

test_next_start_is_two_years_back_when_no_employment_has_an_end_date if {
	decide({"today": "2026-11-22", "employments": [{"startDate": "2024-01-01", "endDate": null}]}).nextStartDate == "2024-11-01"
}

# --- Policy contract: always a result, never an error ---

test_an_empty_input_gives_the_default if {
	decide({}) == {"gaps": [], "nextStartDate": null, "windowStart": null, "currentlyEmployed": false, "trailingGap": null}
}

test_today_alone_gives_an_empty_history if {
	decide({"today": "2026-11-22"}) == {
		"gaps": [], "nextStartDate": "2024-11-01", "windowStart": "2024-11-22",
		"currentlyEmployed": false, "trailingGap": null,
	}
}

test_malformed_employments_are_read_as_none if {
	r := decide({"today": "2026-11-22", "employments": "many"})
	r.gaps == []
	r.nextStartDate == "2024-11-01"
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
}
