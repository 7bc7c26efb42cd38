# Tests for heloc.eligibility: each reads as a sentence of product spec §2
# "Ineligible pages" and the policy contract, or of the choices documented
# where the spec is silent.
#
# The thresholds come from the tables (tables.credit_score.minimum - 1 is
# refused, the minimum itself passes), so that compliance can change a
# number in tables/data.yaml alone: the suite stays green while the
# decisions move. Literal numbers appear only where a test pins a fact that
# is not a table's (a calendar, the contract's 0 for an underwater home, how
# a notice writes dollars). The cases of testcases/cases.yaml, run by
# test_every_case_of_the_table_holds, stay far from every threshold.
package heloc.eligibility_test

import rego.v1

import data.heloc.eligibility
import data.heloc.eligibility.tables
import data.heloc.eligibility.testcases

# An eligible application with room to spare on every threshold: a
# $500,000 primary home, $200,000 owed, score 780, clean history.
base := testcases.base

# decide(overrides) is the decision for base with overrides put over it.
decide(overrides) := d if {
	d := eligibility.decision with input as object.union(base, overrides)
}

codes(d) := [r.code | some r in d.reasons]

# The primary home's maximum-CLTV row.
primary := [row | some row in tables.max_cltv; row.usage == "primaryResidence"][0]

# owing(line) is a $1,000,000 primary home with the mortgage balance that
# leaves an available line of exactly line.
owing(line) := {
	"propertyValue": 1000000,
	"mortgageBalance": floor(1000000 * primary.max) - line,
	"mortgages": [{"balance": floor(1000000 * primary.max) - line, "latePaymentDays": 0, "latePaymentDate": null}],
}

# A mortgage paid days late on date.
late(days, date) := {"mortgages": [{"balance": 200000, "latePaymentDays": days, "latePaymentDate": date}]}

# day(ns) writes a time in nanoseconds as its yyyy-MM-dd day in UTC.
day(ns) := time.format([ns, "UTC", "2006-01-02"])

# The first day of the late-payment look-back before today, and the
# day before it.
lookback_start(today) := day(time.add_date(time.parse_ns("2006-01-02", today), 0, 0 - tables.late_payment.lookback_months, 0))

day_before(d) := day(time.add_date(time.parse_ns("2006-01-02", d), 0, 0, -1))

# A date inside any look-back: the month before today.
last_month := day(time.add_date(time.parse_ns("2006-01-02", base.today), 0, -1, 0))

# Every failing input at once, the score below the minimum.
everything_wrong := object.union(owing(0), {
	"propertyUnits": tables.property.max_units + 1,
	"hasFbm": true,
	"creditScore": tables.credit_score.minimum - 1,
	"mortgages": [{"balance": 1, "latePaymentDays": tables.late_payment.min_days_late, "latePaymentDate": base.today}],
})

# --- Policy contract: the result ---

test_an_eligible_application_has_no_page_and_no_reasons if {
	d := decide({})
	d.eligible == true
	d.ineligiblePage == null
	d.reasons == []
}

test_the_result_has_the_contract_fields_and_no_others if {
	fields := {
		"eligible", "outcome", "ineligiblePage", "reasons", "missing", "settled", "creditScoreUsed", "scoreOf",
		"propertyValueUsed", "mortgageBalanceUsed", "availableLine", "minLine", "maxCltv", "cltvRule",
	}
	every overrides in [{}, everything_wrong, {"propertyValue": null}, {"creditSource": "selfReported"}] {
		object.keys(decide(overrides)) == fields
	}
	broken := decide({}) with data.heloc.eligibility.tables as {}
	object.keys(broken) == fields
	every overrides in [everything_wrong, {"propertyValue": null}, object.union(everything_wrong, {"creditSource": "selfReported"})] {
		every r in decide(overrides).reasons {
			object.keys(r) == {"code", "message", "rule", "page", "adverseAction", "weight"}
		}
	}
}

test_an_eligible_application_says_what_it_used if {
	d := decide({})
	d.outcome == "eligible"
	d.missing == []
	d.creditScoreUsed == base.creditScore
	d.scoreOf == "borrower"
	d.propertyValueUsed == base.propertyValue
	d.mortgageBalanceUsed == base.mortgageBalance
}

