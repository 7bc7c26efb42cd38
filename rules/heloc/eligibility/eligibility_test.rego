# Tests for heloc.eligibility: each reads as a sentence of product spec §2
# "Ineligible pages" and the policy contract, or of the choices documented
# where the spec is silent. The larger table of cases is testcases/cases.yaml,
# run by test_every_case_of_the_table_holds.
package heloc.eligibility_test

import rego.v1

import data.heloc.eligibility
import data.heloc.eligibility.tables
import data.heloc.eligibility.testcases

# An eligible application: $500,000 home, $200,000 owed, score 720.
base := testcases.base

# decide(overrides) is the decision for base with overrides put over it.
decide(overrides) := d if {
	d := eligibility.decision with input as object.union(base, overrides)
}

codes(d) := [r.code | some r in d.reasons]

late(days, date) := {"mortgages": [{"balance": 200000, "latePaymentDays": days, "latePaymentDate": date}]}

# --- Policy contract: the result ---

test_an_eligible_application_has_no_page_and_no_reasons if {
	d := decide({})
	d.eligible == true
	d.ineligiblePage == null
	d.reasons == []
}

test_every_reason_has_a_code_a_message_and_the_row_that_decided_it if {
	d := decide({"propertyType": "manufactured", "mortgageBalance": 480000, "hasFbm": true, "creditScore": 600})
	count(d.reasons) == 4
	every r in d.reasons {
		regex.match(`^[A-Z_]+$`, r.code)
		count(r.message) > 20
		r.rule in _row_ids
		r.page in {"low-equity", "boost", "late-payment"}
		count(r.adverseAction) > 0
	}
}

_row_ids := {tables.credit_score.id, tables.line.id, tables.late_payment.id, tables.property.id, tables.fbm.id} | {row.id | some row in tables.max_cltv}

test_ineligible_page_names_one_of_the_failed_checks if {
	d := decide({"creditScore": 600, "mortgageBalance": 420000})
	d.ineligiblePage in {r.page | some r in d.reasons}
}

# --- §2 "low-equity": the available line is below the minimum line amount ---

test_the_available_line_is_value_times_max_cltv_less_the_balance if {
	decide({}).availableLine == (500000 * 0.85) - 200000
}

test_an_available_line_below_the_minimum_is_low_equity if {
	d := decide({"mortgageBalance": 410000})
	d.availableLine == 15000
	d.ineligiblePage == "low-equity"
	codes(d) == ["LOW_EQUITY"]
}

test_an_available_line_at_the_minimum_is_enough if {
	decide({"mortgageBalance": 400000}).eligible
}

test_an_underwater_property_has_an_available_line_of_zero if {
	d := decide({"propertyValue": 300000, "mortgageBalance": 350000})
	d.availableLine == 0
	d.ineligiblePage == "low-equity"
}

test_the_maximum_cltv_depends_on_property_usage if {
	decide({"propertyUsage": "primaryResidence"}).maxCltv == 0.85
	decide({"propertyUsage": "secondHome"}).maxCltv == 0.75
	decide({"propertyUsage": "investment"}).maxCltv == 0.70
	decide({"propertyUsage": "investment"}).cltvRule == "CLTV-INVESTMENT"
}

test_the_low_equity_reason_names_the_cltv_row_of_the_usage if {
	[r] := decide({"propertyUsage": "secondHome", "mortgageBalance": 360000}).reasons
	r.rule == "CLTV-SECOND-HOME"
}

test_the_low_equity_message_says_what_can_be_borrowed_and_the_minimum if {
	[r] := decide({"mortgageBalance": 410000}).reasons
	contains(r.message, "$15,000")
	contains(r.message, "85%")
	contains(r.message, "$25,000")
}

test_the_minimum_line_is_data_that_compliance_edits if {
	decide({}).eligible with data.heloc.eligibility.tables.line.minimum as 225000
	not decide({}).eligible with data.heloc.eligibility.tables.line.minimum as 225001
}

test_the_result_carries_the_minimum_line if decide({}).minLine == tables.line.minimum

# --- §2 "boost": the credit score is below the minimum ---

test_a_score_below_the_minimum_goes_to_boost if {
	d := decide({"creditScore": tables.credit_score.minimum - 1})
	d.ineligiblePage == "boost"
	codes(d) == ["CREDIT_SCORE_BELOW_MINIMUM"]
}

