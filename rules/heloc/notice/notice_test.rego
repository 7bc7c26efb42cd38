# Tests for heloc.notice.adverse_action (issue 20's contract): a notice only
# for a refusal on verified facts, at most tables.max_reasons reasons ranked
# by weight, each once and specific, the score block whenever a consumer
# report was used, the wording and its version from the table, the
# creditor from the licensing table. The thresholds come from the
# eligibility tables, so that editing a data.yaml alone keeps them green.
package heloc.notice_test

import rego.v1

import data.heloc.eligibility
import data.heloc.licensing
import data.heloc.notice
import data.heloc.notice.tables

limits := data.heloc.eligibility.tables

# An eligible application with room to spare (eligibility's cases' base).
base := data.heloc.eligibility.testcases.base

# The notice as the server asks it: the preview decided on the facts x,
# given as the decision the notice explains (unless x gives one itself).
noticed(x) := n if {
	"decision" in object.keys(x)
	n := notice.adverse_action with input as x
} else := n if {
	p := data.heloc.offer.preview with input as x
	n := notice.adverse_action with input as object.union(x, {"decision": p})
}

notice_for(overrides) := noticed(object.union(base, overrides))

# The primary home's maximum-CLTV row.
primary := [row | some row in limits.max_cltv; row.usage == "primaryResidence"][0]

# A $1,000,000 primary home owing what leaves an available line of line.
owing(line) := {
	"propertyValue": 1000000,
	"mortgageBalance": floor(1000000 * primary.max) - line,
}

# A credit report as the server passes it.
report := {
	"score": limits.credit_score.minimum - 1,
	"scoreRange": {"min": 300, "max": 850},
	"pulledOn": "2026-11-20",
	"keyFactors": ["Serious delinquency", "Too many inquiries", "Short credit history"],
	"bureau": {"name": "Sandbox Credit Bureau", "address": "PO Box 1, Anytown", "phone": "800-555-0100", "website": "https://example.com"},
}

# Five checks failing: three hard stops (the units, a foreclosure or
# bankruptcy, a late payment), the lowest score there is (its shortfall
# weighs (minimum - 300) / minimum), and low equity short by half that
# share of the minimum line, so that the score outweighs the equity
# although the equity comes first in priority.
score_weight := (limits.credit_score.minimum - 300) / limits.credit_score.minimum

five_failing := object.union(owing(limits.line.minimum - ceil((limits.line.minimum * score_weight) / 2)), {
	"propertyUnits": "5+",
	"hasFbm": true,
	"creditScore": 300,
	"mortgages": [{"balance": 1, "latePaymentDays": limits.late_payment.min_days_late, "latePaymentDate": base.today}],
	"creditReport": object.union(report, {"score": 300}),
})

# --- Only a refusal on verified facts is noticed ---

test_a_decline_with_five_failing_checks_gives_four_reasons_ranked_by_weight if {
	count(eligibility.decision.reasons) == 5 with input as object.union(base, five_failing)
	n := notice_for(five_failing)
	n.required == true
	count(n.reasons) == tables.max_reasons
	count(n.reasonCodes) == tables.max_reasons
	n.reasonCodes == array.slice(
		[
			"PROPERTY_TYPE_NOT_ELIGIBLE", "RECENT_FORECLOSURE_BANKRUPTCY_OR_MODIFICATION",
			"RECENT_LATE_MORTGAGE_PAYMENT", "CREDIT_SCORE_BELOW_MINIMUM", "LOW_EQUITY",
		],
		0, tables.max_reasons,
	)
}

# The ranking follows the weights the decision gives, then its order.
test_the_reasons_are_the_decision_s_heaviest_in_its_order if {
	d := eligibility.decision with input as object.union(base, five_failing)
	ranked := sort([[0 - r.weight, i, r.code] | some i, r in d.reasons])
	notice_for(five_failing).reasonCodes == [x[2] | some x in array.slice(ranked, 0, tables.max_reasons)]
}

test_each_reason_is_the_decision_s_adverse_action_words if {
	n := notice_for(five_failing)
	d := eligibility.decision with input as object.union(base, five_failing)
	every i, code in n.reasonCodes {
		some r in d.reasons
		r.code == code
		n.reasons[i] == r.adverseAction
	}
}

test_a_single_reason_is_specific if {
	n := notice_for({"creditScore": report.score, "keyFactors": report.keyFactors, "creditReport": report})
	n.required
	n.reasonCodes == ["CREDIT_SCORE_BELOW_MINIMUM"]
	[words] := n.reasons
	contains(words, format_int(report.score, 10))
	contains(words, format_int(limits.credit_score.minimum, 10))
	contains(words, report.keyFactors[0])
	contains(words, report.keyFactors[1])
}

test_an_eligible_application_needs_no_notice if {
	n := notice_for({"creditReport": object.union(report, {"score": base.creditScore})})
	n.required == false
	n.reasons == []
	n.reasonCodes == []
	n.score == null
}

