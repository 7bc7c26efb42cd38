# Required and missing documents (product spec §5 "Required documents", §9
# "Required document counts", "Document categories", "ID subtypes").
#
# The counts, categories, labels and the lists that decide which income,
# employment or property asks for which type are data (tables/data.yaml,
# loaded at data.heloc.documents.tables); the rules here only say when a
# table row applies. Every trigger asks a person (side) for a type with a
# reason code; the required count of a type follows from the table, the
# code explains why.
#
# Written for speed as well as reading: every decision of the upload page
# runs this policy, and each rule, function call and lookup costs time. So
# the facts of each person are worked out once, in rules whose values are
# keyed by side (borrower, coborrower), rather than in functions called per
# person and type; and loops bind the rules and tables they read to local
# names before they start.
package heloc.documents

import rego.v1

import data.heloc.documents.tables
import data.heloc.employment

# data.heloc.documents.requirements (policy contract). The contract's fields
# are borrower, coborrower, totalRequired and totalMissing; `documents` is
# ours: what the upload page shows, per person, in display order.
default requirements := {
	"borrower": {"required": {}, "missing": {}},
	"coborrower": null,
	"totalRequired": 0,
	"totalMissing": 0,
	"documents": {"borrower": [], "coborrower": null},
}

requirements := {
	"borrower": {"required": _required.borrower, "missing": _missing.borrower},
	"coborrower": _coborrower_result,
	"totalRequired": _total_required,
	"totalMissing": _total_missing,
	"documents": {"borrower": _documents.borrower, "coborrower": _coborrower_documents},
}

# --- Input, guarded so that a missing optional field reads as empty ---

_obj(x) := x if {
	is_object(x)
} else := {}

_app := _obj(object.get(input, "application", {}))

_flags := _obj(object.get(input, "flags", {}))

_today := object.get(input, "today", "")

# Spec §3 Application: a user and a coborrower; policy contract: "coborrower
# is null when the application has no coborrower".
_people.borrower := _obj(object.get(_app, "user", {}))

_people.coborrower := _app.coborrower if is_object(_app.coborrower)

# The objects of a list field (none when the field is absent or not a list).
_employments := {side: [e | is_array(list); some e in list; is_object(e)] |
	some side, p in _people
	list := object.get(p, "employments", [])
}

_income_sources := {side: [s | is_array(list); some s in list; is_object(s)] |
	some side, p in _people
	list := object.get(p, "incomeSources", [])
}

_mortgages := [m | is_array(list); some m in list; is_object(m)] if list := object.get(_app, "mortgages", [])

_liabilities := [l | is_array(list); some l in list; is_object(l)] if list := object.get(_app, "liabilities", [])

_uploads := [u | is_array(list); some u in list; is_object(u)] if list := object.get(_app, "uploads", [])

# --- Employment facts (spec §3 Employment, §4) ---
#
# Worked out once per person. The employment predicates are written in
# place, since a function call per employment costs more than its test:
#   self-employed: selfEmployedIndicator is true (a missing one reads as
#     not self-employed);
#   verified (spec §3: "any source other than Manual means verified"): a
#     dataSource that is a non-empty string and not one of the table's
#     unverified sources (an absent or empty source is not verified);
#   current (spec §4 "a date counts as current when it falls in or after
#     the current month"; spec §3: a null endDate means current):
#     employment.employment_current;
#   under 25% ownership (Fannie Mae B3-3.2-01): ownershipInterestType is
#     "LessThan25Percent"; any other value, or none, is 25% or more.

# The people with an employment that is not a self-employment.
_has_salaried_job contains side if {
	some side, jobs in _employments
	some e in jobs
	not e.selfEmployedIndicator == true
}

# The people with a verified current job.
_has_verified_current_job contains side if {
	some side, jobs in _employments
	some e in jobs
	is_string(e.dataSource)
	e.dataSource != ""
	not e.dataSource in tables.triggers.employment.unverifiedSources
	employment.employment_current(e, _today)
}

# Each person's current self-employments.
_current_self_employments := {side: [e |
	some e in jobs
	e.selfEmployedIndicator == true
	employment.employment_current(e, _today)
] |
	some side, jobs in _employments
}

# businessStructure is a field of the employment that the project adds (the
# business-information page asks it: screens.md); without it, "default".
_structure_documents(e) := docs if {
	docs := tables.triggers.selfEmployment.byStructure[e.businessStructure]
} else := tables.triggers.selfEmployment.byStructure["default"]

# --- Triggers ---

# _asked[side][type] is the set of reason codes asking that person for that
# type; each rule below adds one code. (Gathered per person and type as they
# are found, so that nothing searches a list of triggers per type.)

# Spec §5: paystubs (4) and W-2 (2) for a person who has a non-self-employed
# employment and no verified current job.
_asked[side][type] contains "employmentNotVerified" if {
	some side in _has_salaried_job
	not side in _has_verified_current_job
	some type in tables.triggers.employment.notVerified
}