test_a_refusal_on_verified_facts_is_ineligible if {
	d := decide(everything_wrong)
	d.outcome == "ineligible"
	d.eligible == false
	d.missing == []
}

# This also fails if the policy was loaded without its METADATA, where the
# reasons' codes and words live.
test_every_reason_has_a_code_words_a_page_and_the_row_that_decided_it if {
	d := decide(everything_wrong)
	count(d.reasons) == 5
	every r in d.reasons {
		regex.match(`^[A-Z_]+$`, r.code)
		count(r.message) > 20
		r.rule in _row_ids
		r.page in {"low-equity", "boost", "late-payment"}
		count(r.adverseAction) > 0
	}
}

_row_ids := {tables.credit_score.id, tables.line.id, tables.late_payment.id, tables.property.id, tables.fbm.id} | {row.id | some row in tables.max_cltv}

test_ineligible_page_names_the_first_reason if {
	d := decide(everything_wrong)
	d.ineligiblePage == d.reasons[0].page
}

# --- §2 "low-equity": the available line is below the minimum line amount ---

test_the_available_line_is_value_times_max_cltv_less_the_balance_rounded_down if {
	decide({}).availableLine == max([0, floor((500000 * primary.max) - 200000)])
	decide({"propertyValue": 500001}).availableLine == max([0, floor((500001 * primary.max) - 200000)])
}

test_an_available_line_below_the_minimum_is_low_equity if {
	d := decide(owing(tables.line.minimum - 1))
	d.availableLine == tables.line.minimum - 1
	d.ineligiblePage == "low-equity"
	codes(d) == ["LOW_EQUITY"]
}

test_low_equity_says_at_what_value_or_balance_a_line_opens if {
	# 500,000 at the primary CLTV, owing what leaves one dollar too little.
	balance := (floor(500000 * primary.max) - tables.line.minimum) + 1
	d := decide({"propertyValue": 500000, "mortgageBalance": balance})
	value := ceil((balance + tables.line.minimum) / primary.max)
	contains(d.reasons[0].message, sprintf("worth %s or more with what you owe today", [eligibility.dollars(value)]))
	contains(d.reasons[0].message, sprintf("or when you owe %s or less on it", [eligibility.dollars(balance - 1)]))

	# At the value it names, a line opens.
	decide({"propertyValue": value, "mortgageBalance": balance}).eligible
}

test_low_equity_names_no_balance_when_owing_nothing_is_not_enough if {
	small := floor(tables.line.minimum / primary.max) - 1
	d := decide({"propertyValue": small, "mortgageBalance": 0})
	codes(d) == ["LOW_EQUITY"]
	not contains(d.reasons[0].message, "or when you owe")
	endswith(d.reasons[0].message, "with what you owe today.")
}

test_an_available_line_at_the_minimum_is_enough if {
	d := decide(owing(tables.line.minimum))
	d.availableLine == tables.line.minimum
	d.eligible
}

test_an_underwater_property_has_an_available_line_of_zero if {
	d := decide({"propertyValue": 300000, "mortgageBalance": 350000})
	d.availableLine == 0
	d.ineligiblePage == "low-equity"
}

test_the_maximum_cltv_depends_on_property_usage if {
	every row in tables.max_cltv {
		d := decide({"propertyUsage": row.usage})
		d.maxCltv == row.max
		d.cltvRule == row.id
		d.availableLine == max([0, floor((500000 * row.max) - 200000)])
	}
}

test_a_missing_or_unknown_usage_is_read_as_the_table_s_usage_when_unknown if {
	d := decide({"propertyUsage": tables.usage_when_unknown})
	decide({"propertyUsage": "vacation"}) == d
	decide({"propertyUsage": null}) == d
	eligibility.decision == d with input as object.remove(base, ["propertyUsage"])
}

test_the_low_equity_reason_names_the_cltv_row_of_the_usage if {
	every row in tables.max_cltv {
		[r] := decide({"propertyUsage": row.usage, "mortgageBalance": 500000}).reasons
		r.rule == row.id
	}
}

