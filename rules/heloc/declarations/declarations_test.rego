# Tests for heloc.declarations: what the prequalification's answers carry
# into a new application's declarations, read from the tables (the
# declarations' look-backs, and the has-fbm question's from eligibility).
package heloc.declarations_test

import rego.v1

import data.heloc.declarations
import data.heloc.declarations.tables
import data.heloc.eligibility.tables as eligibility

_none := {"foreclosure": false, "bankruptcy": false, "modification": false}

_foreclosed := {"foreclosure": true, "bankruptcy": false, "modification": false}

_years(declaration) := [r.lookback_years | some r in tables.from_has_fbm; r.declaration == declaration][0]

# The has-fbm page asks about fewer years than the declarations: its No
# says nothing of the years before (a foreclosure 5 years ago is outside a
# 4-year question and inside a 7-year declaration), so nothing is carried
# from it; the use of the home is.
test_a_no_to_a_shorter_question_is_not_carried if {
	fbm := object.union(eligibility.fbm, {"years": _years("hasForeclosure") - 3})
	got := declarations.carried with input as {"propertyUsage": "secondHome", "fbm": _none} with data.heloc.eligibility.tables.fbm as fbm
	got.declarations == {"hasIntentToOccupy": false}
	got.rules == ["DECL-OCCUPY-SECOND-HOME"]
}

# A Yes within the question's years is within the declaration's.
test_a_yes_to_a_shorter_question_is_carried if {
	fbm := object.union(eligibility.fbm, {"years": _years("hasForeclosure") - 3})
	got := declarations.carried with input as {"propertyUsage": "primaryResidence", "fbm": _foreclosed} with data.heloc.eligibility.tables.fbm as fbm
	got.declarations == {"hasIntentToOccupy": true, "hasForeclosure": true}
}

# The tables as they ship: the has-fbm question looks back fewer years than
# the declarations, so its No's are not carried (whatever the years, the
# rule follows the comparison, as the tests above show).
test_as_shipped_only_what_the_question_proves_is_carried if {
	got := declarations.carried with input as {"fbm": _none}
	got.declarations == {d: false | some r in tables.from_has_fbm; eligibility.fbm.years >= r.lookback_years; d := r.declaration}
}

# Were the question to look back as far as the declarations (a compliance
# change of eligibility's table alone), its No would be carried, and a Yes
# would no longer be (it could be older than a shorter declaration).
test_a_no_to_a_question_as_long_as_the_declaration_is_carried if {
	fbm := object.union(eligibility.fbm, {"years": _years("hasForeclosure")})
	got := declarations.carried with input as {"fbm": _none} with data.heloc.eligibility.tables.fbm as fbm
	got.declarations == {"hasForeclosure": false, "hasBankruptcy": false}
	got.rules == ["DECL-BANKRUPTCY-7Y", "DECL-FORECLOSURE-7Y"]
}

test_a_yes_to_a_longer_question_is_not_carried if {
	fbm := object.union(eligibility.fbm, {"years": _years("hasForeclosure") + 3})
	got := declarations.carried with input as {"fbm": _foreclosed} with data.heloc.eligibility.tables.fbm as fbm
	got.declarations == {"hasBankruptcy": false}
}

# The modification question settles no declaration; the occupancy row of
# each use of the home is the table's.
test_occupancy_follows_the_table if {
	every row in tables.occupancy {
		got := declarations.carried with input as {"propertyUsage": row.usage}
		got.declarations == {"hasIntentToOccupy": row.occupies}
	}
	short := object.union(eligibility.fbm, {"years": 1})
	got := declarations.carried with input as {"fbm": {"foreclosure": false, "bankruptcy": false, "modification": true}} with data.heloc.eligibility.tables.fbm as short
	got.declarations == {}
}

# Nothing answered, an unknown use, or no tables: nothing carried, never an error.
test_without_answers_or_tables_nothing_is_carried if {
	declarations.carried with input as {} == {"declarations": {}, "rules": []}
	declarations.carried with input as {"propertyUsage": "castle", "fbm": {"foreclosure": "maybe"}} == {"declarations": {}, "rules": []}
	declarations.carried with input as {"propertyUsage": "primaryResidence"} with data.heloc.declarations.tables as {} == {"declarations": {}, "rules": []}
}

# The home is where the borrower lives when the occupancy table says they
# occupy it for the use they gave, and when no use was asked (the /prequal
# path); a home they do not occupy is not their current address.
test_residence_follows_the_occupancy_table if {
	every row in tables.occupancy {
		got := declarations.residence with input as {"propertyUsage": row.usage}
		got == {
			true: {"livesInHome": true, "housing": "Own", "rule": row.id},
			false: {"livesInHome": false, "housing": null, "rule": null},
		}[row.occupies]
	}
	declarations.residence with input as {} == {"livesInHome": true, "housing": "Own", "rule": null}
}

# A use the table calls occupied by no row, an unknown use, or no table:
# the address is not carried.
test_residence_without_its_row_is_not_carried if {
	rows := [object.union(row, {"occupies": false}) | some row in tables.occupancy]
	declarations.residence.livesInHome == false with input as {"propertyUsage": "primaryResidence"} with data.heloc.declarations.tables.occupancy as rows
	declarations.residence.livesInHome == false with input as {"propertyUsage": "castle"}
	declarations.residence.livesInHome == false with input as {} with data.heloc.declarations.tables as {}
}
