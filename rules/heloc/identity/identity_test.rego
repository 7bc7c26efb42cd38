# Tests for heloc.identity: the IDs of spec §9 with their sides.
package heloc.identity_test

import rego.v1

import data.heloc.identity

_sides_of(id) := [t.sides | some t in identity.id_types.idTypes; t.id == id][0]

test_the_spec_ids_are_offered_in_the_tables_order if {
	[t.id | some t in identity.id_types.idTypes] == [
		"driver_license", "passport", "state_id", "military_id",
		"visa", "residence_permit_card", "green_card",
	]
}

test_a_passport_needs_its_front_only if {
	_sides_of("passport") == ["front"]
}

test_every_other_id_needs_front_and_back if {
	others := [t | some t in identity.id_types.idTypes; t.id != "passport"]
	count(others) == 6
	every t in others {
		t.sides == ["front", "back"]
	}
}

test_every_id_has_a_label if {
	every t in identity.id_types.idTypes {
		t.label != ""
	}
}

test_a_row_with_unknown_sides_is_left_out if {
	identity.id_types == {"idTypes": [{"id": "a", "label": "A", "sides": ["front"]}]} with data.heloc.documents.tables.types.idDocument.subtypes as [
		{"id": "a", "label": "A", "sides": "front"},
		{"id": "b", "label": "B", "sides": "sideways"},
	]
}

test_no_table_no_ids if {
	identity.id_types == {"idTypes": []} with data.heloc.documents.tables.types.idDocument as {"order": 10}
}