test_the_low_equity_message_says_what_can_be_borrowed_and_the_minimum if {
	[r] := decide(owing(tables.line.minimum - 1)).reasons
	contains(r.message, eligibility.dollars(tables.line.minimum - 1))
	contains(r.message, eligibility.percent(primary.max))
	contains(r.message, eligibility.dollars(tables.line.minimum))
}

test_the_minimum_line_is_data_that_compliance_edits if {
	line := decide({}).availableLine
	decide({}).eligible with data.heloc.eligibility.tables.line.minimum as line
	not decide({}).eligible with data.heloc.eligibility.tables.line.minimum as line + 1
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
	not decide({}).eligible with data.heloc.eligibility.tables.credit_score.minimum as base.creditScore + 1
	decide({}).eligible with data.heloc.eligibility.tables.credit_score.minimum as base.creditScore
}

test_the_score_message_names_the_score_and_the_minimum if {
	score := tables.credit_score.minimum - 1
	[r] := decide({"creditScore": score}).reasons
	r.message == sprintf("Your credit score of %d is below our minimum of %d for a home equity line of credit.", [score, tables.credit_score.minimum])
}

# Where the spec is silent: a thin file (no score) goes to boost.
test_a_thin_file_without_a_score_goes_to_boost if {
	d := decide({"creditScore": null})
	d.ineligiblePage == "boost"
	codes(d) == ["NO_CREDIT_SCORE"]
	d.outcome == "ineligible"
	d.creditScoreUsed == null
}

# A bureau report whose scores are null is a thin file too: a fact, not a
# missing one.
test_a_bureau_report_without_scores_is_a_thin_file_not_a_missing_fact if {
	every scores in [{"borrower": null}, {"borrower": null, "coborrower": null}, {}] {
		d := decide({"creditScores": scores})
		codes(d) == ["NO_CREDIT_SCORE"]
		d.outcome == "ineligible"
		d.missing == []
	}
}

test_a_score_that_is_not_a_number_is_no_score if {
	codes(decide({"creditScore": "780"})) == ["NO_CREDIT_SCORE"]
}

# --- §2 "late-payment": a recent late mortgage payment ---

test_a_recent_late_mortgage_payment_goes_to_late_payment if {
	d := decide(late(tables.late_payment.min_days_late, last_month))
	d.ineligiblePage == "late-payment"
	codes(d) == ["RECENT_LATE_MORTGAGE_PAYMENT"]
}

test_a_late_payment_says_when_it_stops_counting if {
	d := decide({"mortgages": [
		{"balance": 150000, "latePaymentDays": tables.late_payment.min_days_late, "latePaymentDate": "2026-08-14"},
		{"balance": 50000, "latePaymentDays": tables.late_payment.min_days_late, "latePaymentDate": "2026-03-02"},
	]})
	codes(d) == ["RECENT_LATE_MORTGAGE_PAYMENT"]

	# The later of the two, a day after it leaves the look-back.
	last := time.add_date(time.parse_ns("2006-01-02", "2026-08-14"), 0, tables.late_payment.lookback_months, 1)
	endswith(d.reasons[0].message, sprintf("It stops counting against a line after %s.", [time.format([last, "UTC", "January 2, 2006"])]))
}

test_a_late_payment_without_a_date_does_not_say_when_it_stops_counting if {
	d := decide({"mortgages": [{"balance": 150000, "latePaymentDays": tables.late_payment.min_days_late, "latePaymentDate": null}]})
	codes(d) == ["RECENT_LATE_MORTGAGE_PAYMENT"]
	not contains(d.reasons[0].message, "stops counting")
}

test_a_payment_less_late_than_the_minimum_does_not_count if {
	decide(late(tables.late_payment.min_days_late - 1, last_month)).eligible
}

test_a_late_payment_on_the_first_day_of_the_look_back_counts if {
	not decide(late(tables.late_payment.min_days_late, lookback_start(base.today))).eligible
}

test_a_late_payment_the_day_before_the_look_back_does_not_count if {
	decide(late(tables.late_payment.min_days_late, day_before(lookback_start(base.today)))).eligible
}