test_a_decision_not_made_needs_no_notice if {
	every x in [
		object.remove(object.union(base, five_failing), ["propertyValue"]),
		object.union(object.union(base, five_failing), {"propertyValue": null}),
		{},
	] {
		n := noticed(x)
		n.required == false
		n.reasons == []
		n.score == null
	}
}

test_a_self_reported_answer_needs_no_notice if {
	n := notice_for(object.union(five_failing, {"creditSource": "selfReported"}))
	n.required == false
	n.reasons == []
	n.reasonCodes == []
	n.score == null
}

# Each fact each stage needs, missing: no notice, whatever else fails (and
# the preview it reads names no ineligible page).
test_each_required_fact_missing_gives_no_notice if {
	every stage, facts in limits.required_facts {
		every fact in facts {
			x := object.remove(
				object.union(object.union(base, five_failing), {"stage": stage, "propertyUsage": "primaryResidence", "annualIncome": 150000}),
				_absent(fact),
			)
			n := noticed(x)
			n.required == false
			n.reasons == []
			data.heloc.offer.preview.ineligiblePage == null with input as x
		}
	}
}

_absent("mortgageBalance") := ["mortgageBalance", "mortgages"]

_absent("creditScore") := ["creditScore", "creditScores", "creditReport"]

_absent(fact) := [fact] if not fact in {"mortgageBalance", "creditScore"}

# An eligible application that no pricing row prices is refused by the
# offer: that refusal is noticed too.
test_a_refusal_for_want_of_a_pricing_row_is_noticed if {
	n := notice_for({"creditReport": object.union(report, {"score": base.creditScore})}) with data.heloc.offer.tables.pricing_grid as []
	n.required == true
	"NO_PRICING_ROW" in n.reasonCodes
	count(n.reasons) == count(n.reasonCodes)
	every words in n.reasons {
		count(words) > 0
	}
	n.score.value == base.creditScore
}

# The preview's own outcome, when it gives one, decides; reasons without a
# weight keep their order; the same words are given once.
test_the_preview_s_outcome_decides_and_the_same_words_are_given_once if {
	preview := {
		"eligible": false,
		"outcome": "ineligible",
		"reasons": [
			{"code": "A", "message": "a", "adverseAction": "Same words"},
			{"code": "B", "message": "b", "adverseAction": "Same words"},
			{"code": "C", "message": "c", "adverseAction": null},
		],
	}
	n := notice_for({"decision": preview})
	n.required
	n.reasonCodes == ["A", "C"]
	n.reasons == ["Same words", "c"]
	m := notice_for({"decision": object.union(preview, {"outcome": "mayNotQualify"})})
	m.required == false
}

test_at_most_the_table_s_number_of_reasons if {
	preview := {"eligible": false, "outcome": "ineligible", "reasons": [{"code": sprintf("R%d", [i]), "adverseAction": sprintf("Reason %d", [i]), "weight": i} | some i in numbers.range(1, 9)]}
	n := notice_for({"decision": preview})
	n.reasonCodes == [sprintf("R%d", [i]) | some i in numbers.range(9, 10 - tables.max_reasons)]
	m := notice_for({"decision": preview}) with data.heloc.notice.tables.max_reasons as 2
	m.reasonCodes == ["R9", "R8"]
}

# --- The score block (FCRA §615(a); Reg B 1002.9(b)(2)) ---

test_a_refusal_on_a_consumer_report_carries_the_score_block if {
	n := notice_for({"creditScore": report.score, "creditReport": report})
	n.score == {
		"value": report.score,
		"range": report.scoreRange,
		"date": report.pulledOn,
		"keyFactors": report.keyFactors,
		"bureau": report.bureau,
	}
}

# A refusal for the equity rests on the report's mortgage balances: the
# block is there.
test_the_score_block_is_there_for_a_reason_that_rests_on_the_report if {
	not "LOW_EQUITY" in tables.reasons_not_from_the_report
	n := notice_for(object.union(owing(0), {"creditReport": object.union(report, {"score": base.creditScore})}))
	n.reasonCodes == ["LOW_EQUITY"]
	n.score.value == base.creditScore
}

# A refusal for the home's type alone was not based on the report, though
# one was pulled: no score block, so the notice does not say it was.
test_no_score_block_for_a_refusal_that_does_not_rest_on_the_report if {
	"PROPERTY_TYPE_NOT_ELIGIBLE" in tables.reasons_not_from_the_report
	n := notice_for({"propertyType": "manufactured", "propertyUnits": 1, "creditReport": object.union(report, {"score": base.creditScore})})
	n.required
	n.reasonCodes == ["PROPERTY_TYPE_NOT_ELIGIBLE"]
	n.score == null
}

