# Tests for heloc.documents: each reads as a sentence of product spec §5
# "Required documents" and §9, of the policy contract, or of a choice of ours
# that the policy states where the spec is silent.
#
# Counts are read from the table (count("paystubs") rather than 4), so that
# a change of a number in tables/data.yaml alone keeps these tests green
# while the decisions follow it. The spec's own numbers are pinned once, in
# test_the_table_holds_the_spec_counts: changing one of them departs from
# the spec, and that test says so.
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

# --- Spec §5: paystubs and W-2 ---

test_paystubs_and_w2_are_required_for_a_non_self_employed_job_with_no_verified_current_job if {
	r := decide(with_app({"user": {"employments": [salaried_manual]}}))
	r.borrower.required == counts({"paystubs", "w2"})
}

test_a_verified_current_job_needs_no_paystubs_or_w2 if {
	verified := object.union(salaried_manual, {"dataSource": "Plaid"})
	r := decide(with_app({"user": {"employments": [verified]}}))
	r.borrower.required == {}
}

test_manual_is_the_source_that_does_not_verify if {
	tables.triggers.employment.unverifiedSources == ["Manual"]
}

test_only_self_employment_asks_no_paystubs_or_w2 if {
	r := decide(with_app({"user": {"employments": [self_employed_scorp]}}))
	not r.borrower.required.paystubs
	not r.borrower.required.w2
}

test_a_bas_income_source_asks_paystubs_and_w2 if {
	r := decide(with_app({"user": {"employments": [], "incomeSources": [{"type": "bas"}]}}))
	r.borrower.required == counts({"paystubs", "w2"})
}

test_changing_the_paystub_count_in_the_table_changes_the_decision if {
	r := documents.requirements with input as contract_input
		with data.heloc.documents.tables.types.paystubs.count as 6
	r.borrower.required.paystubs == 6
	r.borrower.missing.paystubs == 5
}

# --- Spec §5: property documents count on the borrower's side ---

test_flood_insurance_is_required_when_the_property_state_is_fl if {
	tables.triggers.property.floodInsuranceStates == ["FL"]
	decide(with_app({"property": {"state": "FL"}})).borrower.required.floodInsurance == count_of("floodInsurance")
}

test_no_flood_insurance_outside_fl if {
	not decide(contract_input).borrower.required.floodInsurance
}

test_a_trust_document_is_required_when_the_property_is_in_a_trust if {
	decide(with_app({"isInTrust": true})).borrower.required.trustDocument == count_of("trustDocument")
}

test_a_property_tax_bill_is_required_when_there_are_no_mortgages if {
	decide(with_app({"mortgages": []})).borrower.required.propertyTaxBill == count_of("propertyTaxBill")
	not decide(contract_input).borrower.required.propertyTaxBill
}

test_an_absent_mortgage_list_is_no_mortgages if {
	doc := json.remove(contract_input, ["application/mortgages"])
	decide(doc).borrower.required.propertyTaxBill == count_of("propertyTaxBill")
}

test_a_solar_panel_statement_is_required_by_the_mortgage_check if {
	r := decide(with_app({"mortgages": [{"balance": 200000}, {"balance": 14000, "creditor": "Sunnova Energy"}]}))
	r.borrower.required.solarPanelStatement == count_of("solarPanelStatement")
}

test_two_solar_liens_still_ask_one_solar_panel_statement if {
	r := decide(with_app({"mortgages": [{"balance": 1, "creditor": "Sunrun"}, {"balance": 2, "type": "solarLease"}]}))
	r.borrower.required.solarPanelStatement == count_of("solarPanelStatement")
}

test_a_creditor_keyword_is_read_literally if {
	r := documents.requirements with input as with_app({"mortgages": [{"balance": 1, "creditor": "A.B Solar"}]})
		with data.heloc.documents.tables.triggers.property.solarCreditorKeywords as ["a.b"]
	r.borrower.required.solarPanelStatement == count_of("solarPanelStatement")
	r2 := documents.requirements with input as with_app({"mortgages": [{"balance": 1, "creditor": "AxB Energy"}]})
		with data.heloc.documents.tables.triggers.property.solarCreditorKeywords as ["a.b"]
	not r2.borrower.required.solarPanelStatement
}