test_a_score_at_the_minimum_is_eligible if decide({"creditScore": tables.credit_score.minimum}).eligible

test_the_minimum_score_is_data_that_compliance_edits if {
	not decide({}).eligible with data.heloc.eligibility.tables.credit_score.minimum as 740
}

test_the_score_message_names_the_score_and_the_minimum if {
	[r] := decide({"creditScore": 641}).reasons
	contains(r.message, "641")
	contains(r.message, "660")
}

# Where the spec is silent: a thin file (no score) goes to boost.
test_a_thin_file_without_a_score_goes_to_boost if {
	d := decide({"creditScore": null})
	d.ineligiblePage == "boost"
	codes(d) == ["NO_CREDIT_SCORE"]
}

test_a_score_that_is_not_a_number_is_no_score if {
	codes(decide({"creditScore": "720"})) == ["NO_CREDIT_SCORE"]
}

# --- §2 "late-payment": a recent late mortgage payment ---

test_a_recent_late_mortgage_payment_goes_to_late_payment if {
	d := decide(late(60, "2026-08-14"))
	d.ineligiblePage == "late-payment"
	codes(d) == ["RECENT_LATE_MORTGAGE_PAYMENT"]
}

test_the_look_back_is_counted_from_today_not_the_clock if {
	not decide(late(30, "2026-08-14")).eligible
	decide(object.union(late(30, "2026-08-14"), {"today": "2027-08-15"})).eligible
}

test_a_late_payment_before_the_look_back_does_not_count if {
	decide(late(90, "2025-11-21")).eligible
}

test_the_look_back_and_days_late_are_data_that_compliance_edits if {
	not decide(late(90, "2025-06-01")).eligible with data.heloc.eligibility.tables.late_payment.lookback_months as 24
	decide(late(30, "2026-08-14")).eligible with data.heloc.eligibility.tables.late_payment.min_days_late as 60
}

# --- Foreclosure, bankruptcy or modification (screens.md "has-fbm") ---

test_a_yes_on_has_fbm_is_ineligible_with_its_reason if {
	d := decide({"hasFbm": true})
	codes(d) == ["RECENT_FORECLOSURE_BANKRUPTCY_OR_MODIFICATION"]
	d.ineligiblePage == "late-payment"
	contains(d.reasons[0].message, "4 years")
}

# --- Property rules (spec silent; screens.md "5+ is not eligible") ---

test_a_manufactured_home_is_not_eligible if {
	codes(decide({"propertyType": "manufactured"})) == ["PROPERTY_TYPE_NOT_ELIGIBLE"]
}

test_five_or_more_units_are_not_eligible if {
	codes(decide({"propertyUnits": 5})) == ["PROPERTY_TYPE_NOT_ELIGIBLE"]
	decide({"propertyUnits": 4}).eligible
}

# --- Policy contract: "every failed check is listed" ---

test_every_failed_check_is_a_reason_and_the_priority_picks_the_page if {
	d := decide(object.union(late(30, "2026-10-01"), {"creditScore": 600, "mortgageBalance": 420000}))
	codes(d) == ["LOW_EQUITY", "RECENT_LATE_MORTGAGE_PAYMENT", "CREDIT_SCORE_BELOW_MINIMUM"]
	d.ineligiblePage == "low-equity"
}

test_the_priority_is_the_order_of_the_checks_table if {
	reversed := [tables.checks[i] | some j in numbers.range(1, count(tables.checks)); i := count(tables.checks) - j]
	d := decide({"creditScore": 600, "mortgageBalance": 420000}) with data.heloc.eligibility.tables.checks as reversed
	codes(d) == ["CREDIT_SCORE_BELOW_MINIMUM", "LOW_EQUITY"]
	d.ineligiblePage == "boost"
}

test_every_message_is_filled_in_with_no_placeholder_left if {
	d := decide(object.union(late(30, "2026-10-01"), {
		"propertyType": "manufactured", "mortgageBalance": 480000, "hasFbm": true, "creditScore": 600,
	}))
	count(d.reasons) == 5
	every r in d.reasons {
		not contains(r.message, "{")
		not contains(r.adverseAction, "{")
	}
	codes(decide({"creditScore": null})) == ["NO_CREDIT_SCORE"]
	not contains(decide({"creditScore": null}).reasons[0].message, "{")
}

