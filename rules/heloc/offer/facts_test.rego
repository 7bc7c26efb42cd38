# Tests for heloc.offer.preview on missing facts (issue 20, "Done when": a
# Rego test per entrypoint with each required fact missing): whatever else
# would refuse, an input without a fact its stage requires
# (eligibility's tables.required_facts) gives no offer and no refusal: the
# outcome notDecided, the fact named, no reason with adverse-action words.
package heloc.offer_test

import rego.v1

import data.heloc.eligibility
import data.heloc.offer

# Every fact any stage needs, with a score below the minimum, a home owed
# past its value and debts above any DTI maximum: refused on every count
# once nothing is missing.
_known_and_wrong := object.union(base, {
	"creditScore": eligibility.tables.credit_score.minimum - 1,
	"propertyValue": 300000,
	"mortgageBalance": 400000,
	"mortgages": [{"balance": 400000, "latePaymentDays": 0, "latePaymentDate": null}],
	"propertyUsage": "primaryResidence",
	"propertyType": "singleFamily",
	"hasFbm": false,
	"annualIncome": 12000,
	"monthlyDebts": 5000,
})

_absent("mortgageBalance") := ["mortgageBalance", "mortgages"]

_absent("creditScore") := ["creditScore", "creditScores"]

_absent("annualIncome") := ["annualIncome", "incomes"]

_absent(fact) := [fact] if not fact in {"mortgageBalance", "creditScore", "annualIncome"}

test_the_facts_refuse_when_none_is_missing if {
	o := offer.preview with input as object.union(_known_and_wrong, {"stage": "submission"})
	o.outcome == "ineligible"
}

test_each_required_fact_missing_at_each_stage_gives_no_offer_and_no_refusal if {
	every stage, facts in eligibility.tables.required_facts {
		every fact in facts {
			x := object.remove(object.union(_known_and_wrong, {"stage": stage}), _absent(fact))
			o := offer.preview with input as x
			o.outcome == "notDecided"
			o.eligible == false
			o.ineligiblePage == null
			every r in o.reasons {
				r.adverseAction == null
			}
			fact in {m.fact | some m in o.missing}
		}
	}
}

# Income is not a fact the preview stage requires: without it the DTI
# rule does not run, and refuses nobody.
test_without_an_income_at_the_preview_the_dti_rule_refuses_nobody if {
	o := offer_for({"stage": "preview", "monthlyDebts": 50000, "annualIncome": null})
	o.eligible == true
	not "DTI_TOO_HIGH" in {r.code | some r in o.reasons}
}
