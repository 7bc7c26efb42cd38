# Tests for heloc.documents: each reads as a sentence of product spec §5
# "Required documents" and §9, of the policy contract, or of a choice of ours
# that the policy states where the spec is silent.
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

salaried_manual := {"startDate": "2021-03-01", "endDate": null, "selfEmployedIndicator": false, "dataSource": "Manual"}

self_employed_scorp := {
	"startDate": "2017-02-01", "endDate": null, "selfEmployedIndicator": true,
	"ownershipInterestType": "GreaterThanOrEqualTo25Percent", "businessStructure": "sCorporation",
}

# --- Policy contract example ---

test_the_contract_example_gives_exactly_the_contract_result if {
	r := decide(contract_input)
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

case_input(c) := {
	"today": object.get(c, "today", "2026-11-22"),
	"application": object.union(testcases.base, c.application),
	"flags": object.get(c, "flags", {}),
}

case_holds(c) if {
	r := decide(case_input(c))
	r.borrower == c.want.borrower
	r.coborrower == object.get(c.want, "coborrower", null)
	object.get(c.want, "totalRequired", r.totalRequired) == r.totalRequired
	object.get(c.want, "totalMissing", r.totalMissing) == r.totalMissing
}

test_every_table_driven_case_holds if {
	failing := {c.name | some c in testcases.cases; not case_holds(c)}
	print("failing cases:", failing)
	failing == set()
}

test_the_table_driven_cases_are_there if count(testcases.cases) >= 40

# --- Spec §5: paystubs and W-2 ---

test_paystubs_are_4_and_w2_are_2 if {
	tables.types.paystubs.count == 4
	tables.types.w2.count == 2
}

test_paystubs_and_w2_are_required_for_a_non_self_employed_job_with_no_verified_current_job if {
	r := decide(with_app({"user": {"employments": [salaried_manual]}}))
	r.borrower.required == {"paystubs": 4, "w2": 2}
}

test_a_verified_current_job_needs_no_paystubs_or_w2 if {
	verified := object.union(salaried_manual, {"dataSource": "Plaid"})
	r := decide(with_app({"user": {"employments": [verified]}}))
	r.borrower.required == {}
}

test_only_self_employment_asks_no_paystubs_or_w2 if {
	r := decide(with_app({"user": {"employments": [self_employed_scorp]}}))
	not r.borrower.required.paystubs
	not r.borrower.required.w2
}

test_a_bas_income_source_asks_paystubs_and_w2 if {
	r := decide(with_app({"user": {"employments": [], "incomeSources": [{"type": "bas"}]}}))
	r.borrower.required == {"paystubs": 4, "w2": 2}
}

# --- Spec §5: property documents count on the borrower's side ---

test_flood_insurance_is_required_when_the_property_state_is_fl if {
	decide(with_app({"property": {"state": "FL"}})).borrower.required.floodInsurance == 1
}

test_no_flood_insurance_outside_fl if {
	not decide(contract_input).borrower.required.floodInsurance
}

test_a_trust_document_is_required_when_the_property_is_in_a_trust if {
	decide(with_app({"isInTrust": true})).borrower.required.trustDocument == 1
}

test_a_property_tax_bill_is_required_when_there_are_no_mortgages if {
	decide(with_app({"mortgages": []})).borrower.required.propertyTaxBill == 1
	not decide(contract_input).borrower.required.propertyTaxBill
}

test_an_absent_mortgage_list_is_no_mortgages if {
	doc := json.remove(contract_input, ["application/mortgages"])
	decide(doc).borrower.required.propertyTaxBill == 1
}

test_a_solar_panel_statement_is_required_by_the_mortgage_check if {
	r := decide(with_app({"mortgages": [{"balance": 200000}, {"balance": 14000, "creditor": "Sunnova Energy"}]}))
	r.borrower.required.solarPanelStatement == 1
}

test_two_solar_liens_still_ask_one_solar_panel_statement if {
	r := decide(with_app({"mortgages": [{"balance": 1, "creditor": "Sunrun"}, {"balance": 2, "type": "solarLease"}]}))
	r.borrower.required.solarPanelStatement == 1
}

test_property_documents_never_count_on_the_coborrowers_side if {
	r := decide(with_app({
		"user": {"employments": [], "incomeSources": []},
		"coborrower": {"employments": [], "incomeSources": []},
		"property": {"state": "FL"}, "isInTrust": true, "mortgages": [],
	}))
	r.borrower.required == {"floodInsurance": 1, "trustDocument": 1, "propertyTaxBill": 1}
	r.coborrower.required == {}
}

# --- Spec §9: rental agreements and educational loan statements ---

test_rental_agreements_are_one_per_rental_unit if {
	r := decide(with_app({"user": {"employments": [], "incomeSources": [{"type": "rental", "rentalUnits": 4}]}}))
	r.borrower.required.rentalAgreements == 4
}

test_rental_agreements_are_at_least_one if {
	tables.types.rentalAgreements.minimum == 1
	r := decide(with_app({"user": {"employments": [], "incomeSources": [{"type": "rental", "rentalUnits": "two"}]}}))
	r.borrower.required.rentalAgreements == 1
}

test_an_educational_loan_statement_is_one_per_omitted_student_loan_at_least_one if {
	tables.types.educationalLoanStatement.minimum == 1
	loan := {"type": "Educational", "omitted": true, "balance": 1000}
	decide(with_app({"liabilities": [loan]})).borrower.required.educationalLoanStatement == 1
	decide(with_app({"liabilities": [loan, loan, loan]})).borrower.required.educationalLoanStatement == 3
}

test_a_student_loan_that_is_not_omitted_asks_no_statement if {
	r := decide(with_app({"liabilities": [{"type": "Educational", "omitted": false}, {"type": "Educational"}]}))
	not r.borrower.required.educationalLoanStatement
}

# --- Spec §5: missing documents, per person ---

test_missing_is_required_minus_uploads_of_that_type if {
	r := decide(with_app({"uploads": [{"type": "paystubs"}, {"type": "paystubs"}, {"type": "w2"}]}))
	r.borrower.missing == {"paystubs": 2, "w2": 1}
}

test_a_type_with_enough_uploads_is_not_missing if {
	uploads := [{"type": t, "isCoborrower": false} | some t in ["paystubs", "paystubs", "paystubs", "paystubs", "paystubs", "w2"]]
	r := decide(with_app({"uploads": uploads}))
	r.borrower.missing == {"w2": 1}
	r.totalMissing == 1
}

test_the_coborrowers_uploads_do_not_count_for_the_borrower if {
	uploads := [{"type": "paystubs", "isCoborrower": true}, {"type": "w2", "isCoborrower": true}]
	r := decide(with_app({"uploads": uploads}))
	r.borrower.missing == {"paystubs": 4, "w2": 2}
}

test_uploads_of_a_type_that_is_not_required_change_nothing if {
	r := decide(with_app({"uploads": [{"type": "trustDocument"}, {"type": "paystubs"}]}))
	r.borrower.required == {"paystubs": 4, "w2": 2}
	r.totalMissing == 5
}

test_bank_statements_appear_in_required_but_never_in_missing if {
	r := decide(with_app({"user": {"employments": [self_employed_scorp]}}))
	r.borrower.required.bankStatements == 3
	not r.borrower.missing.bankStatements
	r.totalRequired == 9
	r.totalMissing == 6
	entry(r, "borrower", "bankStatements").missing == 0
}

test_bank_statements_are_3 if tables.types.bankStatements.count == 3

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
	r.borrower == {"required": {"paystubs": 4, "w2": 2}, "missing": {"paystubs": 3, "w2": 2}}
	r.coborrower.required == {"personalTaxReturns": 2, "businessTaxReturns": 2, "k1": 2, "bankStatements": 3, "alimonyDocument": 1}
	r.coborrower.missing == {"personalTaxReturns": 2, "businessTaxReturns": 2, "k1": 1, "alimonyDocument": 1}
	r.totalRequired == 16
	r.totalMissing == 11
}

