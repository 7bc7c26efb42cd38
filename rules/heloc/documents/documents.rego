# How to read this file. Each requirement is one rule below that adds to
# _asks: when its condition holds for a person (the borrower or the
# coborrower), that person is asked for the documents its METADATA lists
# (custom.documents), for the reason its METADATA names (custom.code). The
# words of a reason are the row of that code in tables.reasons; the count,
# label and category of each document type are its row in tables.types
# (tables/data.yaml, loaded at data.heloc.documents.tables). To find the
# rule behind a reason, grep its code.
#
# The counts follow from the table alone (spec §9): a type's count, or for a
# type counted per unit, its count per unit times the person's units, never
# below its minimum. Missing is the count less the person's uploads of that
# type (spec §5).

# METADATA
# title: Required and missing documents
# description: >-
#   Which documents each person of an application is asked for, how many,
#   and how many are still missing (product spec §5 "Required documents",
#   §9 "Required document counts", "Document categories", "ID subtypes"),
#   as the policy contract's data.heloc.documents.requirements gives them.

package heloc.documents

import rego.v1

import data.heloc.documents.tables
import data.heloc.employment

# data.heloc.documents.requirements (policy contract). The contract's fields
# are borrower, coborrower, totalRequired and totalMissing; `documents` is
# ours: what the upload page shows, per person, in display order.
default requirements := {
	"borrower": {"required": {}, "missing": {}},
	"coborrower": null,
	"totalRequired": 0,
	"totalMissing": 0,
	"documents": {"borrower": [], "coborrower": null},
}

requirements := {
	"borrower": _result("borrower"),
	"coborrower": _result_or_null("coborrower"),
	"totalRequired": _total(_required),
	"totalMissing": _total(_missing),
	"documents": {
		"borrower": _documents("borrower"),
		"coborrower": _documents_or_null("coborrower"),
	},
} if is_object(input)

# ---------------------------------------------------------------------------
# The requirements: one rule per reason
# ---------------------------------------------------------------------------

# METADATA
# title: Paystubs and W-2s for a job we could not verify
# description: >-
#   A person who has a job that is not self-employment, and no verified
#   current job, shows their pay with paystubs and W-2s.
# custom:
#   code: employmentNotVerified
#   documents: [paystubs, w2]
#   page: /app/application/upload
#   source: Product spec §5 "Required documents"
_asks contains _ask(side, rego.metadata.rule()) if {
	some side, jobs in _jobs
	some job in jobs
	not _self_employed(job)
	not _has_verified_current_job(side)
}

# METADATA
# title: Paystubs and W-2s for a military allowance
# description: >-
#   A person with a basic allowance for subsistence (bas) income source
#   shows it with paystubs (leave and earnings statements) and W-2s, whether
#   or not a job of theirs is verified.
# custom:
#   code: basIncome
#   documents: [paystubs, w2]
#   page: /app/application/upload
#   source: Product spec §5 "Required documents"
_asks contains _ask(side, rego.metadata.rule()) if {
	some side, incomes in _incomes
	"bas" in incomes
}

# METADATA
# title: Leases and the latest tax return for rental income
# description: >-
#   Rental income is shown with a lease for each rental unit (at least one)
#   and the most recent year's personal tax return with its Schedule E.
# custom:
#   code: rentalIncome
#   documents: [rentalAgreements, mostRecentPersonalTaxReturns]
#   page: /app/application/upload
#   source: >-
#     Product spec §9 "Required document counts" (one lease per rental unit);
#     Fannie Mae Selling Guide B3-3.1-08 (the tax return)
_asks contains _ask(side, rego.metadata.rule()) if {
	some side, incomes in _incomes
	"rental" in incomes
}

# METADATA
# title: Two years of tax returns for capital gains
# description: Capital gains income needs two years of tax returns to show that it is stable.
# custom:
#   code: capitalGainsIncome
#   documents: [personalTaxReturns]
#   page: /app/application/upload
#   source: Fannie Mae Selling Guide B3-3.1-09 "Capital gains income" (the spec is silent)
_asks contains _ask(side, rego.metadata.rule()) if {
	some side, incomes in _incomes
	"capitalGains" in incomes
}

# METADATA
# title: Two years of tax returns for interest and dividends
# description: Interest and dividend income needs two years of tax returns to show that it is stable.
# custom:
#   code: interestAndDividendsIncome
#   documents: [personalTaxReturns]
#   page: /app/application/upload
#   source: Fannie Mae Selling Guide B3-3.1-09 "Interest and dividend income" (the spec is silent)
_asks contains _ask(side, rego.metadata.rule()) if {
	some side, incomes in _incomes
	"interestAndDividends" in incomes
}

