# Tests for the property stage: the application's page 2 decides the
# home's type and units as they are given (tables.stage_reasons.property),
# so that a home the rules do not lend on is refused on the page that
# asked, with the property rule's words, and nothing else (a low value, a
# low score) refuses there: the whole decision is made again at submission.
package heloc.eligibility_property_stage_test

import rego.v1

import data.heloc.eligibility
import data.heloc.eligibility.tables

property(facts) := d if {
	d := eligibility.decision with input as object.union({"stage": "property", "today": "2026-11-29"}, facts)
}

codes(d) := [r.code | some r in d.reasons]

test_a_type_the_table_does_not_lend_on_is_refused_on_its_page if {
	some type in tables.property.not_eligible_types
	d := property({"propertyType": type, "propertyUnits": 1})
	d.outcome == "ineligible"
	codes(d) == ["PROPERTY_TYPE_NOT_ELIGIBLE"]
	d.reasons[0].rule == tables.property.id
	contains(d.reasons[0].adverseAction, type)
}

test_more_units_than_the_table_allows_is_refused_on_its_page if {
	d := property({"propertyType": "multiUnit", "propertyUnits": "5+"})
	d.outcome == "ineligible"
	codes(d) == ["PROPERTY_TYPE_NOT_ELIGIBLE"]
	contains(d.reasons[0].adverseAction, sprintf("more than %d dwelling units", [tables.property.max_units]))
	property({"propertyType": "multiUnit", "propertyUnits": tables.property.max_units + 1}).outcome == "ineligible"
}

# Only the home's own reason counts: no value is no low equity, no score
# is no thin file, a high balance refuses nothing here.
test_a_home_the_table_lends_on_goes_on_whatever_else_is_known if {
	d := property({"propertyType": "singleFamily", "propertyUnits": tables.property.max_units, "propertyValue": 100000, "mortgages": [{"balance": 99000, "source": "bureau", "confirmed": true}], "creditScores": {"borrower": 500}})
	d.outcome == "eligible"
	d.reasons == []
}

test_no_type_is_not_decided_never_a_decline if {
	d := property({"propertyUnits": "5+"})
	d.outcome == "notDecided"
	[m] := d.missing
	m.fact == "propertyType"
	d.reasons[0].code == "NOT_DECIDED"
}