# With a reason that rests on the report beside it, the block is there.
test_the_score_block_is_there_when_any_reason_rests_on_the_report if {
	n := notice_for(object.union(owing(0), {"propertyType": "manufactured", "propertyUnits": 1, "creditReport": object.union(report, {"score": base.creditScore})}))
	{"PROPERTY_TYPE_NOT_ELIGIBLE", "LOW_EQUITY"} == {c | some c in n.reasonCodes}
	n.score.value == base.creditScore
}

# An underwriter's decline (reasons the table does not name, Form C-1's)
# rests on the file they reviewed: the block is there.
test_an_underwriter_s_reasons_bring_the_score_block if {
	decline := {"outcome": "ineligible", "reasons": [{"code": "C1_INCOME_INSUFFICIENT", "adverseAction": "Income insufficient for amount of credit requested", "weight": 1}]}
	n := notice_for({"decision": decline, "creditReport": object.union(report, {"score": base.creditScore})})
	n.reasonCodes == ["C1_INCOME_INSUFFICIENT"]
	n.score.value == base.creditScore
}

# The table decides: without the type in it, a decline for the type alone
# brings the block.
test_the_table_names_the_reasons_that_do_not_rest_on_the_report if {
	n := notice_for({"propertyType": "manufactured", "propertyUnits": 1, "creditReport": object.union(report, {"score": base.creditScore})}) with data.heloc.notice.tables.reasons_not_from_the_report as []
	n.score.value == base.creditScore
}

test_a_thin_file_s_block_has_no_score if {
	n := notice_for({"creditScores": {"borrower": null}, "creditReport": object.union(report, {"score": null, "keyFactors": []})})
	n.reasonCodes == ["NO_CREDIT_SCORE"]
	n.score.value == null
}

test_without_a_consumer_report_there_is_no_score_block if {
	n := notice_for(owing(0))
	n.required
	n.score == null
}

# --- The words, the version, the date, the creditor ---

test_the_wording_and_its_version_are_the_table_s if {
	n := notice_for(owing(0))
	n.version == tables.version
	n.wording == tables.wording
	n.date == base.today
	every field in ["heading", "decision", "reasonsHeading", "scoreHeading", "scoreIntro", "noScore", "keyFactorsHeading", "fcraHeading", "ecoaHeading", "ecoa", "ecoaAgency"] {
		count(n.wording[field]) > 0
	}
	count(n.wording.fcra) >= 4
	count(n.wording.agency) >= 1
}

test_the_creditor_is_the_licensing_table_s if {
	n := notice_for(owing(0))
	n.creditor == {
		"name": data.heloc.licensing.tables.company.name,
		"address": data.heloc.licensing.tables.company.address,
		"nmlsId": data.heloc.licensing.tables.company.nmlsId,
	}
	n.creditor == licensing.company
}

test_a_notice_not_required_still_has_its_words if {
	n := notice_for({})
	n.required == false
	n.version == tables.version
	n.wording == tables.wording
}

# --- Always a result, never a runtime error ---

test_odd_inputs_still_get_a_result if {
	every x in [
		{},
		{"creditReport": "none", "keyFactors": 7},
		{"creditReport": {"score": "x"}, "propertyValue": 500000, "creditScore": 500, "mortgageBalance": 0},
		object.union(base, {"creditReport": {}, "creditScore": 500}),
	] {
		n := notice.adverse_action with input as x
		is_boolean(n.required)
		is_array(n.reasons)
	}
}

test_without_its_tables_no_notice_is_required if {
	n := notice_for(owing(0)) with data.heloc.notice.tables as {}
	n.required == false
	n.wording == null
}

# --- The decision it explains: input.decision ---

# Without the decision it explains there is nothing to explain: the facts
# alone, failing five checks or eligible, are not decided again here and
# need no notice.
test_without_a_decision_no_notice_is_required if {
	every x in [
		object.union(base, five_failing),
		object.union(base, {"creditReport": object.union(report, {"score": base.creditScore})}),
	] {
		n := notice.adverse_action with input as x
		n.required == false
		n.reasons == []
		n.score == null
	}
}

# The notice explains the decision it is given, not one of its own: a
# refusal given on facts that would be eligible is noticed with the
# refusal's reasons, and an offer given on failing facts needs no notice.
test_the_notice_explains_the_decision_given if {
	refusal := data.heloc.offer.preview with input as object.union(base, five_failing)
	n := notice_for({"decision": refusal, "creditReport": report})
	n.required
	n.reasonCodes == notice_for(five_failing).reasonCodes

	offer := data.heloc.offer.preview with input as base
	m := notice_for(object.union(five_failing, {"decision": offer}))
	m.required == false
	m.reasons == []
}

# A decision that is not an object refuses nobody (a preview of {}: no
# outcome, no notice), and the facts are not decided again.
test_a_decision_not_an_object_needs_no_notice if {
	every d in [null, "eligible", 7] {
		n := notice_for(object.union(five_failing, {"decision": d}))
		n.required == false
		n.reasons == []
	}
}
