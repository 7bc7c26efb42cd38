# Tests for heloc.documents: each reads as a sentence of product spec §5
# "Required documents" and §9, of the policy contract, or of a choice of ours
# that the policy states where the spec is silent.
#
# Counts are read from the table (count("paystubs") rather than 4), so that
# a change of a number in tables/data.yaml alone keeps these tests green
# while the decisions follow it. The spec's own numbers are pinned once, in
# test_the_table_holds_the_spec_counts: changing one of them departs from
# the spec, and that test says so.
#
# This file holds the helpers, the contract's example, the table-driven
# cases, the tables and the contract's defaults; requirements_test.rego,
# counts_test.rego, upload_page_test.rego and conditions_test.rego test
# the rules of their topic.
package heloc.documents_test

import rego.v1

import data.heloc.documents
import data.heloc.documents.tables
import data.heloc.documents.testcases

# The contract's example input: a borrower with one current, manually
# entered salaried job, a California home with one mortgage, one paystub.
contract_input := {
	"today": "2026-11-22",
	"application": {
		"user": {
			"employments": [{"startDate": "2021-03-01", "endDate": null, "selfEmployedIndicator": false, "dataSource": "Manual"}],
			"incomeSources": [],
		},
		"coborrower": null,
		"uploads": [{"type": "paystubs", "isCoborrower": false}],
		"property": {"state": "CA"},
		"mortgages": [{"balance": 200000}],
		"liabilities": [],
		"isInTrust": false,
	},
	"flags": {"excludeIdDocument": false, "excludeEducationalLoanStatement": false},
}

# with_app returns the contract input with its application fields replaced.
with_app(fields) := json.patch(contract_input, [{"op": "add", "path": ["application", k], "value": v} | some k, v in fields])

decide(doc) := r if {
	r := documents.requirements with input as doc
}

# The entry of a type in a person's list of what the borrower sees.
entry(result, side, type) := [e | some e in result.documents[side]; e.type == type][0]

# The table's count of a type, and the counts of several types.
count_of(type) := tables.types[type].count

counts(types) := {type: count_of(type) | some type in types}

# n uploads of a type by the borrower.
uploads(type, n) := [{"type": type, "isCoborrower": false} | some _ in numbers.range(1, n)]

# Spec §5: what is still missing of the required counts after uploads (a
# type -> the number uploaded), for the types that count as missing.
short(required, uploaded) := {type: m |
	some type, n in required
	not tables.types[type].countsAsMissing == false
	m := n - object.get(uploaded, type, 0)
	m > 0
}

sum_of(counts) := sum([n | some n in counts])

salaried_manual := {"startDate": "2021-03-01", "endDate": null, "selfEmployedIndicator": false, "dataSource": "Manual"}

self_employed_scorp := {
	"startDate": "2017-02-01", "endDate": null, "selfEmployedIndicator": true,
	"ownershipInterestType": "GreaterThanOrEqualTo25Percent", "businessStructure": "sCorporation",
}

# --- Policy contract example ---

test_the_contract_example_gives_the_contract_result if {
	r := decide(contract_input)
	required := counts({"paystubs", "w2"})
	missing := short(required, {"paystubs": 1})
	r.borrower == {"required": required, "missing": missing}
	r.coborrower == null
	r.totalRequired == sum_of(required)
	r.totalMissing == sum_of(missing)
}

# With the spec's counts (paystubs 4, W-2 2), the result is the contract's
# text word for word.
test_with_the_spec_counts_the_contract_example_is_the_contracts_text if {
	r := documents.requirements with input as contract_input
		with data.heloc.documents.tables.types.paystubs.count as 4
		with data.heloc.documents.tables.types.w2.count as 2
	r.borrower == {"required": {"paystubs": 4, "w2": 2}, "missing": {"paystubs": 3, "w2": 2}}
	r.coborrower == null
	r.totalRequired == 6
	r.totalMissing == 5
}

# Our ID and bank statement rules do not fire for the contract example: its
# borrower has no identity check result yet and is not self-employed.
test_the_contract_example_asks_no_id_document_and_no_bank_statements if {
	r := decide(contract_input)
	not r.borrower.required.idDocument
	not r.borrower.required.bankStatements
}

test_the_result_has_exactly_the_contract_fields_and_documents if {
	object.keys(decide(contract_input)) == {"borrower", "coborrower", "totalRequired", "totalMissing", "documents"}
}

# --- Table-driven cases (testcases/cases.yaml) ---
#
# A case names the types it wants required of each person; the counts are
# the table's (a type counted per unit gives its units), and what is missing
# and the totals follow from them and the case's uploads and flags by spec
# §5's arithmetic.

case_input(c) := {
	"today": object.get(c, "today", "2026-11-22"),
	"application": object.union(testcases.base, c.application),
	"flags": object.get(c, "flags", {}),
}

# The counts a case wants of a person: each type at its table count, or for
# {type: units}, the count per unit times the units, never below the minimum.
wanted_counts(types) := object.union_n([wanted_count(item) | some item in types])

wanted_count(type) := {type: count_of(type)} if is_string(type)