test_property_documents_never_count_on_the_coborrowers_side if {
	r := decide(with_app({
		"user": {"employments": [], "incomeSources": []},
		"coborrower": {"employments": [], "incomeSources": []},
		"property": {"state": "FL"}, "isInTrust": true, "mortgages": [],
	}))
	r.borrower.required == counts({"floodInsurance", "trustDocument", "propertyTaxBill"})
	r.coborrower.required == {}
}

# --- Spec §9: rental agreements and educational loan statements ---

test_rental_agreements_are_one_per_rental_unit if {
	r := decide(with_app({"user": {"employments": [], "incomeSources": [{"type": "rental", "rentalUnits": 4}]}}))
	r.borrower.required.rentalAgreements == max([tables.types.rentalAgreements.minimum, 4 * count_of("rentalAgreements")])
}

test_rental_agreements_are_at_least_the_minimum if {
	r := decide(with_app({"user": {"employments": [], "incomeSources": [{"type": "rental", "rentalUnits": "two"}]}}))
	r.borrower.required.rentalAgreements == max([tables.types.rentalAgreements.minimum, count_of("rentalAgreements")])
}

test_an_educational_loan_statement_is_one_per_omitted_student_loan_at_least_the_minimum if {
	loan := {"type": "Educational", "omitted": true, "balance": 1000}
	per_loan := count_of("educationalLoanStatement")
	minimum := tables.types.educationalLoanStatement.minimum
	decide(with_app({"liabilities": [loan]})).borrower.required.educationalLoanStatement == max([minimum, per_loan])
	decide(with_app({"liabilities": [loan, loan, loan]})).borrower.required.educationalLoanStatement == max([minimum, 3 * per_loan])
}

test_a_student_loan_that_is_not_omitted_asks_no_statement if {
	r := decide(with_app({"liabilities": [{"type": "Educational", "omitted": false}, {"type": "Educational"}]}))
	not r.borrower.required.educationalLoanStatement
}

# --- Spec §5: missing documents, per person ---

test_missing_is_required_minus_uploads_of_that_type if {
	r := decide(with_app({"uploads": array.concat(uploads("paystubs", 2), uploads("w2", 1))}))
	r.borrower.missing == short(counts({"paystubs", "w2"}), {"paystubs": 2, "w2": 1})
}

test_a_type_with_enough_uploads_is_not_missing if {
	extra := count_of("paystubs") + 1
	r := decide(with_app({"uploads": uploads("paystubs", extra)}))
	not r.borrower.missing.paystubs
	r.borrower.missing == {"w2": count_of("w2")}
	r.totalMissing == count_of("w2")
}

test_the_coborrowers_uploads_do_not_count_for_the_borrower if {
	uploads := [{"type": "paystubs", "isCoborrower": true}, {"type": "w2", "isCoborrower": true}]
	r := decide(with_app({"uploads": uploads}))
	r.borrower.missing == counts({"paystubs", "w2"})
}

test_uploads_of_a_type_that_is_not_required_change_nothing if {
	r := decide(with_app({"uploads": [{"type": "trustDocument"}, {"type": "paystubs"}]}))
	required := counts({"paystubs", "w2"})
	r.borrower.required == required
	r.totalMissing == sum_of(short(required, {"paystubs": 1}))
}

test_bank_statements_appear_in_required_but_never_in_missing if {
	tables.types.bankStatements.countsAsMissing == false
	r := decide(with_app({"user": {"employments": [self_employed_scorp]}}))
	required := counts({"personalTaxReturns", "businessTaxReturns", "k1", "bankStatements"})
	r.borrower.required == required
	not r.borrower.missing.bankStatements
	r.totalRequired == sum_of(required)
	r.totalMissing == sum_of(required) - count_of("bankStatements")
	entry(r, "borrower", "bankStatements").missing == 0
}

# --- Spec §5: coborrower ---

