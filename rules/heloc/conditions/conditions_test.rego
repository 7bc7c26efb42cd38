# Tests for heloc.conditions: each reads as a sentence of product spec §9
# "Underwriting condition codes" or of the policy contract.
package heloc.conditions_test

import rego.v1

import data.heloc.conditions
import data.heloc.conditions.testcases
import data.heloc.documents.tables as documents
import data.heloc.employment.tables as employment

spec_codes := {format_int(n, 10) |
	some r in testcases.ranges
	some n in numbers.range(r.first, r.last)
}

test_the_spec_ranges_hold_45_codes if count(spec_codes) == 45

test_every_code_of_the_spec_ranges_is_in_the_catalogue if {
	every code in spec_codes {
		conditions.catalog[code]
	}
}

test_the_catalogue_holds_only_the_spec_ranges if {
	object.keys(conditions.catalog) == spec_codes
}

test_codes_are_strings if {
	conditions.catalog["100"]
	conditions.catalog["306"]
	conditions.catalog["600"]
}

test_106_108_306_and_307_are_email_conditions if {
	every code in testcases.emailCodes {
		conditions.catalog[code].kind == "email"
	}
}

test_no_other_condition_is_an_email_condition if {
	{code | some code, c in conditions.catalog; c.kind == "email"} == {code | some code in testcases.emailCodes}
}

test_each_condition_maps_to_a_document_a_text_an_address_an_employment_or_an_email if {
	every c in conditions.catalog {
		c.kind in {"document", "text", "address", "employment", "email"}
	}
}

test_every_kind_is_used if {
	{c.kind | some c in conditions.catalog} == {"document", "text", "address", "employment", "email"}
}

test_every_condition_has_a_label if {
	every c in conditions.catalog {
		is_string(c.label)
		count(trim_space(c.label)) > 10
	}
}

test_only_document_conditions_name_a_document_type if {
	every c in conditions.catalog {
		_document_type_matches_kind(c)
	}
}

_document_type_matches_kind(c) if c.kind == "document"

_document_type_matches_kind(c) if {
	c.kind != "document"
	not c.documentType
}

test_document_conditions_carry_the_category_of_their_document_type if {
	every c in conditions.catalog {
		_category_matches(c)
	}
	conditions.catalog["600"].category == "PROP"
	conditions.catalog["405"].category == "INC"
}

_category_matches(c) if c.kind != "document"

_category_matches(c) if {
	c.kind == "document"
	c.category == documents.types[c.documentType].category
}

test_each_subject_of_the_spec_has_its_condition if {
	failing := {s.subject | some s in testcases.subjects; not _subject_holds(s)}
	print("failing subjects:", failing)
	failing == set()
}

_subject_holds(s) if {
	c := conditions.catalog[s.code]
	c.kind == s.kind
	object.get(c, "documentType", null) == object.get(s, "documentType", null)
	contains(lower(c.label), lower(object.get(s, "labelHas", "")))
}

test_the_condo_master_policy_asks_at_least_1000000_of_liability if {
	contains(conditions.catalog["603"].label, "at least $1,000,000")
}

# Spec §4: the employment conditions name the gap rule's threshold and window
# as the employment table has them, so they follow a change of the table.
test_the_gap_letter_names_the_threshold_and_window_of_the_employment_table if {
	label := conditions.catalog["409"].label
	contains(label, sprintf("more than %d days in the last %d years", [employment.gapThresholdDays, employment.windowYears]))
	not contains(label, "{")
}

test_the_employment_history_condition_names_the_window_of_the_employment_table if {
	contains(conditions.catalog["408"].label, sprintf("the last %d years", [employment.windowYears]))
}

test_a_change_of_the_threshold_changes_the_gap_letter if {
	label := conditions.catalog["409"].label with data.heloc.employment.tables.gapThresholdDays as 45
	contains(label, "more than 45 days")
}

test_no_label_is_left_with_a_placeholder if {
	every c in conditions.catalog {
		not regex.match(`\{[A-Za-z]+\}`, c.label)
	}
}

test_without_tables_the_catalogue_is_empty if {
	conditions.catalog == {} with data.heloc.conditions.tables as {}
}

test_a_document_condition_whose_type_is_unknown_is_given_as_written if {
	c := {"kind": "document", "label": "Something", "documentType": "unknownType"}
	conditions.catalog == {"999": c} with data.heloc.conditions.tables.catalog as {"999": c}
}

# A document condition asks one document of its type unless its row says
# how many; only a document condition says so.
test_only_document_conditions_ask_a_count_of_documents if {
	every c in conditions.catalog {
		_count_matches_kind(c)
	}
}

_count_matches_kind(c) if not c.count

_count_matches_kind(c) if {
	c.kind == "document"
	is_number(c.count)
	c.count >= 1
}

test_the_tax_return_conditions_ask_two_years if {
	every code in ["412", "413", "414"] {
		conditions.catalog[code].count == 2
	}
}