# The look-back is counted in calendar months as Go's time.AddDate counts
# them: from 29 February, a month that has no 29 February rolls on to
# 1 March. Whatever the look-back, its first day counts and the day before
# does not.
test_the_look_back_from_29_february_is_counted_in_calendar_months if {
	today := "2028-02-29"
	start := lookback_start(today)
	not decide(object.union(late(tables.late_payment.min_days_late, start), {"today": today})).eligible
	decide(object.union(late(tables.late_payment.min_days_late, day_before(start)), {"today": today})).eligible
}

test_the_look_back_is_counted_from_today_not_the_clock if {
	late_payment := late(tables.late_payment.min_days_late, base.today)
	not decide(late_payment).eligible
	later := day(time.add_date(time.parse_ns("2006-01-02", base.today), 0, tables.late_payment.lookback_months, 1))
	decide(object.union(late_payment, {"today": later})).eligible
}

test_a_late_payment_dated_today_or_later_counts if {
	not decide(late(tables.late_payment.min_days_late, base.today)).eligible
	not decide(late(tables.late_payment.min_days_late, "2099-01-01")).eligible
}

test_the_look_back_and_days_late_are_data_that_compliance_edits if {
	days := tables.late_payment.min_days_late
	months := tables.late_payment.lookback_months
	old := day_before(lookback_start(base.today))
	not decide(late(days, old)).eligible with data.heloc.eligibility.tables.late_payment.lookback_months as months + 1
	decide(late(days, last_month)).eligible with data.heloc.eligibility.tables.late_payment.min_days_late as days + 1
}

test_the_late_payment_message_names_the_days_and_the_look_back if {
	[r] := decide(late(tables.late_payment.min_days_late, last_month)).reasons
	contains(r.message, sprintf(" %d or more days late", [tables.late_payment.min_days_late]))
	contains(r.message, sprintf("last %d months", [tables.late_payment.lookback_months]))
}

# --- Foreclosure, bankruptcy or modification (screens.md "has-fbm") ---

test_a_yes_on_has_fbm_is_ineligible_with_its_reason if {
	d := decide({"hasFbm": true})
	codes(d) == ["RECENT_FORECLOSURE_BANKRUPTCY_OR_MODIFICATION"]
	d.ineligiblePage == "late-payment"
	contains(d.reasons[0].message, sprintf("last %d years", [tables.fbm.years]))
	contains(d.reasons[0].adverseAction, sprintf("last %d years", [tables.fbm.years]))
}

# --- Property rules (spec silent; screens.md "5+ is not eligible") ---

test_a_property_type_the_table_does_not_lend_on_is_not_eligible if {
	every t in tables.property.not_eligible_types {
		d := decide({"propertyType": t})
		codes(d) == ["PROPERTY_TYPE_NOT_ELIGIBLE"]
		d.ineligiblePage == "low-equity"
	}
}

test_a_property_type_not_in_the_table_is_eligible if {
	lent_on := {"singleFamily", "condo", "townhouse", "multiUnit"} - {x | some x in tables.property.not_eligible_types}
	every t in lent_on {
		decide({"propertyType": t}).eligible
	}
}

test_more_units_than_the_table_allows_are_not_eligible if {
	codes(decide({"propertyUnits": tables.property.max_units + 1})) == ["PROPERTY_TYPE_NOT_ELIGIBLE"]
	decide({"propertyUnits": tables.property.max_units}).eligible
}

# screens.md: the unit-count page's last answer, "5+", is not eligible.
test_the_5_plus_answer_is_not_eligible if {
	codes(decide({"propertyUnits": "5+"})) == ["PROPERTY_TYPE_NOT_ELIGIBLE"]
}

# --- Policy contract: "every failed check is listed" ---

test_every_failed_check_is_a_reason_in_priority_order if {
	d := decide(everything_wrong)
	codes(d) == [
		"PROPERTY_TYPE_NOT_ELIGIBLE", "LOW_EQUITY", "RECENT_FORECLOSURE_BANKRUPTCY_OR_MODIFICATION",
		"RECENT_LATE_MORTGAGE_PAYMENT", "CREDIT_SCORE_BELOW_MINIMUM",
	]
	d.ineligiblePage == "low-equity"
}

