# Tests for heloc.documents' requirement rules (documents.rego): which
# documents each fact of the application asks, and of whom. The helpers
# (with_app, decide, entry, count_of, ...) are documents_test.rego's.

package heloc.documents_test

import rego.v1

import data.heloc.documents
import data.heloc.documents.tables

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
