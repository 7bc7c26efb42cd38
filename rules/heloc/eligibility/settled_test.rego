# Tests for heloc.eligibility.settled: a refusal the report alone settles
# goes to its page right after the soft pull. The helpers (decide, base,
# owing) are eligibility_test.rego's; thresholds come from the tables.
package heloc.eligibility_test

import rego.v1

import data.heloc.eligibility.tables

test_a_score_below_the_minimum_is_settled_by_the_report_while_the_lowest_score_decides if {
	d := decide({"creditScore": tables.credit_score.minimum - 1}) with data.heloc.eligibility.tables.credit_score.use as "lowest"
	d.outcome == "ineligible"
	d.settled
}

test_with_the_highest_score_deciding_a_coborrower_could_cure_it_so_it_is_not_settled if {
	d := decide({"creditScore": tables.credit_score.minimum - 1}) with data.heloc.eligibility.tables.credit_score.use as "highest"
	d.outcome == "ineligible"
	not d.settled
}

# The mortgages' balances are asked after the pull: low equity is not settled.
test_low_equity_alone_is_not_settled if {
	d := decide(owing(tables.line.minimum - 1))
	d.outcome == "ineligible"
	not d.settled
}

# The score settles the refusal even beside a reason a later answer could cure.
test_a_low_score_beside_low_equity_is_settled if {
	d := decide(object.union(owing(tables.line.minimum - 1), {"creditScore": tables.credit_score.minimum - 1})) with data.heloc.eligibility.tables.credit_score.use as "lowest"
	d.settled
}

test_only_the_listed_reasons_settle if {
	d := decide({"creditScore": tables.credit_score.minimum - 1}) with data.heloc.eligibility.tables.settled_after_pull as []
	not d.settled
}

test_an_eligible_file_is_not_settled if not decide({}).settled

# A self-reported answer never declines, so it never settles either.
test_a_self_reported_score_below_the_minimum_is_not_settled if {
	d := decide({"creditScore": tables.credit_score.minimum - 1, "creditSource": "selfReported", "stage": "estimate"})
	d.outcome == "mayNotQualify"
	not d.settled
}

# A missing fact is no decision, settled or not.
test_a_missing_fact_is_not_settled if {
	d := decide({"creditScore": tables.credit_score.minimum - 1, "propertyValue": null, "stage": "preview"})
	d.outcome == "notDecided"
	not d.settled
}