test_a_thin_file_comes_after_a_late_payment if {
	codes(decide(object.union(late(tables.late_payment.min_days_late, last_month), {"creditScore": null}))) == ["RECENT_LATE_MORTGAGE_PAYMENT", "NO_CREDIT_SCORE"]
}

test_the_home_comes_before_the_score if {
	d := decide(object.union(owing(0), {"creditScore": tables.credit_score.minimum - 1}))
	codes(d) == ["LOW_EQUITY", "CREDIT_SCORE_BELOW_MINIMUM"]
	d.ineligiblePage == "low-equity"
}

test_history_comes_before_the_score if {
	d := decide(object.union(late(tables.late_payment.min_days_late, last_month), {"creditScore": tables.credit_score.minimum - 1}))
	codes(d) == ["RECENT_LATE_MORTGAGE_PAYMENT", "CREDIT_SCORE_BELOW_MINIMUM"]
	d.ineligiblePage == "late-payment"
}

test_several_late_mortgages_are_one_reason if {
	d := decide({"mortgages": [
		{"balance": 100000, "latePaymentDays": tables.late_payment.min_days_late, "latePaymentDate": last_month},
		{"balance": 100000, "latePaymentDays": tables.late_payment.min_days_late + 30, "latePaymentDate": base.today},
	]})
	codes(d) == ["RECENT_LATE_MORTGAGE_PAYMENT"]
}

test_every_message_is_filled_in_with_no_placeholder_left if {
	every overrides in [everything_wrong, {"creditScore": null}] {
		every r in decide(overrides).reasons {
			not contains(r.message, "{")
			not contains(r.adverseAction, "{")
		}
	}
}

# Each reason's principal reason for an adverse-action notice is Regulation
# B's sample-notice wording (12 CFR 1002 Appendix C, Form C-1) followed by
# what in the file made it so, or "Other:" with the reason specified, or
# the score and the minimum it missed (12 CFR 1002.9(b)(2); CFPB Circulars
# 2022-03 and 2023-03: never a bare checklist phrase).
test_the_adverse_action_reasons_are_form_c_1_made_specific if {
	form_c_1 := {
		"Value or type of collateral not sufficient",
		"Delinquent past or present credit obligations with others",
		"Limited credit experience",
	}
	every overrides in [everything_wrong, {"creditScore": null}] {
		every r in decide(overrides).reasons {
			_specific(r.adverseAction, form_c_1)
			not r.adverseAction in form_c_1
		}
	}
}

_specific(words, form_c_1) if {
	some phrase in form_c_1
	startswith(words, concat("", [phrase, ": "]))
}

_specific(words, _) if startswith(words, "Other: ")

_specific(words, _) if startswith(words, "Credit score of ")

# The score's reason says which score, what the minimum is and, when the
# bureau gave them, the first two key factors that lowered it.
test_the_score_reason_names_the_score_the_minimum_and_two_key_factors if {
	score := tables.credit_score.minimum - 1
	factors := ["Serious delinquency", "Proportion of balances to credit limits is too high", "Too many inquiries"]
	[r] := decide({"creditScore": score, "keyFactors": factors}).reasons
	r.adverseAction == sprintf("Credit score of %d below our minimum of %d; what lowered it: %s; %s", [score, tables.credit_score.minimum, factors[0], factors[1]])
	not contains(r.adverseAction, factors[2])

	[plain] := decide({"creditScore": score}).reasons
	plain.adverseAction == sprintf("Credit score of %d below our minimum of %d", [score, tables.credit_score.minimum])

	# The report's key factors serve when the facts give none.
	[reported] := decide({"creditScore": score, "creditReport": {"keyFactors": factors}}).reasons
	contains(reported.adverseAction, factors[1])
}

test_the_equity_reason_names_the_value_the_balance_and_the_line if {
	[r] := decide(owing(0)).reasons
	contains(r.adverseAction, eligibility.dollars(1000000))
	contains(r.adverseAction, eligibility.dollars(floor(1000000 * primary.max)))
	contains(r.adverseAction, eligibility.dollars(tables.line.minimum))
	contains(r.adverseAction, eligibility.percent(primary.max))
}

