# Qualifying income: the yearly income the debt-to-income rule
# (heloc.offer, dti.rego) divides by, and the fact annualIncome that a stage
# may require (tables.required_facts).
#
# Before the application, the borrower states a yearly income
# (input.annualIncome, the credit-income page). The application asks each
# job's and each other source's pay a month; once it gives them
# (input.incomes, the submission stage), they are the income, not the
# figure stated before (issue 20: "submission income from the
# application"). What counts is tables.income: which amounts of a job or
# source, and whether a job that has ended counts.
package heloc.eligibility

import rego.v1

import data.heloc.eligibility.tables

# METADATA
# title: Qualifying income
# description: >-
#   annual_income(x) is the yearly income of the facts x, in dollars: twelve
#   times the counted monthly amounts of x.incomes (each job's and other
#   source's, both people's) when x lists any, else x.annualIncome as
#   stated. Undefined when neither is there (a missing fact, never 0).
# custom:
#   source: Fannie Mae Selling Guide B3-3.1-01 (stable, continuing income); URLA section 1b-1e
annual_income(x) := 12 * sum([amount |
	some income in x.incomes
	_counts(income)
	some field in tables.income.counted
	amount := object.get(income, field, 0)
	is_number(amount)
]) if {
	is_array(x.incomes)
	count(x.incomes) > 0
} else := v if {
	v := object.get(x, "annualIncome", null)
	is_number(v)
}

# A job counts unless it has ended and the table counts current jobs only;
# an other-income source always counts.
_counts(income) if income.kind != "employment"

_counts(income) if {
	income.kind == "employment"
	not tables.income.current_jobs_only
}

_counts(income) if {
	income.kind == "employment"
	income.current == true
}
