# Licensing: where the lender may lend, and who it is (issue 11). The ZIP
# question asks licensing.lookup whether the home's state is licensed (an
# unlicensed state leads to the waitlist, which says when the state opens);
# the /license page shows licensing.states; an adverse-action notice names
# the creditor from licensing.company.
#
# Every value is data (tables/data.yaml, loaded at
# data.heloc.licensing.tables): the state names, the ZIP prefixes of each
# state, the licences and the company. The rules only read them.
package heloc.licensing

import rego.v1

import data.heloc.licensing.tables

# METADATA
# title: The state of a ZIP code, and whether it is licensed
# description: >-
#   Input {"zip": "94110"} (5 digits, or ZIP+4). The ZIP code's state by
#   its 3-digit prefix, the state's name, whether the lender is licensed
#   there and, for a state without a licence, the day it opens (or null).
#   A ZIP code in no state of the map has state null and is not licensed.
#   With input.state (an address's state), stateMismatch when it is not
#   the ZIP code's (see _state_mismatch).
# custom:
#   source: issue 11 ("a licensed-states table in rules/ drives joinWaitlist"); spec §3 "Reference data"
default lookup := {"zip": null, "state": null, "stateName": null, "licensed": false, "opensOn": null}

lookup := object.union(
	{
		"zip": zip,
		"state": state,
		"stateName": object.get(tables.stateNames, state, null),
		"licensed": _licensed(state),
		"opensOn": _opens_on(state),
	},
	_state_mismatch(zip, state),
) if {
	zip := _zip5
	state := _state_of(zip)
}

# METADATA
# title: An address's state is its ZIP code's
# description: >-
#   The state an address gives (input.state) must be the state of its ZIP
#   code: the licence and the rules follow the ZIP code, and the
#   application must say the same. {"stateMismatch": words} when it is
#   not (case and spaces aside), {} otherwise or without input.state.
# custom:
#   message: "ZIP code {zip} is in {stateName}: enter {state}, or check the ZIP code."
#   source: Lender practice (a property address that agrees with itself)
_state_mismatch(zip, state) := {"stateMismatch": strings.replace_n(
	{"{zip}": zip, "{stateName}": object.get(tables.stateNames, state, state), "{state}": state},
	md.custom.message,
)} if {
	given := object.get(input, "state", null)
	is_string(given)
	upper(trim_space(given)) != state
	md := rego.metadata.rule()
} else := {}

lookup := {"zip": zip, "state": null, "stateName": null, "licensed": false, "opensOn": null} if {
	zip := _zip5
	not _state_of(zip)
}

# The input's ZIP code as its 5 digits (a ZIP+4 loses its last four).
_zip5 := substring(input.zip, 0, 5) if {
	is_string(input.zip)
	regex.match(`^[0-9]{5}(-[0-9]{4})?$`, input.zip)
}

# METADATA
# title: The state of a ZIP prefix
# description: >-
#   The state whose range of 3-digit prefixes holds the ZIP code's first
#   three digits (undefined for a prefix in no range).
# custom:
#   source: USPS 3-digit ZIP prefixes (tables.zipPrefixes)
_state_of(zip) := state if {
	prefix := substring(zip, 0, 3)
	some range in tables.zipPrefixes
	range.from <= prefix
	prefix <= range.to
	state := range.state
}

# METADATA
# title: A licensed state
# description: The lender is licensed in a state whose row says licensed.
# custom:
#   source: tables.states
_licensed(state) := object.get(tables.states, [state, "licensed"], false) == true

# METADATA
# title: When an unlicensed state opens
# description: >-
#   The day a state without a licence opens, when its row names one; null
#   for a licensed state and for one with no date.
# custom:
#   source: tables.states
_opens_on(state) := null if {
	_licensed(state)
} else := object.get(tables.states, [state, "opensOn"], null)

# METADATA
# title: The lender and its licences
# description: >-
#   For the /license page: the company's name, NMLS ID and address, and
#   every state of the map, by name, with whether the lender is licensed
#   there, its licence number (null without one) and the day it opens
#   (null when licensed or not known).
# custom:
#   source: issue 11 ("the /license page (NMLS ID, states)"); spec §3 "Reference data"
default states := {"company": null, "nmlsId": null, "address": null, "states": []}

states := {
	"company": tables.company.name,
	"nmlsId": tables.company.nmlsId,
	"address": tables.company.address,
	"states": [_state_row(code) | some [_, code] in _by_name],
} if {
	is_object(tables.company)
	is_object(tables.states)
}

# The state codes of the map in order of their names.
_by_name := sort([[name, code] | some code, name in tables.stateNames])

_state_row(code) := {
	"code": code,
	"name": tables.stateNames[code],
	"licensed": _licensed(code),
	"licenseNumber": _licence_number(code),
	"opensOn": _opens_on(code),
}

_licence_number(code) := tables.states[code].licenseNumber if {
	_licensed(code)
} else := null

# METADATA
# title: The creditor
# description: >-
#   The lender as a notice names it (the adverse-action notice's creditor):
#   {"name", "address", "nmlsId"}, or null without the table.
# custom:
#   source: ECOA Regulation B §1002.9(a)(2) (the creditor's name and address)
default company := null

company := {
	"name": tables.company.name,
	"address": tables.company.address,
	"nmlsId": tables.company.nmlsId,
}
