# Settled by the credit report: a refusal that no answer the borrower gives
# after the soft pull can change. The funnel asks two more things after the
# pull (whether a coborrower applies, what each mortgage's balance is);
# when the report alone already refuses, asking them first only keeps the
# borrower longer from the answer (issue 20: "after a failing soft pull,
# the funnel still asks about a coborrower and the mortgages before it
# says no"). The decision's `settled` tells the credit-check page to go to
# the refusal's page at once.
package heloc.eligibility

import rego.v1

import data.heloc.eligibility.tables

# METADATA
# title: Settled by the credit report
# description: >-
#   The decision refuses, and one of its reasons is listed in
#   tables.settled_after_pull and cannot be cured by the answers still to
#   come. False for every other outcome: a missing fact, a self-reported
#   estimate or an eligible file is never settled.
# custom:
#   source: Issue 20; Reg B 1002.9(a)(1) (notify within 30 days, and as soon as the decision is made)
default settled := false

settled if {
	_outcome == "ineligible"
	some r in _stage_reasons
	r.code in tables.settled_after_pull
	_not_curable_later(r.code)
}

# A coborrower's report can only lower the score used while the lowest of
# the file's scores decides (tables.credit_score.use); with `highest`, a
# coborrower's better score could cure it, so it is not settled.
_not_curable_later(code) if code != "CREDIT_SCORE_BELOW_MINIMUM"

_not_curable_later("CREDIT_SCORE_BELOW_MINIMUM") if tables.credit_score.use == "lowest"
