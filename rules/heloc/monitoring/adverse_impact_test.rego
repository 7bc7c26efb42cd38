# Tests for heloc.monitoring.adverse_impact: the fair-lending screen's
# ratios, flagged by the monitoring table's threshold.
package heloc.monitoring_adverse_impact_test

import rego.v1

import data.heloc.monitoring
import data.heloc.monitoring.tables

# Ten decisions in each group, with these many eligible.
_screen(eligible) := s if {
	s := monitoring.adverse_impact with input as {"groups": {name: {"compared": 10, "eligible": n} | some name, n in eligible}}
}

test_a_group_under_the_tables_threshold_of_the_most_favoured_rate_is_flagged if {
	tables.adverseImpact.threshold == 0.8
	s := _screen({"Female": 6, "Male": 8})
	s.mostFavoured == "Male"
	s.threshold == tables.adverseImpact.threshold
	s.rule == tables.adverseImpact.id
	s.groups.Male == {"rate": 0.8, "ratio": 1, "below": false}
	s.groups.Female == {"rate": 0.6, "ratio": 0.75, "below": true}
}

test_a_ratio_at_the_threshold_is_not_flagged if {
	s := _screen({"Female": 8, "Male": 10})
	s.groups.Female.ratio == tables.adverseImpact.threshold
	s.groups.Female.below == false
}

test_the_threshold_is_the_tables if {
	s := _screen({"Female": 6, "Male": 8}) with data.heloc.monitoring.tables.adverseImpact.threshold as 0.7
	s.threshold == 0.7
	s.groups.Female.below == false
	t := _screen({"Female": 8, "Male": 10}) with data.heloc.monitoring.tables.adverseImpact.threshold as 0.9
	t.groups.Female.below == true
}

test_the_most_favoured_among_equal_rates_is_the_first_by_name if {
	s := _screen({"White": 7, "Asian": 7, "Black or African American": 5})
	s.mostFavoured == "Asian"
	s.groups.White.ratio == 1
	s.groups["Black or African American"] == {"rate": 0.5, "ratio": 0.7143, "below": true}
}

test_without_an_eligible_decision_no_ratio_is_worked_out if {
	s := _screen({"Female": 0, "Male": 0})
	s.groups.Female == {"rate": 0, "ratio": null, "below": false}
	s.groups.Male.ratio == null
}

test_a_group_without_a_decision_and_no_group_at_all_are_left_out if {
	s := monitoring.adverse_impact with input as {"groups": {"Male": {"compared": 4, "eligible": 3}, "Female": {"compared": 0, "eligible": 0}}}
	object.keys(s.groups) == {"Male"}
	e := monitoring.adverse_impact with input as {"groups": {}}
	e.groups == {}
	e.mostFavoured == null
}