# METADATA
# title: Two years of tax returns for foreign income
# description: Foreign income is shown with the two most recent years' tax returns.
# custom:
#   code: foreignIncome
#   documents: [personalTaxReturns]
#   page: /app/application/upload
#   source: Fannie Mae Selling Guide B3-3.1-09 "Foreign income" (the spec is silent)
_asks contains _ask(side, rego.metadata.rule()) if {
	some side, incomes in _incomes
	"foreign" in incomes
}

# METADATA
# title: The order or agreement that sets alimony
# description: >-
#   Alimony income is shown with the document that sets it: an alimony
#   order, a divorce decree, a separation agreement or the state law
#   (tables.types.alimonyDocument.subtypes).
# custom:
#   code: alimonyIncome
#   documents: [alimonyDocument]
#   page: /app/application/upload
#   source: >-
#     Product spec §9 "Alimony subtypes"; Fannie Mae Selling Guide B3-3.1-09
#     "Alimony, child support or separate maintenance"
_asks contains _ask(side, rego.metadata.rule()) if {
	some side, incomes in _incomes
	"alimony" in incomes
}

# METADATA
# title: Tax returns and bank statements of a business owned 25% or more
# description: >-
#   A person who owns 25% or more of a business they work in now shows its
#   income with the documents of its business structure's row in
#   tables.triggers.selfEmployment.byStructure (the `default` row when the
#   structure is not given or not listed): personal tax returns for every
#   owner, business returns for a partnership or corporation, K-1s where the
#   business issues them, 1099s for an independent contractor, and bank
#   statements.
# custom:
#   code: selfEmployed
#   documents: the row of tables.triggers.selfEmployment.byStructure for the business structure
#   page: /app/application/upload
#   source: >-
#     Fannie Mae Selling Guide B3-3.2-01 and B3-3.2.1-01 (the spec is silent on
#     1099s, K-1s and tax returns); bank statements are lender practice
_asks contains {"person": side, "reason": _reason(rego.metadata.rule().custom.code), "documents": documents} if {
	some side, jobs in _jobs
	some job in jobs
	_self_employed(job)
	_current(job)
	not _owns_less_than_25_percent(job)
	documents := _business_structure_row(job)
}

# METADATA
# title: K-1s for a share of less than 25% in a business
# description: >-
#   A person who owns less than 25% of a business they work in now is not
#   treated as self-employed; their share of a partnership's or S
#   corporation's income is shown with two years of K-1s.
# custom:
#   code: selfEmployedLessThan25Percent
#   documents: [k1]
#   page: /app/application/upload
#   source: Fannie Mae Selling Guide B3-3.2-01 (the spec is silent)
_asks contains _ask(side, rego.metadata.rule()) if {
	some side, jobs in _jobs
	some job in jobs
	_self_employed(job)
	_current(job)
	_owns_less_than_25_percent(job)
}

# METADATA
# title: A photo ID when the identity check did not pass
# description: >-
#   A person whose electronic identity check ended with one of the results
#   in tables.triggers.identity.idDocumentStatuses uploads a photo ID.
#   Until the check has a result no ID document is asked, so the contract's
#   example asks none.
# custom:
#   code: identityNotVerified
#   documents: [idDocument]
#   page: /app/application/identity-verification
#   source: >-
#     Lender practice (the spec gives only the count, §9); the Customer
#     Identification Program rule, 31 CFR 1020.220, accepts non-documentary
#     verification, so a passed check needs no document
_asks contains _ask(side, rego.metadata.rule()) if {
	some side, person in _people
	object.get(person, "identityVerificationStatus", "") in tables.triggers.identity.idDocumentStatuses
}

# METADATA
# title: Flood insurance for a property in a flood insurance state
# description: >-
#   The borrower shows flood insurance for a property in a state of
#   tables.triggers.property.floodInsuranceStates (the spec names FL).
# custom:
#   code: floodInsuranceState
#   documents: [floodInsurance]
#   page: /app/application/upload
#   source: Product spec §5 "Required documents"
_asks contains _ask("borrower", rego.metadata.rule()) if {
	state := object.get(_application, ["property", "state"], "")
	is_string(state)
	upper(trim_space(state)) in tables.triggers.property.floodInsuranceStates
}

# METADATA
# title: The trust document for a property held in a trust
# description: The borrower shows the trust agreement or certification of a trust that holds the property.
# custom:
#   code: propertyInTrust
#   documents: [trustDocument]
#   page: /app/application/upload
#   source: Product spec §5 "Required documents"
_asks contains _ask("borrower", rego.metadata.rule()) if {
	object.get(_application, "isInTrust", false) == true
}