test_the_late_payment_reason_names_its_days_and_date if {
	[r] := decide(late(tables.late_payment.min_days_late + 30, "2026-08-14")).reasons
	contains(r.adverseAction, sprintf("%d days late on August 14, 2026", [tables.late_payment.min_days_late + 30]))
}

test_the_property_reason_names_what_we_do_not_lend_on if {
	[r] := decide({"propertyUnits": "5+"}).reasons
	contains(r.adverseAction, sprintf("more than %d dwelling units", [tables.property.max_units]))
	every t in tables.property.not_eligible_types {
		[by_type] := decide({"propertyType": t}).reasons
		contains(by_type.adverseAction, t)
	}
}

# --- The tables ---

test_lending_is_more_cautious_on_second_homes_and_rentals if {
	maxes := {row.usage: row.max | some row in tables.max_cltv}
	maxes.investment <= maxes.secondHome
	maxes.secondHome <= maxes.primaryResidence
}

# --- Policy contract: always a result, never a runtime error ---

# Odd inputs get a decision made on the tables (never the tables-broken
# default): a refusal, or, without a fact, notDecided with the fact named.
test_odd_but_well_formed_inputs_still_get_a_decision if {
	every x in [
		{},
		{"mortgages": "none"},
		{"mortgages": [1, "a", null, {}]},
		{"propertyValue": "500000", "creditScore": 720},
		{"today": "not a date", "mortgages": [{"latePaymentDays": 30, "latePaymentDate": "2026-01-01"}]},
		{"propertyUsage": null, "propertyType": null, "hasFbm": null, "propertyUnits": null},
		{"creditScores": "none", "creditSource": 7, "stage": ["preview"]},
		{"propertyValue": 500000, "mortgages": [1, {"balance": "x", "source": 3, "confirmed": "no"}], "creditScores": {"borrower": "700"}},
	] {
		d := eligibility.decision with input as x
		d.eligible == false
		d.outcome in {"ineligible", "notDecided"}
		_decided_on_the_tables(d)
	}
}

_decided_on_the_tables(d) if d.reasons[0].code != "NOT_DECIDED"

_decided_on_the_tables(d) if count(d.missing) > 0

test_an_empty_input_is_not_decided_and_names_what_is_missing if {
	d := eligibility.decision with input as {}
	d.outcome == "notDecided"
	[m.fact | some m in d.missing] == tables.required_facts.preview
}

test_without_tables_the_decision_fails_closed if {
	d := decide({}) with data.heloc.eligibility.tables as {}
	d.eligible == false
	codes(d) == ["NOT_DECIDED"]
}

test_without_one_table_the_decision_fails_closed if {
	every name in ["credit_score", "line", "late_payment", "property", "fbm", "max_cltv"] {
		d := decide({}) with data.heloc.eligibility.tables as object.remove(tables, [name])
		codes(d) == ["NOT_DECIDED"]
	}
}

test_a_usage_listed_twice_fails_closed if {
	twice := array.concat(tables.max_cltv, [primary])
	codes(decide({})) == ["NOT_DECIDED"] with data.heloc.eligibility.tables.max_cltv as twice
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
	object.get(c.want, "eligible", d.eligible) == d.eligible
	d.ineligiblePage == c.want.ineligiblePage
	object.get(c.want, "codes", codes(d)) == codes(d)
	object.get(c.want, "availableLine", d.availableLine) == d.availableLine
	object.get(c.want, "outcome", d.outcome) == d.outcome
	object.get(c.want, "missing", [m.fact | some m in d.missing]) == [m.fact | some m in d.missing]
}

failing_cases contains {"name": c.name, "got": d} if {
	some c in testcases.cases
	d := eligibility.decision with input as case_input(c)
	not case_holds(c, d)
}

test_every_case_of_the_table_holds if {
	count(testcases.cases) >= 30
	every c in failing_cases {
		print("failing case:", c.name, "got:", c.got)
	}
	every c in testcases.cases {
		case_holds(c, eligibility.decision) with input as case_input(c)
	}
}
