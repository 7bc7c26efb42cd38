# Tests for the facts heloc.eligibility.decision takes (issue 20's contract
# "Facts"): which score is used, which mortgages count, the value used, the
# facts each stage needs (a missing one is never a decline), an estimate on
# self-reported answers (never a decline, never a figure the borrower did
# not give), and each reason's weight. The thresholds and the lists of
# facts come from the tables, so that editing tables/data.yaml alone keeps
# them green. The helpers (base, decide, codes, owing, late,
# everything_wrong) are eligibility_test.rego's.
package heloc.eligibility_test

import rego.v1

import data.heloc.eligibility
import data.heloc.eligibility.tables

# --- The score used: the lowest of the file's (tables.credit_score.use) ---

test_the_lowest_of_the_borrower_s_and_the_coborrower_s_scores_is_used if {
	low := tables.credit_score.minimum - 1
	high := tables.credit_score.minimum + 50
	d := decide({"creditScores": {"borrower": high, "coborrower": low}}) with data.heloc.eligibility.tables.credit_score.use as "lowest"
	d.creditScoreUsed == low
	d.scoreOf == "coborrower"
	codes(d) == ["CREDIT_SCORE_BELOW_MINIMUM"]
	e := decide({"creditScores": {"borrower": low, "coborrower": high}}) with data.heloc.eligibility.tables.credit_score.use as "lowest"
	e.scoreOf == "borrower"
}

# The table's choice decides which score is used.
test_the_score_used_is_the_one_the_table_says if {
	low := tables.credit_score.minimum - 1
	high := tables.credit_score.minimum + 50
	d := decide({"creditScores": {"borrower": high, "coborrower": low}})
	d.creditScoreUsed == {"lowest": low, "highest": high}[tables.credit_score.use]
}

test_creditscores_wins_over_the_older_creditscore if {
	d := decide({"creditScore": tables.credit_score.minimum - 1, "creditScores": {"borrower": tables.credit_score.minimum}})
	d.eligible
	d.creditScoreUsed == tables.credit_score.minimum
}

test_without_creditscores_creditscore_is_the_borrower_s if {
	d := decide({})
	d.creditScoreUsed == base.creditScore
	d.scoreOf == "borrower"
}

# A coborrower the bureau gave no score adds none: the borrower's decides.
test_a_person_without_a_score_adds_none if {
	d := decide({"creditScores": {"borrower": tables.credit_score.minimum, "coborrower": null}})
	d.eligible
	d.scoreOf == "borrower"
}

test_which_score_is_used_is_data_that_compliance_edits if {
	low := tables.credit_score.minimum - 1
	high := tables.credit_score.minimum + 50
	d := decide({"creditScores": {"borrower": low, "coborrower": high}}) with data.heloc.eligibility.tables.credit_score.use as "highest"
	d.creditScoreUsed == high
	d.scoreOf == "coborrower"
	d.eligible
}

# --- The liens that count ---

test_a_bureau_mortgage_the_borrower_disowns_does_not_count if {
	d := eligibility.decision with input as object.remove(
		object.union(base, {"mortgages": [
			{"balance": 200000, "source": "bureau", "confirmed": true},
			{"balance": 999999, "source": "bureau", "confirmed": false, "latePaymentDays": 90, "latePaymentDate": "2026-10-01"},
		]}),
		["mortgageBalance"],
	)
	d.eligible
	d.mortgageBalanceUsed == 200000
}

test_a_bureau_mortgage_not_yet_confirmed_counts if {
	x := object.remove(
		object.union(base, {"mortgages": [
			{"balance": 150000, "source": "bureau", "confirmed": null},
			{"balance": 50000, "source": "bureau"},
		]}),
		["mortgageBalance"],
	)
	d := eligibility.decision with input as x
	d.mortgageBalanceUsed == 200000
}

test_a_mortgage_the_borrower_added_counts if {
	x := object.remove(
		object.union(base, {"mortgages": [
			{"balance": 150000, "source": "bureau", "confirmed": true},
			{"balance": 60000, "source": "borrower", "confirmed": false},
		]}),
		["mortgageBalance"],
	)
	d := eligibility.decision with input as x
	d.mortgageBalanceUsed == 210000
}

