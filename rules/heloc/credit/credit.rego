# Credit pulls (spec §3 "Report/check types"): which kind of soft pull a
# person's credit check makes. The borrower's is their own file; the
# coborrower's is joint or separate by how they are related to the
# borrower, as tables/data.yaml (loaded at data.heloc.credit.tables) says.
package heloc.credit

import rego.v1

import data.heloc.credit.tables

# METADATA
# title: Kind of credit pull
# description: >-
#   {"kind", "rule"} for input {"party", "relationship"}: the borrower's
#   pull is singleCredit; a coborrower's is the kind of the
#   tables.coborrower_pull row of their relationship (jointCredit or
#   singleCreditCoborrower), and separate (singleCreditCoborrower, no rule)
#   when no row names it, never a joint pull nobody chose. Null kind for
#   any other party.
# custom:
#   source: >-
#     Product spec §3 "Report/check types"; screens.md "coborrower" ("joint
#     or separate pull")
default pull := {"kind": null, "rule": null}

pull := {"kind": "singleCredit", "rule": null} if input.party == "borrower"

pull := {"kind": row.kind, "rule": row.id} if {
	input.party == "coborrower"
	some row in tables.coborrower_pull
	row.relationship == input.relationship
}

pull := {"kind": "singleCreditCoborrower", "rule": null} if {
	input.party == "coborrower"
	not _listed(input.relationship)
}

_listed(relationship) if {
	some row in tables.coborrower_pull
	row.relationship == relationship
}
