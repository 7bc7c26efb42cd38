# Tests for the qualifying income (income.rego): the application's jobs and
# other income once it gives them, else the yearly income stated; what
# counts is tables.income. The helpers (base, decide) are
# eligibility_test.rego's.
package heloc.eligibility_test

import rego.v1

import data.heloc.eligibility

job(fields) := object.union({"kind": "employment", "party": "borrower", "current": true}, fields)

test_the_stated_yearly_income_is_the_income_before_the_application if {
	eligibility.annual_income({"annualIncome": 96000}) == 96000
}

test_the_application_s_pay_a_month_replaces_the_stated_income if {
	x := {"annualIncome": 500000, "incomes": [job({"base": 8000, "overtime": 500})]}
	eligibility.annual_income(x) == 12 * 8500 with data.heloc.eligibility.tables.income.counted as ["base", "overtime"]
}

test_both_people_s_jobs_and_other_income_count if {
	x := {"incomes": [
		job({"base": 6000}),
		job({"party": "coborrower", "base": 4000}),
		{"kind": "other", "party": "borrower", "type": "Alimony", "otherValue": 1000},
	]}
	eligibility.annual_income(x) == 12 * 11000 with data.heloc.eligibility.tables.income.counted as ["base", "otherValue"]
}

test_only_the_amounts_the_table_counts_are_income if {
	x := {"incomes": [job({"base": 6000, "bonuses": 2000})]}
	eligibility.annual_income(x) == 12 * 6000 with data.heloc.eligibility.tables.income.counted as ["base"]
	eligibility.annual_income(x) == 12 * 8000 with data.heloc.eligibility.tables.income.counted as ["base", "bonuses"]
}

test_a_job_that_has_ended_counts_only_when_the_table_says_so if {
	x := {"incomes": [job({"base": 6000}), job({"base": 3000, "current": false})]}
	eligibility.annual_income(x) == 12 * 6000 with data.heloc.eligibility.tables.income.current_jobs_only as true with data.heloc.eligibility.tables.income.counted as ["base"]
	eligibility.annual_income(x) == 12 * 9000 with data.heloc.eligibility.tables.income.current_jobs_only as false with data.heloc.eligibility.tables.income.counted as ["base"]
}

test_an_application_that_lists_no_income_falls_back_to_the_stated_income if {
	eligibility.annual_income({"annualIncome": 70000, "incomes": []}) == 70000
}

test_no_income_at_all_is_a_missing_fact_not_a_zero if {
	not eligibility.annual_income({"incomes": []})
	d := decide({"stage": "submission", "hasFbm": false, "annualIncome": null, "incomes": []})
	d.outcome == "notDecided"
	"annualIncome" in {m.fact | some m in d.missing}
}

test_the_application_s_income_is_a_known_income_at_submission if {
	d := decide({"stage": "submission", "hasFbm": false, "annualIncome": null, "incomes": [job({"base": 9000})]})
	not "annualIncome" in {m.fact | some m in d.missing}
}
