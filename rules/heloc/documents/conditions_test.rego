# Tests for the documents of underwriting conditions (conditions.rego).

package heloc.documents_test

import rego.v1

import data.heloc.documents.tables

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