# --- Spec §5: flags ---

test_excluded_id_document_counts_in_neither_total_but_stays_listed if {
	doc := json.patch(with_app({"user": {"employments": [salaried_manual], "identityVerificationStatus": "failed"}}), [
		{"op": "replace", "path": "/flags/excludeIdDocument", "value": true},
	])
	r := decide(doc)
	r.borrower.required.idDocument == 1
	r.borrower.missing.idDocument == 1
	r.totalRequired == 6
	r.totalMissing == 5
	entry(r, "borrower", "idDocument").countsInTotal == false
	entry(r, "borrower", "paystubs").countsInTotal == true
}

test_without_flags_everything_counts if {
	doc := json.remove(with_app({"user": {"identityVerificationStatus": "failed"}}), ["flags"])
	decide(doc).totalRequired == 1
}

test_the_flags_name_the_id_document_and_the_educational_loan_statement if {
	tables.exclusionFlags == {"excludeIdDocument": "idDocument", "excludeEducationalLoanStatement": "educationalLoanStatement"}
}

# --- Our ID rule (spec §9 gives the count, 1) ---

test_an_id_document_is_one_per_person_whose_identity_check_did_not_pass if {
	r := decide(with_app({
		"user": {"identityVerificationStatus": "documentUpload"},
		"coborrower": {"identityVerificationStatus": "failed"},
	}))
	r.borrower.required.idDocument == 1
	r.coborrower.required.idDocument == 1
}

test_no_id_document_before_the_identity_check_has_a_result if {
	not decide(with_app({"user": {}})).borrower.required.idDocument
}

# --- Spec §9: labels, categories, subtypes ---

test_w2_labels_name_the_two_previous_calendar_years if {
	e := entry(decide(contract_input), "borrower", "w2")
	e.items == ["W-2 for 2025", "W-2 for 2024"]
	e.label == "W-2s for 2025 and 2024"
}

