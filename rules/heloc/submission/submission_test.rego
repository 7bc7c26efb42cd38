# Tests for heloc.submission: each blocker of submission.readiness, its
# words and field from the table, and the order they are told in.
package heloc.submission_test

import rego.v1

import data.heloc.funnel.order
import data.heloc.submission
import data.heloc.submission.tables

_row(code) := [r | some r in tables.blockers; r.code == code][0]

_signed := [{"id": "eConsent", "signed": true}, {"id": "agreement", "signed": true}]

# Everything a submission needs, for a borrower alone.
_ready := {
	"applicationStatus": tables.reachedStep,
	"resumePage": null,
	"applicationStarted": true,
	"sections": {"disbursement": true},
	"documents": {"totalMissing": 0, "missing": []},
	"people": [{"party": "borrower", "identity": "passed", "disclosures": _signed}],
	"lineToSign": true,
}

_readiness(facts) := r if {
	r := submission.readiness with input as facts
}

test_everything_saved_signed_and_verified_is_ready if {
	_readiness(_ready) == {"ready": true, "blockers": []}
}

test_a_check_left_for_review_does_not_block if {
	r := _readiness(json.patch(_ready, [{"op": "replace", "path": "/people/0/identity", "value": "review"}]))
	r.ready
}

test_a_status_before_the_reached_step_is_told_alone if {
	before := [s | some s, n in order; n < order[tables.reachedStep]][0]
	r := _readiness(object.union(_ready, {"applicationStatus": before, "sections": {"disbursement": false}}))
	not r.ready
	r.blockers == [{
		"code": "APPLICATION_INCOMPLETE", "field": "applicationStatus", "page": null,
		"message": _row("APPLICATION_INCOMPLETE").message,
	}]
}

test_the_incomplete_message_names_the_page_to_go_on_from if {
	r := _readiness(object.union(_ready, {"applicationStatus": "application", "resumePage": "Income documents"}))
	r.blockers[0].message == replace(_row("APPLICATION_INCOMPLETE").messageWithPage, "{resumePage}", "Income documents")
	contains(r.blockers[0].message, "“Income documents”")
}

test_an_unknown_status_is_incomplete if {
	r := _readiness(object.union(_ready, {"applicationStatus": "nonsense"}))
	[b.code | some b in r.blockers] == ["APPLICATION_INCOMPLETE"]
}

test_an_application_never_saved_is_told_alone if {
	r := _readiness({"applicationStatus": tables.reachedStep, "applicationStarted": false})
	r.blockers == [{
		"code": "APPLICATION_NOT_STARTED", "field": "applicationStatus", "page": _row("APPLICATION_NOT_STARTED").page,
		"message": "Fill in your application before you submit it.",
	}]
}

test_no_disbursement_blocks if {
	r := _readiness(object.union(_ready, {"sections": {"disbursement": false}}))
	r.blockers == [{
		"code": "DISBURSEMENT_MISSING", "field": "disbursement", "page": "/app/application/loan-disbursement",
		"message": "Tell us where to send your funds on the loan disbursement page.",
	}]
}

test_one_missing_document_is_named if {
	r := _readiness(object.union(_ready, {"documents": {"totalMissing": 1, "missing": [{"party": "borrower", "label": "paystubs", "missing": 1}]}}))
	r.blockers == [{
		"code": "DOCUMENTS_MISSING", "field": "documents", "page": _row("DOCUMENTS_MISSING").page,
		"message": "Upload the document still missing: paystubs (1).",
	}]
}

test_several_missing_documents_are_counted_and_the_coborrowers_named_theirs if {
	docs := {"totalMissing": 3, "missing": [
		{"party": "borrower", "label": "paystubs", "missing": 2},
		{"party": "coborrower", "label": "W-2s", "missing": 1},
	]}
	r := _readiness(object.union(_ready, {"documents": docs}))
	r.blockers[0].message == "Upload the 3 documents still missing: paystubs (2), your coborrower’s W-2s (1)."
}

test_missing_documents_without_a_list_are_counted if {
	r := _readiness(object.union(_ready, {"documents": {"totalMissing": 2}}))
	r.blockers[0].message == "Upload the 2 documents still missing."
}

test_no_id_check_blocks_with_the_persons_field if {
	facts := json.patch(_ready, [{"op": "add", "path": "/people/-", "value": {"party": "coborrower", "identity": null, "disclosures": _signed}}])
	r := _readiness(facts)
	r.blockers == [{
		"code": "IDENTITY_NOT_VERIFIED", "field": "identity.coborrower", "page": _row("IDENTITY_NOT_VERIFIED").page,
		"message": "Verify your coborrower’s identity with a photo ID.",
	}]
}

test_a_failed_id_check_blocks if {
	r := _readiness(json.patch(_ready, [{"op": "replace", "path": "/people/0/identity", "value": "failed"}]))
	r.blockers == [{
		"code": "IDENTITY_FAILED", "field": "identity.borrower", "page": _row("IDENTITY_FAILED").page,
		"message": "The check of your ID did not pass: try again with another ID.",
	}]
}

test_a_persons_identity_blockers_come_in_the_order_of_the_people if {
	facts := object.union(_ready, {"people": [
		{"party": "borrower", "identity": "failed", "disclosures": _signed},
		{"party": "coborrower", "identity": null, "disclosures": _signed},
	]})
	[b.field | some b in _readiness(facts).blockers] == ["identity.borrower", "identity.coborrower"]
}

