# Tests for heloc.documents' counts (counts.rego): what is missing per
# person after their uploads, the coborrower's own result, and the flags
# that leave types out of the totals.

package heloc.documents_test

import rego.v1

import data.heloc.documents.tables

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