# METADATA
# title: The property tax bill for a property with no mortgage
# description: >-
#   With no mortgage there is no escrow statement showing the taxes, so the
#   borrower shows the latest tax bill. An absent mortgage list is no
#   mortgages.
# custom:
#   code: noMortgage
#   documents: [propertyTaxBill]
#   page: /app/application/upload
#   source: Product spec §5 "Required documents"
_asks contains _ask("borrower", rego.metadata.rule()) if {
	count(_mortgages) == 0
}

# METADATA
# title: The solar panel statement for a solar lien
# description: >-
#   The borrower shows the lease, power purchase agreement or loan of solar
#   panels when a mortgage is held by a solar lender (its creditor's name
#   holds a word of tables.triggers.property.solarCreditorKeywords) or is
#   recorded as a solar lien (its type is one of solarLienTypes).
# custom:
#   code: solarLien
#   documents: [solarPanelStatement]
#   page: /app/application/upload
#   source: >-
#     Product spec §5 "Required documents" (a mortgage-based check); which
#     mortgages count is lender practice, after Fannie Mae Selling Guide B2-3-04
_asks contains _ask("borrower", rego.metadata.rule()) if {
	some mortgage in _mortgages
	_solar_lien(mortgage)
}

# METADATA
# title: A statement for each student loan left out of the debts
# description: >-
#   Each omitted liability that is a student loan (its type is one of
#   tables.triggers.liabilities.studentLoanTypes) asks one statement, on the
#   side of the person who owes it; a joint loan counts once, on the
#   borrower's side.
# custom:
#   code: omittedStudentLoan
#   documents: [educationalLoanStatement]
#   page: /app/application/upload
#   source: >-
#     Product spec §9 "Required document counts" (one per omitted liability);
#     that the liabilities are student loans is lender practice, after Fannie
#     Mae Selling Guide B3-6-05
_asks contains _ask(side, rego.metadata.rule()) if {
	some loan in _omitted_student_loans
	side := _debtor_side(loan)
}

# An ask: the person asked, the documents their METADATA lists, and the
# reason it names (its code and words).
_ask(side, rule) := {"person": side, "reason": _reason(rule.custom.code), "documents": rule.custom.documents}

# The words of a reason: its row of tables.reasons (a code without a row
# shows itself).
_reason(code) := {"code": code, "message": object.get(tables, ["reasons", code], code)}

# ---------------------------------------------------------------------------
# Counts, missing documents and totals (spec §5, §9)
# ---------------------------------------------------------------------------

# Person -> the types asked of them -> the reasons they are asked for (each
# ask's reason for each document it lists). Only types of the table are
# asked.
_reasons[side][type] contains ask.reason if {
	types := tables.types
	some ask in _asks
	some type in ask.documents
	types[type]
	side := ask.person
}

# Spec §9: person -> type -> the number of documents the rules above
# require. A type is not required when a type that includes it (subsumedBy)
# is asked as well: the two years of personal returns include the most
# recent one. Policy contract: only types with a count above zero appear.
_policy_required := {side: {type: n |
	some type, _ in reasons
	row := types[type]
	not _subsumed(row, reasons)
	n := _count(side, row)
	n > 0
} |
	types := tables.types
	some side, reasons in _reasons
}

_subsumed(row, reasons) if {
	some bigger in row.subsumedBy
	reasons[bigger]
}

# A type counted per unit (spec §9 "one per rental unit (minimum 1)", "one
# per omitted liability (minimum 1)"): its count per unit times the person's
# units, never below its minimum. Any other type: its count.
_count(side, row) := max([object.get(row, "minimum", 0), row.count * _units(side, row.per)]) if {
	row.per
} else := row.count

# Rental units of the person's rental income sources.
_units(side, "rentalUnit") := sum([_rental_units(source) |
	some source in _income_sources[side]
	source.type == "rental"
])

# Omitted student loans on the person's side.
_units(side, "omittedStudentLoan") := count([loan |
	some loan in _omitted_student_loans
	_debtor_side(loan) == side
])

# Lender practice (spec §9 says only "one per rental unit"): a rental income
# source without a usable rentalUnits counts as one unit; a fraction counts
# its whole units.
_rental_units(source) := floor(source.rentalUnits) if {
	is_number(source.rentalUnits)
	source.rentalUnits >= 1
} else := 1

