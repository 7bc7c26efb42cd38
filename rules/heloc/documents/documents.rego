# Required and missing documents (product spec §5 "Required documents", §9
# "Required document counts", "Document categories", "ID subtypes").
#
# The counts, categories, labels and the lists that decide which income,
# employment or property asks for which type are data (tables/data.yaml,
# loaded at data.heloc.documents.tables); the rules here only say when a
# table row applies. Every trigger is a {side, type, code} triple; the
# required count of a type follows from the table, the code explains why.
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
	"borrower": _person_result("borrower"),
	"coborrower": _coborrower_result,
	"totalRequired": _total_required,
	"totalMissing": _total_missing,
	"documents": {"borrower": _documents.borrower, "coborrower": _coborrower_documents},
}

# --- Input, guarded so that a missing optional field reads as empty ---

_obj(x) := x if {
	is_object(x)
} else := {}

_list(x) := x if {
	is_array(x)
} else := []

_app := _obj(object.get(input, "application", {}))

_flags := _obj(object.get(input, "flags", {}))

_today := object.get(input, "today", "")

# Spec §3 Application: a user and a coborrower; policy contract: "coborrower
# is null when the application has no coborrower".
_people["borrower"] := _obj(object.get(_app, "user", {}))

_people["coborrower"] := _app.coborrower if is_object(_app.coborrower)

_employments(p) := [e | some e in _list(object.get(p, "employments", [])); is_object(e)]

_income_sources(p) := [s | some s in _list(object.get(p, "incomeSources", [])); is_object(s)]

_mortgages := [m | some m in _list(object.get(_app, "mortgages", [])); is_object(m)]

_liabilities := [l | some l in _list(object.get(_app, "liabilities", [])); is_object(l)]

_uploads := [u | some u in _list(object.get(_app, "uploads", [])); is_object(u)]

# --- Employment predicates (spec §3 Employment, §4) ---

# A missing selfEmployedIndicator reads as not self-employed.
_self_employed(e) if object.get(e, "selfEmployedIndicator", false) == true

# Spec §3: "dataSource (any source other than Manual means verified)"; an
# absent or empty source is not verified.
_verified(e) if {
	source := object.get(e, "dataSource", null)
	is_string(source)
	source != ""
	not source in tables.triggers.employment.unverifiedSources
}

# Spec §4 "A date counts as current when it falls in or after the current
# month"; an endDate of null means current (spec §3).
_current(e) if employment.employment_current(e, _today)

# The people with a verified current job, as a set so that it is worked
# out once per decision rather than once per employment and type.
_has_verified_current_job contains side if {
	some side, p in _people
	some e in _employments(p)
	_current(e)
	_verified(e)
}

# Fannie Mae B3-3.2-01: ownership under 25% is "LessThan25Percent"; any
# other value, or none, is 25% or more.
_less_than_25(e) if object.get(e, "ownershipInterestType", "") == "LessThan25Percent"

# businessStructure is a field of the employment that the project adds (the
# business-information page asks it: screens.md); without it, "default".
_structure_documents(e) := docs if {
	docs := tables.triggers.selfEmployment.byStructure[e.businessStructure]
} else := tables.triggers.selfEmployment.byStructure["default"]

# --- Triggers: {side, type, code} ---

_t(side, type, code) := {"side": side, "type": type, "code": code}

# Spec §5: paystubs (4) and W-2 (2) for a person who has a non-self-employed
# employment and no verified current job.
_trigger contains _t(side, type, "employmentNotVerified") if {
	some side, p in _people
	some e in _employments(p)
	not _self_employed(e)
	not side in _has_verified_current_job
	some type in tables.triggers.employment.notVerified
}

# Spec §5 (bas: paystubs and W-2), §9 (rental agreements, alimony subtypes)
# and, where the spec is silent, the Fannie Mae sections cited in the table
# beside each income type.
_trigger contains _t(side, type, sprintf("%sIncome", [source.type])) if {
	some side, p in _people
	some source in _income_sources(p)
	is_string(source.type)
	some type in object.get(tables.triggers.income, source.type, [])
}