test_a_late_payment_on_a_disowned_mortgage_does_not_count if {
	d := decide({"mortgages": [{"balance": 200000, "source": "bureau", "confirmed": false, "latePaymentDays": tables.late_payment.min_days_late, "latePaymentDate": base.today}]})
	d.eligible
}

test_mortgagebalance_when_given_is_the_sum_of_the_liens if {
	d := decide({"mortgageBalance": 123456, "mortgages": []})
	d.mortgageBalanceUsed == 123456
}

# --- Missing facts are not a decline (tables.required_facts) ---

# An input that holds every fact any stage needs and fails every check.
everything_known_and_wrong := object.union(everything_wrong, {
	"propertyUsage": "primaryResidence",
	"propertyType": "singleFamily",
	"annualIncome": 150000,
	"hasFbm": true,
})

# Each required fact of each stage, taken out (or null), leaves the
# decision not made, whatever else fails: no page, no adverse action, the
# fact named with its label and page, and one NOT_DECIDED reason.
test_each_required_fact_missing_at_each_stage_is_not_decided_never_a_decline if {
	every stage, facts in tables.required_facts {
		every fact in facts {
			every x in _without(fact, stage) {
				d := eligibility.decision with input as x
				_not_decided_for(d, fact, stage)
			}
		}
	}
}

# The input without fact: taken out, and (but for the score, whose null is
# a thin file, a fact tested above) given as null.
_without(fact, stage) := [object.remove(object.union(everything_known_and_wrong, {"stage": stage}), _absent(fact))] if {
	fact == "creditScore"
} else := [
	object.remove(object.union(everything_known_and_wrong, {"stage": stage}), _absent(fact)),
	object.union(object.remove(everything_known_and_wrong, _absent(fact)), {"stage": stage, fact: null}),
]

# What taking a fact out of the input means: the liens are known from
# mortgageBalance or the mortgages, the score from creditScore or
# creditScores.
_absent("mortgageBalance") := ["mortgageBalance", "mortgages"]

_absent("creditScore") := ["creditScore", "creditScores"]

_absent(fact) := [fact] if not fact in {"mortgageBalance", "creditScore"}

_not_decided_for(d, fact, stage) if {
	d.outcome == "notDecided"
	d.eligible == false
	d.ineligiblePage == null
	[r] := d.reasons
	r.code == "NOT_DECIDED"
	r.adverseAction == null
	r.page == null
	some m in d.missing
	m.fact == fact
	m.label == tables.facts[fact].label
	m.page == object.get(tables.facts[fact], ["pages", stage], tables.facts[fact].page)
	contains(lower(r.message), lower(tables.facts[fact].label))
}

# The same for an estimate on self-reported answers.
test_each_required_fact_missing_on_an_estimate_is_not_decided if {
	every fact in tables.required_facts.estimate {
		x := object.remove(object.union(everything_known_and_wrong, {"creditSource": "selfReported"}), _absent(fact))
		d := eligibility.decision with input as x
		_not_decided_for(d, fact, "estimate")
	}
}

# A home's value of null, absent or 0 is not known: never a low-equity
# refusal (the server used to send 0 for an unanswered value).
test_an_unknown_home_value_is_missing_not_low_equity if {
	every x in [
		object.remove(base, ["propertyValue"]),
		object.union(base, {"propertyValue": null}),
		object.union(base, {"propertyValue": 0}),
	] {
		d := eligibility.decision with input as x
		d.outcome == "notDecided"
		d.propertyValueUsed == null
		[m] := d.missing
		m.fact == "propertyValue"
		m.page == tables.facts.propertyValue.page
	}
}

# The stage defaults: an estimate for a self-reported answer, a preview
# otherwise; a stage the table does not know is the default one.
test_the_stage_defaults_to_estimate_for_self_reported_answers_and_preview_otherwise if {
	eligibility.stage == "estimate" with input as {"creditSource": "selfReported"}
	eligibility.stage == "preview" with input as {}
	eligibility.stage == "preview" with input as {"stage": "nonsense"}
	eligibility.stage == "submission" with input as {"stage": "submission"}
}