# Spec §5: "Missing documents = required count per type minus uploads of
# that type, computed separately for borrower and coborrower. Bank statements
# are excluded from the missing calculation": a type whose row has
# countsAsMissing false is never missing. Person -> type -> the number still
# missing of what the rules above require.
_policy_missing := {side: {type: short |
	some type, n in required
	_counts_as_missing(types[type])
	short := n - object.get(uploaded, type, 0)
	short > 0
} |
	types := tables.types
	some side, required in _policy_required
	uploaded := _uploaded[side]
}

_counts_as_missing(row) if object.get(row, "countsAsMissing", true) != false

# What the result counts: the rules' own requirements and the underwriting
# conditions' documents added up, per person and type (policy contract:
# only counts above zero appear).
_required := _add(_policy_required, _condition_counts("required"))

_missing := _add(_policy_missing, _condition_counts("missing"))

# Without conditions' counts (b is {}), the sum is a itself: its counts are
# all above zero already.
_add(a, b) := a if {
	count(b) == 0
} else := {side: {type: n |
	some type in (object.keys(object.get(a, side, {})) | object.keys(object.get(b, side, {})))
	n := object.get(a, [side, type], 0) + object.get(b, [side, type], 0)
	n > 0
} |
	some side in (object.keys(a) | object.keys(b))
}

# Spec §5: person -> type -> how many uploads of that type the person has.
# An upload is the coborrower's when isCoborrower is true, else the
# borrower's.
# An upload made for an underwriting condition (conditionId) answers that
# condition only (_condition_requests), so it is not counted here.
_uploaded := {side: {type: count([t | some t in types; t == type]) | some type in {t | some t in types}} |
	some side, types in {
		"borrower": [upload.type | some upload in _uploads; not upload.isCoborrower == true; not _for_condition(upload)],
		"coborrower": [upload.type | some upload in _uploads; upload.isCoborrower == true; not _for_condition(upload)],
	}
}

_for_condition(upload) if {
	is_string(upload.conditionId)
	upload.conditionId != ""
}

# Spec §5: "ID document and educational loan statement are excluded from the
# total when a flag says so" (tables.exclusionFlags: flag -> type).
_excluded contains type if {
	some flag, type in tables.exclusionFlags
	object.get(_flags, flag, false) == true
}

# A total adds the counts of both people, less the excluded types.
_total(counts) := sum([n | some by_type in counts; some n in object.remove(by_type, _excluded)])

# A person asked for nothing has nothing required and nothing missing.
_result(side) := {"required": object.get(_required, side, {}), "missing": object.get(_missing, side, {})}

# Policy contract: the coborrower's result is null when the application has
# no coborrower.
_result_or_null(side) := _result(side) if {
	_people[side]
} else := null

# ---------------------------------------------------------------------------
# Underwriting conditions (spec §9 "Underwriting condition codes")
# ---------------------------------------------------------------------------

# METADATA
# title: The documents an underwriting condition asks for
# description: >-
#   A document condition that a portal user set on the loan and has not
#   cleared or waived (input.application.conditions: id, code,
#   documentType, count, label, isCoborrower) asks its person for its count
#   of documents of its type, on top of what the rules above ask. Only the
#   uploads made for the condition (their conditionId is its id) answer it.
#   A condition of the coborrower on an application without one asks the
#   borrower. A type that never counts as missing (bank statements) is
#   required but not missing here either.
# custom:
#   code: underwritingCondition
#   page: /app/upload
#   source: >-
#     Product spec §9 "Underwriting condition codes"; that a condition's
#     documents are counted apart from the rules' own, and answered only by
#     the uploads made for it, is our design (the spec is silent)
_condition_requests contains request if {
	code := rego.metadata.rule().custom.code
	some c in _objects(_application, "conditions")
	is_string(c.id)
	row := tables.types[c.documentType]
	n := _condition_count(c)
	uploaded := count([u | some u in _uploads; u.conditionId == c.id])
	request := {
		"id": c.id,
		"code": object.get(c, "code", ""),
		"person": _condition_side(c),
		"type": c.documentType,
		"label": _condition_label(c, row, n),
		"required": n,
		"uploaded": uploaded,
		"missing": _condition_missing(row, n, uploaded),
		"reason": _reason(code),
	}
}

# How many documents a condition asks: its count, at least 1.
_condition_count(c) := floor(c.count) if {
	is_number(c.count)
	c.count >= 1
} else := 1

_condition_side(c) := "coborrower" if {
	c.isCoborrower == true
	_people.coborrower
} else := "borrower"

# The condition's own words, else the type's label.
_condition_label(c, row, n) := c.label if {
	is_string(c.label)
	trim_space(c.label) != ""
} else := _label(row, n)

