# Tests for the /prequal path's knockout: "listed for sale" is decided by
# the rules (design/screens.md "listed-for-sale": a yes is ineligible), at
# the knockout stage before anything else is known, and again with every
# other fact at the preview.
package heloc.eligibility_knockout_test

import rego.v1

import data.heloc.eligibility
import data.heloc.eligibility.tables
import data.heloc.eligibility.testcases

knockout(answers) := d if {
	d := eligibility.decision with input as object.union({"stage": "knockout", "today": "2026-11-29"}, answers)
}

codes(d) := [r.code | some r in d.reasons]

test_a_home_listed_for_sale_is_refused_at_once if {
	d := knockout({"listedForSale": true})
	d.outcome == "ineligible"
	d.eligible == false
	codes(d) == ["LISTED_FOR_SALE"]
	d.reasons[0].rule == tables.listed_for_sale.id
	contains(d.reasons[0].message, sprintf("%d months", [tables.listed_for_sale.months]))
	startswith(d.reasons[0].adverseAction, "Value or type of collateral not sufficient: ")
}

# Nothing but the answer is known yet: no value is no low equity, no
# score is no thin file.
test_a_home_not_listed_goes_on_though_nothing_else_is_known if {
	d := knockout({"listedForSale": false})
	d.outcome == "eligible"
	d.reasons == []
	d.missing == []
}

test_no_answer_is_not_decided_never_a_decline if {
	d := knockout({})
	d.outcome == "notDecided"
	d.eligible == false
	d.ineligiblePage == null
	[m] := d.missing
	m.fact == "listedForSale"
	m.page == "listed-for-sale"
	d.reasons[0].code == "NOT_DECIDED"
	d.reasons[0].adverseAction == null
}

test_a_null_answer_is_not_decided if {
	knockout({"listedForSale": null}).outcome == "notDecided"
}

# The has-fbm answer, asked on the same path, refuses at the same stage.
test_a_foreclosure_bankruptcy_or_modification_refuses_at_the_knockout_too if {
	d := knockout({"listedForSale": false, "hasFbm": true})
	codes(d) == ["RECENT_FORECLOSURE_BANKRUPTCY_OR_MODIFICATION"]
	d.outcome == "ineligible"
}

test_listed_for_sale_comes_before_every_other_reason if {
	d := knockout({"listedForSale": true, "hasFbm": true})
	codes(d) == ["LISTED_FOR_SALE", "RECENT_FORECLOSURE_BANKRUPTCY_OR_MODIFICATION"]
}

# At the preview, with every fact, the answer still refuses, and first.
test_the_preview_refuses_a_home_listed_for_sale if {
	d := eligibility.decision with input as object.union(testcases.base, {"listedForSale": true})
	d.outcome == "ineligible"
	codes(d) == ["LISTED_FOR_SALE"]
	d.ineligiblePage == "low-equity"
	eligibility.decision.eligible with input as object.union(testcases.base, {"listedForSale": false})
	eligibility.decision.eligible with input as testcases.base
}

# A self-reported estimate never declines: it may not qualify.
test_an_estimate_of_a_home_listed_for_sale_may_not_qualify if {
	d := eligibility.decision with input as object.union(testcases.base, {"listedForSale": true, "creditSource": "selfReported"})
	d.outcome == "mayNotQualify"
	d.ineligiblePage == null
	d.reasons[0].code == "LISTED_FOR_SALE"
	d.reasons[0].adverseAction == null
}

# The knockout is never settled by a credit report (there is none yet).
test_a_knockout_refusal_is_not_settled_by_the_report if {
	d := knockout({"listedForSale": true})
	d.settled == false
}