test_w2_years_follow_today_not_the_clock if {
	doc := json.patch(contract_input, [{"op": "replace", "path": "/today", "value": "2027-01-04"}])
	entry(decide(doc), "borrower", "w2").items == ["W-2 for 2026", "W-2 for 2025"]
}

test_bank_statements_cover_the_last_12_months if {
	tables.types.bankStatements.coversMonths == 12
	e := entry(decide(with_app({"user": {"employments": [self_employed_scorp]}})), "borrower", "bankStatements")
	e.label == "Bank statements covering the last 12 months"
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

test_every_listed_type_has_a_label_a_spec_category_and_its_counts if {
	r := decide(with_app({
		"user": {"employments": [salaried_manual, self_employed_scorp], "incomeSources": [{"type": "rental", "rentalUnits": 2}, {"type": "alimony"}], "identityVerificationStatus": "failed"},
		"property": {"state": "FL"}, "isInTrust": true, "mortgages": [],
		"liabilities": [{"type": "Educational", "omitted": true}],
	}))
	count(r.documents.borrower) == count(r.borrower.required)
	every e in r.documents.borrower {
		e.label != ""
		not contains(e.label, "{")
		e.category in {"APP", "INC", "ASSET", "MISC", "CRED", "DOCS", "PROP"}
		e.required == r.borrower.required[e.type]
		e.missing == object.get(r.borrower.missing, e.type, 0)
		count(e.reasons) > 0
	}
}

test_the_list_follows_the_tables_display_order if {
	r := decide(with_app({"property": {"state": "FL"}, "user": {"employments": [salaried_manual], "identityVerificationStatus": "failed"}}))
	[e.type | some e in r.documents.borrower] == ["idDocument", "paystubs", "w2", "floodInsurance"]
}

test_each_entry_says_why_it_is_asked if {
	e := entry(decide(contract_input), "borrower", "paystubs")
	e.reasons == [{"code": "employmentNotVerified", "message": tables.reasons.employmentNotVerified}]
	e.uploaded == 1
	e.missing == 3
}

test_a_type_asked_for_two_reasons_lists_both if {
	r := decide(with_app({"user": {"employments": [salaried_manual], "incomeSources": [{"type": "bas"}]}}))
	[x.code | some x in entry(r, "borrower", "w2").reasons] == ["basIncome", "employmentNotVerified"]
	r.borrower.required.w2 == 2
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

test_the_spec_counts_are_the_table_counts if {
	{type: def.count | some type, def in tables.types; type in {
		"idDocument", "bankStatements", "paystubs", "w2", "form1099", "businessTaxReturns",
		"k1", "personalTaxReturns", "mostRecentPersonalTaxReturns",
	}} == {
		"idDocument": 1, "bankStatements": 3, "paystubs": 4, "w2": 2, "form1099": 2,
		"businessTaxReturns": 2, "k1": 2, "personalTaxReturns": 2, "mostRecentPersonalTaxReturns": 1,
	}
}

test_single_statement_types_count_1 if {
	every type in {"floodInsurance", "trustDocument", "propertyTaxBill", "solarPanelStatement", "alimonyDocument"} {
		tables.types[type].count == 1
	}
}

test_every_type_named_by_a_trigger_or_flag_is_in_the_table if {
	named := {t |
		some list in array.concat(
			[tables.triggers.employment.notVerified, tables.triggers.selfEmployment.lessThan25Percent],
			array.concat(
				[l | some l in tables.triggers.income],
				[l | some l in tables.triggers.selfEmployment.byStructure],
			),
		)
		some t in list
	}
	flagged := {type | some type in tables.exclusionFlags}
	every type in named | flagged {
		tables.types[type]
	}
}

test_every_reason_code_the_policy_gives_has_a_message if {
	codes := {
		"employmentNotVerified", "selfEmployed", "selfEmployedLessThan25Percent", "identityNotVerified",
		"floodInsuranceState", "propertyInTrust", "noMortgage", "solarLien", "omittedStudentLoan",
	} | {sprintf("%sIncome", [t]) | some t, _ in tables.triggers.income}
	every code in codes {
		tables.reasons[code] != ""
	}
}

# --- Policy contract: always a result, never an error ---

test_an_empty_input_still_gives_a_result if {
	r := decide({})
	r.coborrower == null
	r.borrower.required == {"propertyTaxBill": 1}
	r.totalRequired == 1
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
	decide({"today": "2026-11-22", "application": null}).borrower.required == {"propertyTaxBill": 1}
}

test_without_tables_nothing_is_required if {
	r := documents.requirements with input as contract_input with data.heloc.documents.tables as {}
	r.borrower == {"required": {}, "missing": {}}
	r.totalRequired == 0
}

test_a_malformed_today_still_labels_the_w2 if {
	doc := json.patch(contract_input, [{"op": "replace", "path": "/today", "value": "soon"}])
	r := decide(doc)
	r.borrower.required == {"paystubs": 4, "w2": 2}
	count(entry(r, "borrower", "w2").items) == 2
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