# Spec §5 (bas: paystubs and W-2), §9 (rental agreements, alimony subtypes)
# and, where the spec is silent, the Fannie Mae sections cited in the table
# beside each income type. The code is "<income type>Income".
_asked[side][type] contains code if {
	some side, sources in _income_sources
	some source in sources
	is_string(source.type)
	code := concat("", [source.type, "Income"])
	some type in object.get(tables.triggers.income, source.type, [])
}

# Spec silent on 1099, K-1, business and personal tax returns: Fannie Mae
# B3-3.2-01 for a current self-employment of 25% or more, by business
# structure (see the table).
_asked[side][type] contains "selfEmployed" if {
	some side, jobs in _current_self_employments
	some e in jobs
	object.get(e, "ownershipInterestType", "") != "LessThan25Percent"
	some type in _structure_documents(e)
}

# Fannie Mae B3-3.2-01: under 25% ownership, K-1s.
_asked[side][type] contains "selfEmployedLessThan25Percent" if {
	some side, jobs in _current_self_employments
	some e in jobs
	e.ownershipInterestType == "LessThan25Percent"
	some type in tables.triggers.selfEmployment.lessThan25Percent
}

# Ours (spec §9 gives only the count 1): an ID document when the person's
# electronic identity check did not pass (identityVerificationStatus, a
# field of the person that the project adds). Until the check has a result
# no ID document is asked, so the contract's example asks none.
_asked[side].idDocument contains "identityNotVerified" if {
	some side, p in _people
	object.get(p, "identityVerificationStatus", "") in tables.triggers.identity.idDocumentStatuses
}

# Spec §5: property documents count on the borrower's side.
# Flood insurance when the property state is FL.
_asked.borrower.floodInsurance contains "floodInsuranceState" if {
	state := object.get(_app, ["property", "state"], "")
	is_string(state)
	upper(trim_space(state)) in tables.triggers.property.floodInsuranceStates
}

# Spec §5: a trust document when the property is in a trust.
_asked.borrower.trustDocument contains "propertyInTrust" if {
	object.get(_app, "isInTrust", false) == true
}

# Spec §5: a property tax bill when there are no mortgages (an absent list
# is no mortgages).
_asked.borrower.propertyTaxBill contains "noMortgage" if {
	count(_mortgages) == 0
}

# Spec §5: a solar panel statement "by a mortgage-based check". Ours: a
# mortgage held by a solar lender or recorded as a solar lien (table
# triggers.property; Fannie Mae B2-3-04).
_asked.borrower.solarPanelStatement contains "solarLien" if {
	some m in _mortgages
	_solar(m)
}

_solar(m) if {
	creditor := object.get(m, "creditor", "")
	is_string(creditor)
	name := lower(creditor)
	some keyword in tables.triggers.property.solarCreditorKeywords
	contains(name, keyword)
}

_solar(m) if {
	type := object.get(m, "type", "")
	is_string(type)
	lower(type) in tables.triggers.property.solarLienTypes
}

# Spec §9: an educational loan statement per omitted liability. Ours: the
# omitted liabilities that are student loans (Fannie Mae B3-6-05).
_asked[side].educationalLoanStatement contains "omittedStudentLoan" if {
	some side in _omitted_student_loan_sides
}

# The side each omitted student loan counts on, one entry per loan.
_omitted_student_loan_sides := [_liability_side(l) |
	some l in _liabilities
	l.omitted == true
	_student_loan(l)
]

_student_loan(l) if {
	type := object.get(l, "type", "")
	is_string(type)
	lower(type) in tables.triggers.liabilities.studentLoanTypes
}

# Spec §3 Liability: debtor is borrower, coborrower or joint. Ours: joint
# (or no debtor) counts once, on the borrower's side; a coborrower's debt
# without a coborrower on the application falls to the borrower.
_liability_side(l) := "coborrower" if {
	object.get(l, "debtor", "") == "coborrower"
	_people.coborrower
} else := "borrower"

# --- Counts (spec §9) ---

# Spec §9: "one per rental unit (minimum 1)". Ours: a rental income source
# without a usable rentalUnits counts as one unit.
_units(side, "rentalUnit") := sum([_rental_units(s) |
	some s in _income_sources[side]
	s.type == "rental"
])

# Spec §9: "one per omitted liability (minimum 1)".
_units(side, "omittedStudentLoan") := count([s | some s in _omitted_student_loan_sides; s == side])

_rental_units(s) := floor(s.rentalUnits) if {
	is_number(s.rentalUnits)
	s.rentalUnits >= 1
} else := 1

# The count of a type with `per` (def, its row of the table) for a person:
# its count per unit, at least its minimum. (The tables' schema allows per
# only as rentalUnit or omittedStudentLoan.) A type without `per` counts its
# `count`.
_count_per_unit(side, def) := max([object.get(def, "minimum", 0), def.count * _units(side, def.per)])

# Policy contract: "Only types with a count above zero appear in required".
# A type is not asked when a type that includes it (subsumedBy) is asked as
# well: the two years of personal returns include the most recent one.
# (Subsumed types are removed in one step, and only the few types counted
# per unit go through a function, for speed.)
_required := {side: {type: n |
	some type, _ in object.remove(asked, subsumed)
	def := types[type]
	n := object.get(per_unit, type, def.count)
	n > 0
} |
	some side, _ in _people
	asked := object.get(_asked, side, {})
	subsumed := {type | some type, _ in asked; some bigger in types[type].subsumedBy; asked[bigger]}
	per_unit := {type: _count_per_unit(side, def) | some type, _ in asked; def := types[type]; def.per}
} if types := tables.types