# Spec silent on 1099, K-1, business and personal tax returns: Fannie Mae
# B3-3.2-01 for a current self-employment of 25% or more, by business
# structure (see the table).
_trigger contains _t(side, type, "selfEmployed") if {
	some side, p in _people
	some e in _employments(p)
	_self_employed(e)
	_current(e)
	not _less_than_25(e)
	some type in _structure_documents(e)
}

# Fannie Mae B3-3.2-01: under 25% ownership, K-1s.
_trigger contains _t(side, type, "selfEmployedLessThan25Percent") if {
	some side, p in _people
	some e in _employments(p)
	_self_employed(e)
	_current(e)
	_less_than_25(e)
	some type in tables.triggers.selfEmployment.lessThan25Percent
}

# Ours (spec §9 gives only the count 1): an ID document when the person's
# electronic identity check did not pass (identityVerificationStatus, a
# field of the person that the project adds). Until the check has a result
# no ID document is asked, so the contract's example asks none.
_trigger contains _t(side, "idDocument", "identityNotVerified") if {
	some side, p in _people
	object.get(p, "identityVerificationStatus", "") in tables.triggers.identity.idDocumentStatuses
}

# Spec §5: property documents count on the borrower's side.
# Flood insurance when the property state is FL.
_trigger contains _t("borrower", "floodInsurance", "floodInsuranceState") if {
	state := object.get(_obj(object.get(_app, "property", {})), "state", "")
	is_string(state)
	upper(trim_space(state)) in tables.triggers.property.floodInsuranceStates
}

# Spec §5: a trust document when the property is in a trust.
_trigger contains _t("borrower", "trustDocument", "propertyInTrust") if {
	object.get(_app, "isInTrust", false) == true
}

# Spec §5: a property tax bill when there are no mortgages (an absent list
# is no mortgages).
_trigger contains _t("borrower", "propertyTaxBill", "noMortgage") if {
	count(_mortgages) == 0
}

# Spec §5: a solar panel statement "by a mortgage-based check". Ours: a
# mortgage held by a solar lender or recorded as a solar lien (table
# triggers.property; Fannie Mae B2-3-04).
_trigger contains _t("borrower", "solarPanelStatement", "solarLien") if {
	some m in _mortgages
	_solar(m)
}

_solar(m) if {
	creditor := object.get(m, "creditor", "")
	is_string(creditor)
	some keyword in tables.triggers.property.solarCreditorKeywords
	contains(lower(creditor), keyword)
}

_solar(m) if {
	type := object.get(m, "type", "")
	is_string(type)
	lower(type) in tables.triggers.property.solarLienTypes
}

# Spec §9: an educational loan statement per omitted liability. Ours: the
# omitted liabilities that are student loans (Fannie Mae B3-6-05).
_trigger contains _t(side, "educationalLoanStatement", "omittedStudentLoan") if {
	some side, _ in _people
	count(_omitted_student_loans(side)) > 0
}

_omitted_student_loans(side) := [l |
	some l in _liabilities
	object.get(l, "omitted", false) == true
	_student_loan(l)
	_liability_side(l) == side
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
	some s in _income_sources(_people[side])
	s.type == "rental"
])

# Spec §9: "one per omitted liability (minimum 1)".
_units(side, "omittedStudentLoan") := count(_omitted_student_loans(side))

_rental_units(s) := floor(s.rentalUnits) if {
	is_number(s.rentalUnits)
	s.rentalUnits >= 1
} else := 1

_count(_, type) := tables.types[type].count if {
	not tables.types[type].per
}

_count(side, type) := max([object.get(def, "minimum", 0), def.count * _units(side, def.per)]) if {
	def := tables.types[type]
	def.per
}

# A type is not asked when a type that includes it is asked as well (the two
# years of personal returns include the most recent one).
_subsumed(side, type) if {
	some bigger in object.get(tables.types[type], "subsumedBy", [])
	bigger in _triggered[side]
}

# The types triggered for each person, and each type's trigger codes.
_triggered[side] := {t.type | some t in _trigger; t.side == side} if {
	some side, _ in _people
}

