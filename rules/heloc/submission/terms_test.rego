# Tests for heloc.submission.terms: whether the terms the borrower chose
# still stand when the application's figures are decided again, and the
# words of each change (tables.termsChanged).
package heloc.submission_test

import rego.v1

import data.heloc.submission
import data.heloc.submission.tables

_eligible := {"eligible": true, "outcome": "eligible", "reasons": [], "missing": []}

_offer(line, apr) := {"eligible": true, "maxLine": 410500, "line": line, "apr": apr, "reasons": []}

_chosen := {"line": 150000, "apr": 8.25}

_terms(eligibility, offer) := t if {
	t := submission.terms with input as {"eligibility": eligibility, "offer": offer, "chosen": _chosen}
}

test_the_same_terms_stand if _terms(_eligible, _offer(150000, 8.25)) == {"change": "none", "message": null, "reasons": []}

test_a_lower_apr_is_no_change_to_tell if _terms(_eligible, _offer(150000, 8)).change == "none"

test_a_higher_line_is_no_change_to_tell if _terms(_eligible, _offer(160000, 8.25)).change == "none"

test_a_lower_line_names_both_amounts if {
	t := _terms(_eligible, _offer(120000, 8.25))
	t.change == "lowerLine"
	contains(t.message, "the most we can offer is $120,000, less than the $150,000 you chose")
}

test_a_higher_apr_names_both_with_two_decimals if {
	t := _terms(_eligible, _offer(150000, 8.5))
	t.change == "higherApr"
	contains(t.message, "the APR is 8.50%, above the 8.25% you were shown")
}

test_an_apr_a_hundredth_higher_is_told if {
	t := _terms(_eligible, _offer(150000, 8.26))
	contains(t.message, "8.26%")
}

test_an_offer_without_a_line_is_read_at_its_maximum if {
	_terms(_eligible, {"eligible": true, "maxLine": 150000, "apr": 8.25, "reasons": []}).change == "none"
	_terms(_eligible, {"eligible": true, "maxLine": 100000, "apr": 8.25, "reasons": []}).change == "lowerLine"
}

test_a_decline_gives_its_reasons_own_words if {
	reason := {"code": "PROPERTY_TYPE_NOT_ELIGIBLE", "message": "We lend on homes of 1 to 4 units.", "page": null}
	t := _terms({"eligible": false, "outcome": "ineligible", "reasons": [reason], "missing": []}, _offer(0, 0))
	t.change == "declined"
	t.message == tables.termsChanged.declined
	t.reasons == [{"code": reason.code, "message": reason.message}]
}

test_an_offer_its_own_rules_refuse_is_a_decline_with_the_offer_s_reasons if {
	offer := {"eligible": false, "maxLine": 0, "line": 0, "apr": 0, "reasons": [{"code": "DTI_TOO_HIGH", "message": "Your debts are too high for your income."}]}
	t := _terms(_eligible, offer)
	t.change == "declined"
	[r.code | some r in t.reasons] == ["DTI_TOO_HIGH"]
}

test_a_missing_fact_is_named_by_its_label_and_is_no_decline if {
	e := {"eligible": false, "outcome": "notDecided", "reasons": [{"code": "NOT_DECIDED", "message": "x"}], "missing": [{"fact": "annualIncome", "label": "Your annual income", "page": "credit-income"}]}
	t := _terms(e, _offer(0, 0))
	t.change == "notDecided"
	contains(t.message, "we need: Your annual income.")
	t.reasons == []
}

# The words are the table's: compliance edits them without touching Rego.
test_the_words_are_the_table_s if {
	t := _terms(_eligible, _offer(120000, 8.25)) with data.heloc.submission.tables.termsChanged.lowerLine as "Now {line} (was {chosenLine})."
	t.message == "Now $120,000 (was $150,000)."
}