test_the_missing_reason_names_every_missing_fact if {
	d := eligibility.decision with input as {}
	every m in d.missing {
		contains(d.reasons[0].message, eligibility._lower_first(m.label))
	}
}

# --- Self-reported answers never decline ---

# The score the poor band's estimate assumes, as a self-reported answer.
poor := [r | some r in tables.credit_ranges; r.max < tables.credit_score.minimum][0]

test_a_self_reported_answer_that_fails_may_not_qualify_and_is_never_a_decline if {
	d := decide(object.union(everything_wrong, {"creditSource": "selfReported"}))
	d.outcome == "mayNotQualify"
	d.eligible == false
	d.ineligiblePage == null
	count(d.reasons) == 5
	every r in d.reasons {
		r.adverseAction == null
		r.page == null
		count(r.message) > 20
		not contains(r.message, "{")
	}
}

# The range's words, never the estimate score the visitor did not give.
test_a_self_reported_range_below_the_minimum_names_the_range_not_a_score if {
	every x in [
		{"creditSource": "selfReported", "creditScore": poor.estimate},
		{"creditSource": "selfReported", "creditRange": poor.range},
	] {
		d := eligibility.decision with input as object.union(object.remove(base, ["creditScore"]), x)
		d.outcome == "mayNotQualify"
		[r] := d.reasons
		r.code == "CREDIT_SCORE_BELOW_MINIMUM"
		contains(r.message, poor.label)
		contains(r.message, format_int(tables.credit_score.minimum, 10))
		contains(r.message, "soft credit check")
		not contains(r.message, format_int(poor.estimate, 10))
		r.adverseAction == null
	}
}

test_a_self_reported_range_that_meets_the_minimum_is_eligible if {
	every band in tables.credit_ranges {
		d := eligibility.decision with input as object.union(object.remove(base, ["creditScore"]), {"creditSource": "selfReported", "creditRange": band.range})
		_as_its_estimate_meets_the_minimum(d, band)
	}
}

_as_its_estimate_meets_the_minimum(d, band) if {
	band.estimate >= tables.credit_score.minimum
	d.outcome == "eligible"
}

_as_its_estimate_meets_the_minimum(d, band) if {
	band.estimate < tables.credit_score.minimum
	d.outcome == "mayNotQualify"
}

# No estimate message states the value, the balance or the line: figures
# that the borrower did not give (or that we derived from them).
test_the_estimate_s_low_equity_words_state_no_derived_figure if {
	[r] := decide(object.union(owing(0), {"creditSource": "selfReported"})).reasons
	r.code == "LOW_EQUITY"
	not contains(r.message, eligibility.dollars(0))
	contains(r.message, eligibility.dollars(tables.line.minimum))
}

# --- Weights: how much each reason contributed ---

test_a_hard_stop_weighs_1 if {
	every overrides in [
		{"propertyUnits": "5+"}, {"hasFbm": true}, {"creditScore": null},
		late(tables.late_payment.min_days_late, base.today),
	] {
		[r] := decide(overrides).reasons
		r.weight == 1
	}
}

test_a_low_score_weighs_its_shortfall_from_the_minimum if {
	minimum := tables.credit_score.minimum
	score := minimum - 66
	[r] := decide({"creditScore": score}).reasons
	r.weight == round(((minimum - score) / minimum) * 1000000) / 1000000
	[near] := decide({"creditScore": minimum - 1}).reasons
	near.weight < r.weight
}

test_low_equity_weighs_its_shortfall_from_the_minimum_line if {
	[none_left] := decide(owing(0)).reasons
	none_left.weight == 1
	[some_left] := decide(owing(floor(tables.line.minimum / 2))).reasons
	some_left.weight == round(((tables.line.minimum - floor(tables.line.minimum / 2)) / tables.line.minimum) * 1000000) / 1000000
}

test_a_not_decided_reason_weighs_nothing if {
	d := eligibility.decision with input as {}
	d.reasons[0].weight == 0
}