# --- The tables ---

test_the_checks_table_has_every_reason_code_once if {
	[c.code | some c in tables.checks] == [
		"PROPERTY_TYPE_NOT_ELIGIBLE", "LOW_EQUITY", "RECENT_FORECLOSURE_BANKRUPTCY_OR_MODIFICATION",
		"RECENT_LATE_MORTGAGE_PAYMENT", "NO_CREDIT_SCORE", "CREDIT_SCORE_BELOW_MINIMUM",
	]
}

test_each_ineligible_page_has_a_check_of_its_own if {
	{c.page | some c in tables.checks} == {"low-equity", "boost", "late-payment"}
}

test_the_max_cltv_table_lists_each_property_usage_once if {
	[row.usage | some row in tables.max_cltv] == ["primaryResidence", "secondHome", "investment"]
	tables.usage_when_unknown in {row.usage | some row in tables.max_cltv}
}

test_lending_is_more_cautious_on_second_homes_and_rentals if {
	maxes := {row.usage: row.max | some row in tables.max_cltv}
	maxes.investment <= maxes.secondHome
	maxes.secondHome <= maxes.primaryResidence
}

test_every_row_id_is_unique if count(_row_ids) == 5 + count(tables.max_cltv)

# --- Policy contract: always a result, never a runtime error ---

test_odd_but_well_formed_inputs_still_get_a_decision if {
	every x in [
		{},
		{"mortgages": "none"},
		{"mortgages": [1, "a", null, {}]},
		{"propertyValue": "500000", "creditScore": 720},
		{"today": "not a date", "mortgages": [{"latePaymentDays": 30, "latePaymentDate": "2026-01-01"}]},
		{"propertyUsage": null, "propertyType": null, "hasFbm": null, "propertyUnits": null},
	] {
		d := eligibility.decision with input as x
		d.eligible == false
		d.reasons[0].code != "NOT_DECIDED"
	}
}

test_an_empty_input_is_low_equity_and_no_score if {
	codes(eligibility.decision) == ["LOW_EQUITY", "NO_CREDIT_SCORE"] with input as {}
}

test_without_tables_the_decision_fails_closed if {
	d := decide({}) with data.heloc.eligibility.tables as {}
	d.eligible == false
	codes(d) == ["NOT_DECIDED"]
}

# --- The helpers that write the notice ---

test_dollars_are_written_with_thousands_separators if {
	eligibility.dollars(0) == "$0"
	eligibility.dollars(999) == "$999"
	eligibility.dollars(1000) == "$1,000"
	eligibility.dollars(25000) == "$25,000"
	eligibility.dollars(100000) == "$100,000"
	eligibility.dollars(1234567) == "$1,234,567"
	eligibility.dollars(-4500) == "-$4,500"
}

test_percentages_are_written_from_fractions if {
	eligibility.percent(0.85) == "85%"
	eligibility.percent(0.755) == "75.5%"
}

test_mortgage_balance_falls_back_to_the_sum_of_the_mortgages if {
	eligibility.mortgage_balance({"mortgages": [{"balance": 1}, {"balance": 2}, {"x": 3}]}) == 3
	eligibility.mortgage_balance({"mortgageBalance": 7, "mortgages": [{"balance": 1}]}) == 7
	eligibility.mortgage_balance({}) == 0
}

# --- The table of cases (testcases/cases.yaml) ---

case_input(c) := object.remove(object.union(base, c.input), object.get(c, "remove", []))

case_holds(c, d) if {
	d.eligible == c.want.eligible
	d.ineligiblePage == c.want.ineligiblePage
	codes(d) == c.want.codes
	object.get(c.want, "availableLine", d.availableLine) == d.availableLine
}

failing_cases contains {"name": c.name, "got": d} if {
	some c in testcases.cases
	d := eligibility.decision with input as case_input(c)
	not case_holds(c, d)
}

test_every_case_of_the_table_holds if {
	count(testcases.cases) >= 60
	print("failing cases:", failing_cases)
	every c in testcases.cases {
		case_holds(c, eligibility.decision) with input as case_input(c)
	}
}