wanted_count(item) := {type: max([object.get(tables.types[type], "minimum", 0), count_of(type) * units])} if {
	is_object(item)
	some type, units in item
}

# The case's uploads of a person, type -> number.
case_uploads(c, side) := {type: count([u | some u in uploads; u.type == type]) |
	uploads := [u | some u in case_input(c).application.uploads; upload_side(u) == side]
	some u in uploads
	type := u.type
}

upload_side(u) := "coborrower" if {
	u.isCoborrower == true
} else := "borrower"

case_excluded(c) := {type | some flag, type in tables.exclusionFlags; object.get(c, "flags", {})[flag] == true}

case_result(c, side) := {"required": required, "missing": short(required, case_uploads(c, side))} if {
	required := wanted_counts(c.want[side])
}

case_coborrower(c) := case_result(c, "coborrower") if {
	is_array(object.get(c.want, "coborrower", null))
} else := null

case_people(c) := {"borrower"} | {"coborrower" | is_array(object.get(c.want, "coborrower", null))}

case_holds(c) if {
	r := decide(case_input(c))
	r.borrower == case_result(c, "borrower")
	r.coborrower == case_coborrower(c)
	excluded := case_excluded(c)
	r.totalRequired == sum([n | some side in case_people(c); some type, n in case_result(c, side).required; not type in excluded])
	r.totalMissing == sum([n | some side in case_people(c); some type, n in case_result(c, side).missing; not type in excluded])
}

test_every_table_driven_case_holds if {
	failing := {c.name | some c in testcases.cases; not case_holds(c)}
	print("failing cases:", failing)
	failing == set()
}

test_the_table_driven_cases_are_there if count(testcases.cases) >= 40

# --- Spec §9: the counts of the table are the spec's ---

# Pins spec §9 "Required document counts" and "Bank statements cover the
# last 12 months": the only literal counts of this suite.
test_the_table_holds_the_spec_counts if {
	{type: row.count | some type, row in tables.types; type in {
		"idDocument", "bankStatements", "paystubs", "w2", "form1099", "businessTaxReturns",
		"k1", "personalTaxReturns", "mostRecentPersonalTaxReturns",
	}} == {
		"idDocument": 1, "bankStatements": 3, "paystubs": 4, "w2": 2, "form1099": 2,
		"businessTaxReturns": 2, "k1": 2, "personalTaxReturns": 2, "mostRecentPersonalTaxReturns": 1,
	}
	every type in {"floodInsurance", "trustDocument", "propertyTaxBill", "solarPanelStatement", "alimonyDocument"} {
		tables.types[type].count == 1
	}
	tables.types.rentalAgreements.minimum == 1
	tables.types.educationalLoanStatement.minimum == 1
	tables.types.bankStatements.coversMonths == 12
}

# --- The tables ---

test_every_document_type_of_the_contract_is_in_the_table if {
	every type in {
		"idDocument", "bankStatements", "paystubs", "w2", "form1099", "businessTaxReturns", "k1",
		"personalTaxReturns", "mostRecentPersonalTaxReturns", "rentalAgreements",
		"educationalLoanStatement", "floodInsurance", "trustDocument", "propertyTaxBill",
		"solarPanelStatement",
	} {
		tables.types[type]
	}
}

# --- Policy contract: always a result, never an error ---

test_an_empty_input_still_gives_a_result if {
	r := decide({})
	r.coborrower == null
	r.borrower.required == counts({"propertyTaxBill"})
	r.totalRequired == count_of("propertyTaxBill")
}

test_malformed_fields_are_read_as_empty if {
	r := decide({
		"today": 20261122,
		"application": {
			"user": {"employments": "none", "incomeSources": [null, 1, {"type": 7}], "identityVerificationStatus": 3},
			"coborrower": "nobody",
			"uploads": [null, "paystubs", {"type": "paystubs", "isCoborrower": "yes"}],
			"property": null,
			"mortgages": [{"creditor": 5, "type": 9}],
			"liabilities": [{"type": 3, "omitted": true}, "loan"],
			"isInTrust": "yes",
		},
		"flags": null,
	})
	r.borrower == {"required": {}, "missing": {}}
	r.coborrower == null
	r.totalRequired == 0
}

test_an_application_that_is_not_an_object_asks_the_tax_bill_only if {
	decide({"today": "2026-11-22", "application": null}).borrower.required == counts({"propertyTaxBill"})
}

test_without_tables_nothing_is_required if {
	r := documents.requirements with input as contract_input with data.heloc.documents.tables as {}
	r.borrower == {"required": {}, "missing": {}}
	r.totalRequired == 0
}

test_a_malformed_today_still_labels_the_w2 if {
	doc := json.patch(contract_input, [{"op": "replace", "path": "/today", "value": "soon"}])
	r := decide(doc)
	r.borrower.required == counts({"paystubs", "w2"})
	count(entry(r, "borrower", "w2").items) == count_of("w2")
}

test_an_input_that_is_not_an_object_gives_the_default if {
	decide("paystubs") == {
		"borrower": {"required": {}, "missing": {}},
		"coborrower": null,
		"totalRequired": 0,
		"totalMissing": 0,
		"documents": {"borrower": [], "coborrower": null},
	}
}
