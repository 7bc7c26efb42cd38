# heloc.documents: the input as the rules read it (a missing or malformed
# field reads as empty), and the spec's words about employments, mortgages
# and liabilities that the requirement rules use.

package heloc.documents

import rego.v1

import data.heloc.documents.tables
import data.heloc.employment

# ---------------------------------------------------------------------------
# The application, read so that a missing or malformed field reads as empty
# ---------------------------------------------------------------------------

_application := app if {
	app := object.get(input, "application", {})
	is_object(app)
} else := {}

# Spec §9: today decides the years that W-2 labels name (the policy never
# reads the clock).
_today := object.get(input, "today", "")

_flags := flags if {
	flags := object.get(input, "flags", {})
	is_object(flags)
} else := {}

# Spec §3 Application: a user and, perhaps, a coborrower. A user that is not
# an object reads as a borrower with no data.
_people["borrower"] := _object_or_empty(object.get(_application, "user", {}))

_people["coborrower"] := coborrower if {
	coborrower := _application.coborrower
	is_object(coborrower)
}

_object_or_empty(x) := x if {
	is_object(x)
} else := {}

# Spec §5: the documents uploaded, each {type, isCoborrower}.
_uploads := _objects(_application, "uploads")

_mortgages := _objects(_application, "mortgages")

# What the requirement rules read of each person, worked out once: person
# -> their employments, their income sources, and the types of those.
_jobs := {side: _objects(person, "employments") | some side, person in _people}

_income_sources := {side: _objects(person, "incomeSources") | some side, person in _people}

_incomes := {side: {source.type | some source in sources} | some side, sources in _income_sources}

# The objects of the list x[key] (none when it is absent or not a list).
_objects(x, key) := [item | some item in list; is_object(item)] if {
	list := x[key]
	is_array(list)
} else := []

# ---------------------------------------------------------------------------
# The spec's words about employments
# ---------------------------------------------------------------------------

# Self-employed: selfEmployedIndicator is true (a missing one reads as not
# self-employed).
_self_employed(job) if job.selfEmployedIndicator == true

# Spec §4 "a date counts as current when it falls in or after the current
# month"; spec §3: a null endDate means current.
_current(job) if employment.employment_current(job, _today)

# Spec §3: "any source other than Manual means verified": a dataSource that
# is a non-empty string and not one of tables.triggers.employment
# .unverifiedSources (an absent or empty source is not verified).
_verified(job) if {
	source := job.dataSource
	is_string(source)
	source != ""
	not source in tables.triggers.employment.unverifiedSources
}

# Whether one of the jobs is not self-employment.
_has_salaried_job(jobs) if {
	some job in jobs
	not _self_employed(job)
}

_has_verified_current_job(side) if {
	some job in _jobs[side]
	_verified(job)
	_current(job)
}

# Fannie Mae B3-3.2-01: ownershipInterestType "LessThan25Percent" is under
# 25%; any other value, or none, is 25% or more.
_owns_less_than_25_percent(job) if job.ownershipInterestType == "LessThan25Percent"

# The documents of a business structure's row; a businessStructure (a field
# the business-information page adds) that is missing or not in the table
# takes the `default` row.
_business_structure_row(job) := row if {
	row := tables.triggers.selfEmployment.byStructure[job.businessStructure]
} else := tables.triggers.selfEmployment.byStructure["default"]

# ---------------------------------------------------------------------------
# Mortgages and liabilities
# ---------------------------------------------------------------------------

_solar_lien(mortgage) if {
	is_string(mortgage.creditor)
	creditor := lower(mortgage.creditor)
	some keyword in tables.triggers.property.solarCreditorKeywords
	contains(creditor, keyword)
}

_solar_lien(mortgage) if {
	is_string(mortgage.type)
	lower(mortgage.type) in tables.triggers.property.solarLienTypes
}

# Omitted liabilities that are student loans, one entry per loan.
_omitted_student_loans := [loan |
	some loan in _objects(_application, "liabilities")
	loan.omitted == true
	is_string(loan.type)
	lower(loan.type) in tables.triggers.liabilities.studentLoanTypes
]

# Spec §3 Liability: debtor is borrower, coborrower or joint. Lender
# practice: a joint debt (or one with no debtor) counts once, on the
# borrower's side; a coborrower's debt with no coborrower on the application
# falls to the borrower.
_debtor_side(loan) := "coborrower" if {
	loan.debtor == "coborrower"
	_people.coborrower
} else := "borrower"