test_coborrower_is_null_when_the_application_has_no_coborrower if {
	r := decide(contract_input)
	r.coborrower == null
	r.documents.coborrower == null
}

test_an_absent_coborrower_is_no_coborrower if {
	decide(json.remove(contract_input, ["application/coborrower"])).coborrower == null
}

test_the_coborrower_is_computed_from_their_own_data_and_uploads if {
	r := decide(with_app({
		"coborrower": {"employments": [self_employed_scorp], "incomeSources": [{"type": "alimony"}]},
		"uploads": [{"type": "paystubs", "isCoborrower": false}, {"type": "k1", "isCoborrower": true}],
	}))
	borrower := counts({"paystubs", "w2"})
	coborrower := counts({"personalTaxReturns", "businessTaxReturns", "k1", "bankStatements", "alimonyDocument"})
	r.borrower == {"required": borrower, "missing": short(borrower, {"paystubs": 1})}
	r.coborrower == {"required": coborrower, "missing": short(coborrower, {"k1": 1})}
	r.totalRequired == sum_of(borrower) + sum_of(coborrower)
	r.totalMissing == sum_of(short(borrower, {"paystubs": 1})) + sum_of(short(coborrower, {"k1": 1}))
}

# --- Spec §5: flags ---

test_excluded_id_document_counts_in_neither_total_but_stays_listed if {
	doc := json.patch(with_app({"user": {"employments": [salaried_manual], "identityVerificationStatus": "failed"}}), [
		{"op": "replace", "path": "/flags/excludeIdDocument", "value": true},
	])
	r := decide(doc)
	r.borrower.required.idDocument == count_of("idDocument")
	r.borrower.missing.idDocument == count_of("idDocument")
	r.totalRequired == sum_of(counts({"paystubs", "w2"}))
	r.totalMissing == sum_of(short(counts({"paystubs", "w2"}), {"paystubs": 1}))
	entry(r, "borrower", "idDocument").countsInTotal == false
	entry(r, "borrower", "paystubs").countsInTotal == true
}

test_without_flags_everything_counts if {
	doc := json.remove(with_app({"user": {"identityVerificationStatus": "failed"}}), ["flags"])
	decide(doc).totalRequired == count_of("idDocument")
}

test_the_flags_name_the_id_document_and_the_educational_loan_statement if {
	tables.exclusionFlags == {"excludeIdDocument": "idDocument", "excludeEducationalLoanStatement": "educationalLoanStatement"}
}

# --- Our ID rule (spec §9 gives the count) ---

test_an_id_document_is_asked_of_each_person_whose_identity_check_did_not_pass if {
	r := decide(with_app({
		"user": {"identityVerificationStatus": "documentUpload"},
		"coborrower": {"identityVerificationStatus": "failed"},
	}))
	r.borrower.required.idDocument == count_of("idDocument")
	r.coborrower.required.idDocument == count_of("idDocument")
}

test_no_id_document_before_the_identity_check_has_a_result if {
	not decide(with_app({"user": {}})).borrower.required.idDocument
}

# --- Self-employment (Fannie Mae B3-3.2-01): the business structure's row ---

test_a_self_employment_of_25_percent_or_more_asks_its_structures_row if {
	every structure, types in tables.triggers.selfEmployment.byStructure {
		job := object.union(self_employed_scorp, {"businessStructure": structure})
		decide(with_app({"user": {"employments": [job]}})).borrower.required == counts({t | some t in types})
	}
}

test_under_25_percent_asks_only_k1s if {
	job := object.union(self_employed_scorp, {"ownershipInterestType": "LessThan25Percent"})
	decide(with_app({"user": {"employments": [job]}})).borrower.required == counts({"k1"})
}

# --- Spec §9: labels, categories, subtypes ---

test_w2_labels_name_the_previous_calendar_years_one_per_document if {
	e := entry(decide(contract_input), "borrower", "w2")
	e.items == [replace(tables.types.w2.itemLabel, "{year}", format_int(2026 - i, 10)) | some i in numbers.range(1, count_of("w2"))]
}

