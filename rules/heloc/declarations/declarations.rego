# Declarations (issue 22 item 2: each fact asked once): the declarations of
# the application (URLA Section 5) that the prequalification's answers
# settle, which a new application starts from. The borrower sees each
# carried answer and can change it; what is not settled is asked. The
# look-backs are compliance's, in tables/data.yaml (loaded at
# data.heloc.declarations.tables); the has-fbm question's is eligibility's
# (data.heloc.eligibility.tables.fbm.years), as the page asks it.
package heloc.declarations

import rego.v1

import data.heloc.declarations.tables
import data.heloc.eligibility

# METADATA
# title: Declarations carried into a new application
# description: >-
#   {"declarations": {<declaration>: true|false, ...}, "rules": [row ids]}
#   for input {"propertyUsage", "fbm": {"foreclosure", "bankruptcy",
#   "modification"}} (the prequalification's answers; either may be
#   missing): whether the borrower will live in the home, from its use; and
#   each declaration of tables.from_has_fbm that the has-fbm answer proves,
#   a "No" only when the question looked back at least as far as the
#   declaration (a foreclosure 5 years ago is outside a 4-year question and
#   inside a 7-year declaration), a "Yes" only when it looked back no
#   further. Nothing else is carried; without its tables, nothing is.
# custom:
#   source: >-
#     URLA (Fannie Mae Form 1003) Section 5a and 5b; issue 22 item 2 ("each
#     fact asked once"); spec §3 "Property usage"
default carried := {"declarations": {}, "rules": []}

carried := {
	"declarations": {d.declaration: d.value | some d in _settled},
	"rules": sort([d.rule | some d in _settled]),
} if {
	is_array(tables.from_has_fbm)
	is_array(tables.occupancy)
}

_settled contains {"declaration": "hasIntentToOccupy", "value": row.occupies, "rule": row.id} if {
	some row in tables.occupancy
	row.usage == input.propertyUsage
}

_settled contains {"declaration": row.declaration, "value": answer, "rule": row.id} if {
	some row in tables.from_has_fbm
	answer := input.fbm[row.answer]
	is_boolean(answer)
	_proves(answer, row.lookback_years)
}

# What the has-fbm question's look-back proves of a declaration's: a No
# over at least the declaration's years, a Yes over no more than them.
_proves(false, years) if eligibility.tables.fbm.years >= years

_proves(true, years) if eligibility.tables.fbm.years <= years

# METADATA
# title: The home as where the borrower lives
# description: >-
#   {"livesInHome": true|false, "housing": "Own"|null, "rule": row id|null}
#   for input {"propertyUsage"} (the prequalification's answer, or none):
#   whether a new application's current address (URLA Section 1a) starts
#   from the address the prequalification gave for the home. True when the
#   borrower occupies the home by the occupancy table's row for the use
#   they gave, and when no use was asked (the /prequal path asks the
#   address of "your home" and not its use; without the property-usage
#   question the rules take the home as a primary residence): then they
#   own where they live, the home the line is secured by (housing "Own").
#   The borrower sees both on page 1 and can change them. Without the
#   occupancy table, false.
# custom:
#   source: >-
#     URLA (Fannie Mae Form 1003) Section 1a ("Current Address", "Housing");
#     issue 22 item 2 ("each fact asked once"); spec §3 "Property usage"
default residence := {"livesInHome": false, "housing": null, "rule": null}

residence := {"livesInHome": true, "housing": "Own", "rule": row.id} if {
	some row in tables.occupancy
	row.usage == input.propertyUsage
	row.occupies == true
}

residence := {"livesInHome": true, "housing": "Own", "rule": null} if {
	not input.propertyUsage
	is_array(tables.occupancy)
}