# _uploads_of[side][type]: the positions of a person's uploads of a type.
# An upload counts for the coborrower when isCoborrower is true, else for
# the borrower.
_uploads_of.coborrower[type] contains i if {
	some i, u in _uploads
	u.isCoborrower == true
	type := object.get(u, "type", null)
}

_uploads_of.borrower[type] contains i if {
	some i, u in _uploads
	not u.isCoborrower == true
	type := object.get(u, "type", null)
}

# How many uploads of each type a person has.
_uploaded := {side: {type: count(positions) | some type, positions in uploads} |
	some side, uploads in _uploads_of
}

# Spec §5: "Missing documents = required count per type minus uploads of
# that type, computed separately for borrower and coborrower. Bank
# statements are excluded from the missing calculation."
_missing := {side: {type: m |
	some type, n in required
	not types[type].countsAsMissing == false
	m := n - object.get(uploaded, type, 0)
	m > 0
} |
	some side, required in _required
	uploaded := object.get(_uploaded, side, {})
} if types := tables.types

# Spec §5: "ID document and educational loan statement are excluded from the
# total when a flag says so."
_excluded contains type if {
	some flag, type in tables.exclusionFlags
	object.get(_flags, flag, false) == true
}

_total_required := sum([n | some req in _required; some n in object.remove(req, excluded)]) if excluded := _excluded

_total_missing := sum([m | some miss in _missing; some m in object.remove(miss, excluded)]) if excluded := _excluded

default _coborrower_result := null

_coborrower_result := {"required": _required.coborrower, "missing": _missing.coborrower} if _people.coborrower

# --- What the borrower sees (spec §9 labels, categories, subtypes) ---

default _coborrower_documents := null

_coborrower_documents := _documents.coborrower if _people.coborrower

# A person's required types in display order (the table's `order`), each
# with its label, category, counts and reasons and, when the table gives
# them, the kinds of document that satisfy it (subtypes) and, for a type
# with an itemLabel, one line per document (items). Filled-in labels and
# the optional fields are worked out first for the few types that have
# them, so that the other entries are built without them (for speed:
# object.union with {} is cheap, the per-entry alternatives are not).
_documents := {side: [object.union(
	object.union(
		{
			"type": type,
			"label": object.get(labels, type, def.label),
			"category": def.category,
			"required": n,
			"uploaded": object.get(uploaded, type, 0),
			"missing": object.get(missing, type, 0),
			"countsInTotal": object.get(in_total, type, true),
			"reasons": [{"code": code, "message": object.get(reasons, code, code)} | some code in sort(asked[type])],
		},
		object.get(subtypes, type, {}),
	),
	object.get(items, type, {}),
) |
	some [_, type, n, def] in sort([[object.get(def, "order", 0), type, n, def] | some type, n in required; def := types[type]])
] |
	some side, required in _required
	missing := _missing[side]
	uploaded := object.get(_uploaded, side, {})
	asked := object.get(_asked, side, {})
	labels := {type: _label(def, n) | some type, n in required; def := types[type]; contains(def.label, "{")}
	subtypes := {type: {"subtypes": def.subtypes} | some type, _ in required; def := types[type]; is_array(def.subtypes)}
	items := {type: {"items": _items(def.itemLabel, n)} | some type, n in required; def := types[type]; is_string(def.itemLabel)}
} if {
	types := tables.types
	reasons := tables.reasons
	in_total := {type: false | some type in _excluded}
}

# Spec §9 "W-2 labels use the two previous calendar years": {years} in a
# label names the previous calendar years of input.today, one per document,
# and `itemLabel` gives each document its own line. "Bank statements cover
# the last 12 months": {months}. Only labels with a placeholder come here
# (the others are used as they are), and the years are worked out only for
# a label that names them.
_label(def, n) := strings.replace_n(
	{
		"{count}": format_int(n, 10),
		"{years}": _join_and(_previous_years(n)),
		"{months}": format_int(object.get(def, "coversMonths", 0), 10),
	},
	def.label,
) if {
	contains(def.label, "{years}")
} else := strings.replace_n(
	{
		"{count}": format_int(n, 10),
		"{months}": format_int(object.get(def, "coversMonths", 0), 10),
	},
	def.label,
)

_items(label, n) := [replace(label, "{year}", year) | some year in _previous_years(n)]

default _this_year := 0

_this_year := to_number(substring(_today, 0, 4)) if regex.match(`^[0-9]{4}-`, _today)

_previous_years(n) := [format_int(_this_year - i, 10) | some i in numbers.range(1, n)]

_join_and(words) := words[0] if count(words) == 1

_join_and(words) := sprintf("%s and %s", [
	concat(", ", array.slice(words, 0, count(words) - 1)),
	words[count(words) - 1],
]) if count(words) > 1
