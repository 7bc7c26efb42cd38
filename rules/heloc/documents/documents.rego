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
#
# The package spans several files: the requirement rules are here;
# counts.rego counts what they ask and what is missing, conditions.rego
# adds the documents of underwriting conditions, upload_page.rego builds
# the upload page's list, and application.rego reads the input.

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
	_has_salaried_job(jobs)
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
