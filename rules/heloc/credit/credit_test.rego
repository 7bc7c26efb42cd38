# Tests for heloc.credit.pull: the kind of each person's soft pull, read
# from the table.
package heloc.credit_test

import rego.v1

import data.heloc.credit
import data.heloc.credit.tables

test_the_borrower_s_pull_is_their_own_file if {
	credit.pull with input as {"party": "borrower", "relationship": "spouse"} == {"kind": "singleCredit", "rule": null}
}

# Each relationship's row decides: a couple's pull is joint, anyone else's separate.
test_a_coborrower_s_pull_is_the_kind_of_their_relationship_s_row if {
	every row in tables.coborrower_pull {
		credit.pull with input as {"party": "coborrower", "relationship": row.relationship} == {"kind": row.kind, "rule": row.id}
	}
	credit.pull.kind == "jointCredit" with input as {"party": "coborrower", "relationship": "spouse"}
	credit.pull.kind == "singleCreditCoborrower" with input as {"party": "coborrower", "relationship": "family"}
}

# A compliance change of the table alone: a family member's pull made joint.
test_the_table_alone_decides_the_kind if {
	rows := [object.union(r, {"kind": "jointCredit"}) | some r in tables.coborrower_pull; r.relationship == "family"]
	credit.pull.kind == "jointCredit" with input as {"party": "coborrower", "relationship": "family"} with data.heloc.credit.tables.coborrower_pull as rows
}

# A relationship no row names, or none, or no table: separate, never joint.
test_an_unlisted_relationship_is_a_separate_pull if {
	credit.pull with input as {"party": "coborrower", "relationship": "neighbour"} == {"kind": "singleCreditCoborrower", "rule": null}
	credit.pull with input as {"party": "coborrower"} == {"kind": "singleCreditCoborrower", "rule": null}
	credit.pull with input as {"party": "coborrower", "relationship": "spouse"} with data.heloc.credit.tables as {} == {"kind": "singleCreditCoborrower", "rule": null}
}

test_no_pull_for_anyone_else if {
	credit.pull with input as {"party": "lender"} == {"kind": null, "rule": null}
}