_codes[side] := {type: sort({t.code | some t in _trigger; t.side == side; t.type == type}) |
	some type in _triggered[side]
} if {
	some side, _ in _people
}

# Policy contract: "Only types with a count above zero appear in required".
_required[side] := {type: n |
	some type in _triggered[side]
	not _subsumed(side, type)
	n := _count(side, type)
	n > 0
} if {
	some side, _ in _people
}

# Spec §5: "Missing documents = required count per type minus uploads of
# that type, computed separately for borrower and coborrower. Bank
# statements are excluded from the missing calculation."
_missing[side] := {type: m |
	some type, n in _required[side]
	object.get(tables.types[type], "countsAsMissing", true) != false
	m := n - _uploaded(side, type)
	m > 0
} if {
	some side, _ in _people
}

# An upload counts for the coborrower when isCoborrower is true, else for
# the borrower.
_upload_side(u) := "coborrower" if {
	object.get(u, "isCoborrower", false) == true
} else := "borrower"

_uploaded(side, type) := count([t | some t in _upload_types[side]; t == type])

_upload_types[side] := [object.get(u, "type", null) | some u in _uploads; _upload_side(u) == side] if {
	some side, _ in _people
}

# Spec §5: "ID document and educational loan statement are excluded from the
# total when a flag says so."
_excluded contains type if {
	some flag, type in tables.exclusionFlags
	object.get(_flags, flag, false) == true
}

_total_required := sum([n |
	some req in _required
	some type, n in req
	not type in _excluded
])

_total_missing := sum([m |
	some miss in _missing
	some type, m in miss
	not type in _excluded
])

_person_result(side) := {"required": _required[side], "missing": _missing[side]}

default _coborrower_result := null

_coborrower_result := _person_result("coborrower") if _people.coborrower

# --- What the borrower sees (spec §9 labels, categories, subtypes) ---

default _coborrower_documents := null

_coborrower_documents := _documents.coborrower if _people.coborrower

_type_order := [pair[1] | some pair in sort([[object.get(def, "order", 0), type] | some type, def in tables.types])]

_documents[side] := [_entry(side, type, n) |
	some type in _type_order
	n := _required[side][type]
] if {
	some side, _ in _people
}

_entry(side, type, n) := object.union(
	{
		"type": type,
		"label": _label(tables.types[type], n),
		"category": tables.types[type].category,
		"required": n,
		"uploaded": _uploaded(side, type),
		"missing": object.get(_missing[side], type, 0),
		"countsInTotal": _counts_in_total(type),
		"reasons": [{"code": code, "message": object.get(tables.reasons, code, code)} |
			some code in _codes[side][type]
		],
	},
	object.union(_items(tables.types[type], n), _subtypes(tables.types[type])),
)

_counts_in_total(type) := false if {
	type in _excluded
} else := true

# Spec §9 "W-2 labels use the two previous calendar years": {years} in a
# label names the previous calendar years of input.today, one per document,
# and `itemLabel` gives each document its own line. "Bank statements cover
# the last 12 months": {months}.
_label(def, n) := strings.replace_n(
	{
		"{count}": format_int(n, 10),
		"{years}": _join_and(_previous_years(n)),
		"{months}": format_int(object.get(def, "coversMonths", 0), 10),
	},
	def.label,
)

_items(def, n) := {"items": [replace(def.itemLabel, "{year}", year) | some year in _previous_years(n)]} if {
	is_string(def.itemLabel)
} else := {}

_subtypes(def) := {"subtypes": def.subtypes} if {
	is_array(def.subtypes)
} else := {}

default _this_year := 0

_this_year := to_number(substring(_today, 0, 4)) if regex.match(`^[0-9]{4}-`, _today)

_previous_years(n) := [format_int(_this_year - i, 10) | some i in numbers.range(1, n)]

_join_and(words) := words[0] if count(words) == 1

_join_and(words) := sprintf("%s and %s", [
	concat(", ", array.slice(words, 0, count(words) - 1)),
	words[count(words) - 1],
]) if count(words) > 1