_condition_missing(row, n, uploaded) := max([0, n - uploaded]) if {
	_counts_as_missing(row)
} else := 0

# Person -> type -> the conditions' count of field (required, missing).
_condition_counts(field) := {side: {type: sum([r[field] | some r in requests; r.type == type]) |
	some r in requests
	type := r.type
} |
	some side in {r.person | some r in _condition_requests}
	requests := [r | some r in _condition_requests; r.person == side]
}

# The upload page's entry for each of the person's conditions, by code,
# with the condition it answers.
_condition_documents(side) := [entry |
	some [_, _, r] in sort([[r.code, r.id, r] | some r in _condition_requests; r.person == side])
	entry := {
		"type": r.type,
		"category": tables.types[r.type].category,
		"label": r.label,
		"required": r.required,
		"uploaded": r.uploaded,
		"missing": r.missing,
		"countsInTotal": object.get(_counts_in_total, r.type, true),
		"reasons": [r.reason],
		"condition": {"id": r.id, "code": r.code},
	}
]

# ---------------------------------------------------------------------------
# What the upload page shows (spec §9 labels, categories, subtypes)
# ---------------------------------------------------------------------------

# A person's required types in the table's display order (its `order`, then
# the type's name), then the documents of the underwriting conditions. Each entry has the type's category and label, the
# person's counts and the reasons it is asked for, and, where the type's row
# has them, the kinds of document that satisfy it (subtypes) and one label
# per document, {year} being each previous calendar year (items).
_documents(side) := array.concat(_policy_documents(side), _condition_documents(side))

_policy_documents(side) := [object.union(object.union(entry, subtypes), items) |
	types := tables.types
	reasons := _reasons[side]
	uploaded := _uploaded[side]
	missing := object.get(_policy_missing, side, {})
	some [_, type, n] in sort([[object.get(types[type], "order", 0), type, n] | some type, n in object.get(_policy_required, side, {})])
	row := types[type]
	entry := {
		"type": type,
		"category": row.category,
		"label": _label(row, n),
		"required": n,
		"uploaded": object.get(uploaded, type, 0),
		"missing": object.get(missing, type, 0),
		"countsInTotal": object.get(_counts_in_total, type, true),
		"reasons": sort(reasons[type]),
	}
	subtypes := {"subtypes": row.subtypes | is_array(row.subtypes)}
	items := {"items": [replace(row.itemLabel, "{year}", year) | some year in _previous_years(n)] | is_string(row.itemLabel)}
]

_documents_or_null(side) := _documents(side) if {
	_people[side]
} else := null

# Whether an entry counts in the totals: not for an excluded type.
_counts_in_total := {type: false | some type in _excluded}

# A label with its placeholders filled in: {count} is the number required,
# {months} the months the documents cover (coversMonths), and {years} the
# previous calendar years of input.today, one per document (spec §9 "W-2
# labels use the two previous calendar years"). A label without a
# placeholder is shown as it is written; the years are worked out only for
# a label that names them.
_label(row, n) := row.label if {
	not contains(row.label, "{")
} else := strings.replace_n(
	{
		"{count}": format_int(n, 10),
		"{months}": format_int(object.get(row, "coversMonths", 0), 10),
		"{years}": _join_and(_previous_years(n)),
	},
	row.label,
) if {
	contains(row.label, "{years}")
} else := strings.replace_n(
	{
		"{count}": format_int(n, 10),
		"{months}": format_int(object.get(row, "coversMonths", 0), 10),
	},
	row.label,
)

# The n calendar years before the year of input.today, latest first.
_previous_years(n) := [format_int(_this_year - i, 10) | some i in numbers.range(1, n)]

# The year of input.today (0 when today is not a date).
default _this_year := 0

_this_year := to_number(substring(_today, 0, 4)) if {
	is_string(_today)
	regex.match(`^[0-9]{4}-`, _today)
}

# "2025 and 2024"; "2025, 2024 and 2023".
_join_and(words) := words[0] if count(words) == 1

_join_and(words) := sprintf("%s and %s", [
	concat(", ", array.slice(words, 0, count(words) - 1)),
	words[count(words) - 1],
]) if count(words) > 1

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
_people.borrower := _object_or_empty(object.get(_application, "user", {}))

_people.coborrower := coborrower if {
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
_objects(x, key) := [item |
	list := object.get(x, key, [])
	is_array(list)
	some item in list
	is_object(item)
]

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
	is_string(job.dataSource)
	job.dataSource != ""
	not job.dataSource in tables.triggers.employment.unverifiedSources
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