# Pins spec §9 "W-2 labels use the two previous calendar years" with the
# spec's count.
test_with_the_spec_count_the_w2_labels_name_the_two_previous_years if {
	r := documents.requirements with input as contract_input with data.heloc.documents.tables.types.w2.count as 2
	e := entry(r, "borrower", "w2")
	e.items == ["W-2 for 2025", "W-2 for 2024"]
	e.label == "W-2s for 2025 and 2024"
}

test_w2_years_follow_today_not_the_clock if {
	doc := json.patch(contract_input, [{"op": "replace", "path": "/today", "value": "2027-01-04"}])
	entry(decide(doc), "borrower", "w2").items[0] == replace(tables.types.w2.itemLabel, "{year}", "2026")
}

test_bank_statements_name_the_months_they_cover if {
	e := entry(decide(with_app({"user": {"employments": [self_employed_scorp]}})), "borrower", "bankStatements")
	e.label == replace(tables.types.bankStatements.label, "{months}", format_int(tables.types.bankStatements.coversMonths, 10))
}

test_id_subtypes_carry_their_sides if {
	e := entry(decide(with_app({"user": {"identityVerificationStatus": "failed"}})), "borrower", "idDocument")
	{[s.id, s.sides] | some s in e.subtypes} == {
		["driver_license", "both"], ["passport", "front"], ["state_id", "both"], ["military_id", "both"],
		["visa", "both"], ["residence_permit_card", "both"], ["green_card", "both"],
	}
	count(e.subtypes) == 7
}

test_alimony_income_offers_the_alimony_subtypes if {
	r := decide(with_app({"user": {"employments": [], "incomeSources": [{"type": "alimony"}]}}))
	[s.id | some s in entry(r, "borrower", "alimonyDocument").subtypes] == [
		"alimony_order", "divorce_decree", "separation_agreement", "state_law",
	]
}

test_no_alimony_subtypes_without_alimony_income if {
	r := decide(contract_input)
	every e in r.documents.borrower {
		e.type != "alimonyDocument"
	}
}

# An application that triggers every requirement rule.
everything := with_app({
	"user": {
		"employments": [salaried_manual, self_employed_scorp],
		"incomeSources": [
			{"type": "rental", "rentalUnits": 2}, {"type": "alimony"}, {"type": "bas"},
			{"type": "capitalGains"}, {"type": "interestAndDividends"}, {"type": "foreign"},
		],
		"identityVerificationStatus": "failed",
	},
	"coborrower": {"employments": [object.union(self_employed_scorp, {"ownershipInterestType": "LessThan25Percent"})]},
	"property": {"state": "FL"}, "isInTrust": true, "mortgages": [],
	"liabilities": [{"type": "Educational", "omitted": true}],
})

# A mortgage held by a solar lender (everything has no mortgage).
solar := with_app({"mortgages": [{"balance": 14000, "creditor": "Sunrun"}]})

test_every_listed_type_has_a_label_a_spec_category_and_its_counts if {
	r := decide(everything)
	every side in ["borrower", "coborrower"] {
		count(r.documents[side]) == count(r[side].required)
		every e in r.documents[side] {
			e.label != ""
			not contains(e.label, "{")
			e.category in {"APP", "INC", "ASSET", "MISC", "CRED", "DOCS", "PROP"}
			e.required == r[side].required[e.type]
			e.missing == object.get(r[side].missing, e.type, 0)
			count(e.reasons) > 0
		}
	}
}

# Every reason code a rule gives has its words in tables.reasons, and every
# row of tables.reasons is given by some rule.
test_every_reason_the_policy_gives_has_its_words_in_the_table if {
	results := [decide(everything), decide(solar), decide(with_condition(contract_input, [statement_condition], []))]
	reasons := [reason |
		some r in results
		some side in ["borrower", "coborrower"]
		some e in r.documents[side]
		some reason in e.reasons
	]
	{reason.code | some reason in reasons} == object.keys(tables.reasons)
	every reason in reasons {
		reason.message == tables.reasons[reason.code]
	}
}

