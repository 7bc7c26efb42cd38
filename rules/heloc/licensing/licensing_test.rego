# Tests for heloc.licensing. The states, prefixes and licences are read
# from the tables, so a licence granted in tables/data.yaml keeps the suite
# green; the sentences pinned here are the issue's (NY opens 2027-03-01;
# MA, HI, AK and Guam have no licence and no date).
package heloc.licensing_test

import rego.v1

import data.heloc.licensing
import data.heloc.licensing.tables

_lookup(zip) := result if {
	result := licensing.lookup with input as {"zip": zip}
}

# A ZIP code of a state: the first prefix of the state's first range.
_zip_in(state) := concat("", [r.from, "01"]) if {
	r := [r | some r in tables.zipPrefixes; r.state == state][0]
}

# --- The reference data (spec §3) ---

test_the_state_map_covers_the_50_states_dc_and_guam if {
	count(tables.stateNames) == 52
	tables.stateNames.DC == "District of Columbia"
	tables.stateNames.GU == "Guam"
}

test_every_state_of_the_map_has_a_licence_row if {
	object.keys(tables.states) == object.keys(tables.stateNames)
}

test_every_state_of_the_map_has_zip_prefixes if {
	{r.state | some r in tables.zipPrefixes} == object.keys(tables.stateNames)
}

test_every_licensed_state_names_its_licence_and_no_date if {
	every _, row in tables.states {
		row.licensed == object.get(row, "licenseNumber", null) != null
		every _ in [d | d := row.opensOn] {
			row.licensed == false
		}
	}
}

# --- licensing.lookup ---

test_a_zip_code_in_a_licensed_state_is_licensed if {
	every code, row in tables.states {
		every _ in [code | row.licensed] {
			_lookup(_zip_in(code)) == {
				"zip": _zip_in(code), "state": code, "stateName": tables.stateNames[code],
				"licensed": true, "opensOn": null,
			}
		}
	}
}

# An address's state is its ZIP code's: a state that is not is named, with
# the ZIP code's; the same state, in any case, or none given, adds nothing.
test_an_address_state_that_is_not_its_zip_codes_is_named if {
	looked := licensing.lookup with input as {"zip": "10001", "state": "CA"}
	looked.state == "NY"
	looked.stateMismatch == "ZIP code 10001 is in New York: enter NY, or check the ZIP code."
	every state in ["NY", " ny "] {
		not "stateMismatch" in object.keys(licensing.lookup) with input as {"zip": "10001", "state": state}
	}
	not "stateMismatch" in object.keys(_lookup("10001"))
}

test_a_san_francisco_zip_code_is_california_and_licensed if {
	_lookup("94110") == {"zip": "94110", "state": "CA", "stateName": "California", "licensed": true, "opensOn": null}
}

test_new_york_is_not_licensed_and_opens_on_march_1_2027 if {
	_lookup("10001") == {"zip": "10001", "state": "NY", "stateName": "New York", "licensed": false, "opensOn": "2027-03-01"}
}

test_massachusetts_hawaii_alaska_and_guam_are_not_licensed_and_have_no_date if {
	every code in ["MA", "HI", "AK", "GU"] {
		result := _lookup(_zip_in(code))
		result.state == code
		result.licensed == false
		result.opensOn == null
	}
}

test_the_unlicensed_states_are_exactly_the_issues if {
	{code | some code, row in tables.states; not row.licensed} == {"NY", "MA", "HI", "AK", "GU"}
}

test_a_zip_plus_4_is_read_by_its_5_digits if {
	_lookup("94110-1234") == _lookup("94110")
}

test_a_prefix_between_ranges_is_in_no_state if {
	_lookup("00901") == {"zip": "00901", "state": null, "stateName": null, "licensed": false, "opensOn": null}
}

test_a_malformed_zip_code_is_the_default if {
	every zip in ["9411", "abcde", 94110, null] {
		_lookup(zip) == {"zip": null, "state": null, "stateName": null, "licensed": false, "opensOn": null}
	}
}

# --- licensing.states (the /license page) ---

test_the_license_page_lists_every_state_once_by_name if {
	rows := licensing.states.states
	count(rows) == count(tables.stateNames)
	[r.name | some r in rows] == sort([n | some _, n in tables.stateNames])
}

test_the_license_page_names_the_company_and_its_nmls_id if {
	licensing.states.company == tables.company.name
	licensing.states.nmlsId == tables.company.nmlsId
	licensing.states.address == tables.company.address
}

test_each_state_row_is_its_table_row if {
	every row in licensing.states.states {
		t := tables.states[row.code]
		row.name == tables.stateNames[row.code]
		row.licensed == t.licensed
		row.licenseNumber == object.get(t, "licenseNumber", null)
		row.opensOn == object.get(t, "opensOn", null)
	}
}

test_the_creditor_is_the_company if {
	licensing.company == {"name": tables.company.name, "address": tables.company.address, "nmlsId": tables.company.nmlsId}
}

# --- Policy contract: a default, never undefined ---

test_every_entrypoint_has_a_default_without_tables if {
	licensing.lookup == {"zip": "94110", "state": null, "stateName": null, "licensed": false, "opensOn": null} with data.heloc.licensing.tables as {}
		with input as {"zip": "94110"}
	licensing.states == {"company": null, "nmlsId": null, "address": null, "states": []} with data.heloc.licensing.tables as {}
	licensing.company == null with data.heloc.licensing.tables as {}
}