test_an_unsigned_disclosure_blocks if {
	r := _readiness(json.patch(_ready, [{"op": "replace", "path": "/people/0/disclosures/1/signed", "value": false}]))
	r.blockers == [{
		"code": "DISCLOSURES_NOT_SIGNED", "field": "disclosures", "page": "/app/application/sign",
		"message": "Read and sign your disclosures on the disclosures page.",
	}]
}

test_a_coborrower_who_has_not_signed_blocks if {
	facts := json.patch(_ready, [{"op": "add", "path": "/people/-", "value": {"party": "coborrower", "identity": "passed", "disclosures": [{"id": "eConsent", "signed": false}]}}])
	[b.code | some b in _readiness(facts).blockers] == ["DISCLOSURES_NOT_SIGNED"]
}

test_a_person_without_a_disclosures_list_signs_nothing if {
	facts := json.patch(_ready, [{"op": "add", "path": "/people/-", "value": {"party": "coborrower", "identity": "passed"}}])
	_readiness(facts).ready
}

test_no_one_signing_blocks if {
	facts := object.union(_ready, {"people": [{"party": "borrower", "identity": "passed"}]})
	[b.code | some b in _readiness(facts).blockers] == ["DISCLOSURES_NOT_SIGNED"]
}

test_no_line_to_sign_blocks_instead_of_the_signatures if {
	r := _readiness(object.union(_ready, {"lineToSign": false, "people": [{"party": "borrower", "identity": "passed", "disclosures": []}]}))
	[b.code | some b in r.blockers] == ["NO_LINE_TO_SIGN"]
}

test_missing_facts_are_not_ready if {
	r := _readiness({"applicationStatus": tables.reachedStep, "applicationStarted": true})
	not r.ready
	[b.code | some b in r.blockers] == ["DISBURSEMENT_MISSING", "NO_LINE_TO_SIGN"]
}

test_every_blocker_is_told_in_the_tables_order if {
	facts := {
		"applicationStatus": tables.reachedStep,
		"applicationStarted": true,
		"sections": {"disbursement": false},
		"documents": {"totalMissing": 1, "missing": [{"party": "borrower", "label": "paystubs", "missing": 1}]},
		"people": [{"party": "borrower", "identity": null, "disclosures": [{"id": "eConsent", "signed": false}]}],
		"lineToSign": true,
	}
	[b.field | some b in _readiness(facts).blockers] == ["disbursement", "documents", "identity.borrower", "disclosures"]
}

# (That a code has one row at most is the table's declared hit policy.)
test_every_code_the_policy_gives_has_a_row if {
	codes := {r.code | some r in tables.blockers}
	every c in {
		"APPLICATION_INCOMPLETE", "APPLICATION_NOT_STARTED", "DISBURSEMENT_MISSING", "DOCUMENTS_MISSING",
		"IDENTITY_NOT_VERIFIED", "IDENTITY_FAILED", "NO_LINE_TO_SIGN", "DISCLOSURES_NOT_SIGNED",
		"COBORROWER_WAITING",
	} {
		c in codes
	}
}

test_changing_a_message_in_the_table_changes_the_blocker if {
	rows := [object.union(r, {"message": "Add your bank account."}) |
		some r in tables.blockers
		r.code == "DISBURSEMENT_MISSING"
	]
	others := [r | some r in tables.blockers; r.code != "DISBURSEMENT_MISSING"]
	facts := json.patch(_ready, [{"op": "replace", "path": "/sections/disbursement", "value": false}])
	r := submission.readiness with input as facts
		with data.heloc.submission.tables.blockers as array.concat(rows, others)
	r.blockers[0].message == "Add your bank account."
}

# A coborrower, with what they gave in their own session.
_with_coborrower(own) := json.patch(_ready, [{"op": "add", "path": "/people/-", "value": {
	"party": "coborrower", "name": "Amara Okafor", "identity": "passed", "disclosures": _signed,
	"ownAnswers": own,
}}])

test_a_coborrower_who_gave_everything_does_not_block if {
	r := _readiness(_with_coborrower({"creditAuthorization": true, "declarations": true, "demographics": true}))
	r.ready
}

test_submission_waits_for_the_coborrower_and_names_what_is_theirs_to_give if {
	r := _readiness(_with_coborrower({"creditAuthorization": true, "declarations": false, "demographics": false}))
	not r.ready
	[b.code | some b in r.blockers] == ["COBORROWER_WAITING"]
	r.blockers[0].field == "coborrower"
	contains(r.blockers[0].message, "Amara Okafor")
	contains(r.blockers[0].message, "their declarations, their demographic information")
	not contains(r.blockers[0].message, "credit check")
}

test_a_coborrower_who_never_signed_in_is_waited_for_and_has_not_signed if {
	facts := json.patch(_with_coborrower({"creditAuthorization": false, "declarations": false, "demographics": false}), [
		{"op": "replace", "path": "/people/1/disclosures", "value": [{"id": "eConsent", "signed": false}]},
	])
	codes := [b.code | some b in _readiness(facts).blockers]
	"COBORROWER_WAITING" in codes
	"DISCLOSURES_NOT_SIGNED" in codes
}

test_the_borrower_alone_is_never_waited_for if {
	r := _readiness(_ready)
	not "COBORROWER_WAITING" in [b.code | some b in r.blockers]
}