test_the_list_follows_the_tables_display_order if {
	r := decide(with_app({"property": {"state": "FL"}, "user": {"employments": [salaried_manual], "identityVerificationStatus": "failed"}}))
	listed := [e.type | some e in r.documents.borrower]
	listed == [type | some [_, type] in sort([[tables.types[t].order, t] | some t in listed])]
	{t | some t in listed} == {"idDocument", "paystubs", "w2", "floodInsurance"}
}

test_each_entry_says_why_it_is_asked if {
	e := entry(decide(contract_input), "borrower", "paystubs")
	e.reasons == [{"code": "employmentNotVerified", "message": tables.reasons.employmentNotVerified}]
	e.uploaded == 1
	e.missing == count_of("paystubs") - 1
}

test_a_type_asked_for_two_reasons_lists_both if {
	r := decide(with_app({"user": {"employments": [salaried_manual], "incomeSources": [{"type": "bas"}]}}))
	[x.code | some x in entry(r, "borrower", "w2").reasons] == ["basIncome", "employmentNotVerified"]
	r.borrower.required.w2 == count_of("w2")
}

test_two_years_of_personal_returns_include_the_most_recent_one if {
	tables.types.mostRecentPersonalTaxReturns.subsumedBy == ["personalTaxReturns"]
	r := decide(with_app({"user": {"employments": [], "incomeSources": [{"type": "rental"}, {"type": "capitalGains"}]}}))
	r.borrower.required.personalTaxReturns == count_of("personalTaxReturns")
	not r.borrower.required.mostRecentPersonalTaxReturns
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

test_every_type_named_by_a_structure_row_or_flag_is_in_the_table if {
	named := {t | some row in tables.triggers.selfEmployment.byStructure; some t in row}
	flagged := {type | some type in tables.exclusionFlags}
	every type in named | flagged {
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

# --- Underwriting conditions (spec §9 "Underwriting condition codes") ---
#
# A portal user's document condition reaches the policy as
# input.application.conditions; an upload made for it names it (conditionId).

statement_condition := {
	"id": "c303", "code": "303", "documentType": "mortgageStatement", "count": 1,
	"label": "Most recent mortgage statement for each lien", "isCoborrower": false,
}

# The input with conditions and further uploads added to its application.
with_condition(doc, conditions, more_uploads) := json.patch(doc, [
	{"op": "add", "path": ["application", "conditions"], "value": conditions},
	{"op": "add", "path": ["application", "uploads"], "value": array.concat(doc.application.uploads, more_uploads)},
])

condition_entry(result, side, id) := [e | some e in result.documents[side]; e.condition.id == id][0]

test_a_document_condition_asks_its_document_of_the_borrower if {
	before := decide(contract_input)
	r := decide(with_condition(contract_input, [statement_condition], []))
	r.borrower.required == object.union(before.borrower.required, {"mortgageStatement": 1})
	r.borrower.missing == object.union(before.borrower.missing, {"mortgageStatement": 1})
	r.totalRequired == before.totalRequired + 1
	r.totalMissing == before.totalMissing + 1
	e := condition_entry(r, "borrower", "c303")
	e.label == statement_condition.label
	e.type == "mortgageStatement"
	e.category == tables.types.mortgageStatement.category
	[e.required, e.uploaded, e.missing] == [1, 0, 1]
	e.condition == {"id": "c303", "code": "303"}
	e.reasons == [{"code": "underwritingCondition", "message": tables.reasons.underwritingCondition}]
}

test_an_upload_made_for_the_condition_answers_it if {
	upload := {"type": "mortgageStatement", "isCoborrower": false, "conditionId": "c303"}
	before := decide(contract_input)
	r := decide(with_condition(contract_input, [statement_condition], [upload]))
	r.borrower.required.mortgageStatement == 1
	not r.borrower.missing.mortgageStatement
	r.totalMissing == before.totalMissing
	e := condition_entry(r, "borrower", "c303")
	[e.uploaded, e.missing] == [1, 0]
}

test_an_upload_of_the_type_not_made_for_the_condition_does_not_answer_it if {
	upload := {"type": "mortgageStatement", "isCoborrower": false}
	r := decide(with_condition(contract_input, [statement_condition], [upload]))
	condition_entry(r, "borrower", "c303").missing == 1
	r.borrower.missing.mortgageStatement == 1
}

# A paystub asked by a condition (405, overtime) comes on top of the
# paystubs the rules ask; the paystub uploaded for the condition does not
# count towards those.
test_a_condition_of_a_type_the_rules_ask_adds_to_their_count if {
	overtime := {"id": "c405", "code": "405", "documentType": "paystubs", "count": 1, "label": "Paystub showing overtime"}
	upload := {"type": "paystubs", "isCoborrower": false, "conditionId": "c405"}
	r := decide(with_condition(contract_input, [overtime], [upload]))
	r.borrower.required.paystubs == count_of("paystubs") + 1
	r.borrower.missing.paystubs == count_of("paystubs") - 1
	entry(r, "borrower", "paystubs").uploaded == 1
	[condition_entry(r, "borrower", "c405").uploaded, condition_entry(r, "borrower", "c405").missing] == [1, 0]
}

test_each_condition_counts_on_its_own if {
	payoff := {"id": "c110", "code": "110", "documentType": "payoffStatement", "count": 1, "label": "Payoff statement"}
	paid := {"id": "c310", "code": "310", "documentType": "payoffStatement", "count": 1, "label": "Paid in full"}
	upload := {"type": "payoffStatement", "isCoborrower": false, "conditionId": "c310"}
	r := decide(with_condition(contract_input, [payoff, paid], [upload]))
	r.borrower.required.payoffStatement == 2
	r.borrower.missing.payoffStatement == 1
	[e.condition.code | some e in r.documents.borrower; e.condition] == ["110", "310"]
}

test_a_condition_asks_its_count_of_documents if {
	returns := {"id": "c412", "code": "412", "documentType": "personalTaxReturns", "count": 2, "label": "Tax returns"}
	r := decide(with_condition(contract_input, [returns], []))
	condition_entry(r, "borrower", "c412").missing == 2
	r.borrower.required.personalTaxReturns == 2
}

test_a_condition_without_a_count_or_words_asks_one_document_under_the_types_label if {
	c := {"id": "c1", "code": "303", "documentType": "mortgageStatement"}
	e := condition_entry(decide(with_condition(contract_input, [c], [])), "borrower", "c1")
	e.required == 1
	e.label == tables.types.mortgageStatement.label
}

test_a_coborrowers_condition_counts_on_the_coborrowers_side if {
	doc := with_app({"coborrower": {"employments": [], "incomeSources": []}})
	c := object.union(statement_condition, {"isCoborrower": true})
	r := decide(with_condition(doc, [c], []))
	r.coborrower.required.mortgageStatement == 1
	not r.borrower.required.mortgageStatement
	condition_entry(r, "coborrower", "c303").missing == 1
}

test_a_coborrowers_condition_without_a_coborrower_asks_the_borrower if {
	c := object.union(statement_condition, {"isCoborrower": true})
	r := decide(with_condition(contract_input, [c], []))
	r.coborrower == null
	r.borrower.required.mortgageStatement == 1
}

# Policy contract: bank statements are never missing, whoever asks them.
test_bank_statements_asked_by_a_condition_are_required_but_never_missing if {
	c := {"id": "c411", "code": "411", "documentType": "bankStatements", "count": 1, "label": "Bank statement"}
	before := decide(contract_input)
	r := decide(with_condition(contract_input, [c], []))
	r.borrower.required.bankStatements == 1
	not r.borrower.missing.bankStatements
	r.totalMissing == before.totalMissing
	condition_entry(r, "borrower", "c411").missing == 0
}

test_a_condition_of_a_type_the_table_does_not_define_asks_nothing if {
	c := {"id": "cx", "code": "999", "documentType": "fax", "count": 1}
	decide(with_condition(contract_input, [c], [])) == decide(contract_input)
}

test_without_conditions_the_uploads_for_a_cleared_condition_count_for_nothing if {
	upload := {"type": "paystubs", "isCoborrower": false, "conditionId": "c405"}
	decide(with_condition(contract_input, [], [upload])).borrower == decide(contract_input).borrower
}
