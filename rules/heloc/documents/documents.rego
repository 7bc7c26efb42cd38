# Required and missing documents (product spec §5 "Required documents", §9
# "Required document counts", "Document categories", "ID subtypes").
#
# The counts, categories, labels and the lists that decide which income,
# employment or property asks for which type are data (tables/data.yaml,
# loaded at data.heloc.documents.tables); the rules here only say when a
# table row applies. Every trigger asks a person for types, each with a
# reason code; the required count of a type follows from the table, the
# code explains why.
#
# Written for speed as well as reading: every decision of the upload page
# runs this policy, and each rule, function call, comprehension, iteration
# and object built costs time.
#   - What follows from the tables alone is worked out in one rule that
#     reads no input, _lookup (at the end): the engine works such rules out
#     once per policy revision (server/policy, fold), so an evaluation only
#     looks it up. Evaluated as written (opa eval, opa test) it gives the
#     same value, only worked out in each evaluation. A rule binds it to a
#     local name (lk) once rather than look it up again for each use.
#   - What a trigger asks is one record of _lookup: the types it asks and
#     its reason for each. A person's records are merged with one
#     object.union_n; what they see of each required type is the type's
#     entry of _lookup with their counts and reasons put in. The entries
#     are keyed by a string that sorts in display order (_keys), so that
#     they are listed in that order as they are. Labels that name the years
#     are ready for each year.
#   - Each person is decided by one call of _decide with what is theirs.
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
	"borrower": {"required": borrower.required, "missing": borrower.missing},
	"coborrower": object.get(coborrower, "result", null),
	"totalRequired": borrower.totalRequired + coborrower.totalRequired,
	"totalMissing": borrower.totalMissing + coborrower.totalMissing,
	"documents": {"borrower": borrower.documents, "coborrower": object.get(coborrower, "documents", null)},
} if {
	borrower := _borrower
	coborrower := _coborrower
}

# --- Input, guarded so that a missing optional field reads as empty ---

_app := app if {
	app := object.get(input, "application", {})
	is_object(app)
} else := {} if is_object(input)

# Spec §9: today decides the years that W-2 labels name (the policy never
# reads the clock).
_today := object.get(input, "today", "")

# The list x[key] ([] when it is absent or not a list). Its entries that
# are not objects are left out where they are used: a field of a
# non-object is undefined, so they ask nothing.
_list(x, key) := list if {
	list := object.get(x, key, [])
	is_array(list)
} else := []

# Spec §5: the documents uploaded, each {type, isCoborrower}.
_uploads := _list(_app, "uploads")

# Spec §3 Application: a user and a coborrower. Policy contract: the result
# for the coborrower is null when the application has no coborrower (here
# without one: no result, no documents, nothing in the totals). An upload
# counts for the coborrower when isCoborrower is true, else for the
# borrower.
_borrower := _decide(
	object.get(_app, "user", {}),
	_property_asks,
	[u.type | some u in _uploads; object.get(u, "isCoborrower", false) != true],
	"borrower",
)

# The coborrower's decision, with the contract's result for them; without a
# coborrower, nothing to add to the totals.
default _coborrower := {"totalRequired": 0, "totalMissing": 0}

_coborrower := object.union(d, {"result": {"required": d.required, "missing": d.missing}}) if {
	p := _app.coborrower
	is_object(p)
	d := _decide(p, [], [u.type | some u in _uploads; u.isCoborrower == true], "coborrower")
}

# --- One person ---

# _decide(p, asks, uploads, side): the required and missing types of the
# person p, their totals and what they see, given the asks (records of
# _lookup) that fall to them beyond their own data (the property's fall to
# the borrower) and the types of their uploads. side names them (borrower
# or coborrower).
_decide(p, asks, uploads, side) := {
	"required": required,
	"missing": missing,
	"totalRequired": sum([n | some n in object.remove(required, excluded)]),
	"totalMissing": sum([n | some n in object.remove(missing, excluded)]),
	"documents": [entry | some entry in entries],
} if {
	lk := _lookup
	excluded := _excluded
	jobs := _list(p, "employments")
	incomes := _list(p, "incomeSources")
	loans := count([1 | some s in _omitted_student_loan_sides; s == side])

	# Every record that asks this person for something.
	records := array.concat(
		array.concat(asks, _employment_asks(jobs, lk)),
		array.concat(
			[lk.income[s.type] | some s in incomes],
			array.concat(
				[_self_employment_asks(e, lk) | some e in jobs; e.selfEmployedIndicator == true; employment.employment_current(e, _today)],
				array.concat(
					[lk.id | lk.idStatuses[object.get(p, "identityVerificationStatus", "")]],
					[lk.studentLoan | loans > 0],
				),
			),
		),
	)

	# asked: type -> its key (_keys), for every type asked; codes: type ->
	# {code: reason}, the reasons each type is asked for.
	asked := object.union_n([record.types | some record in records])
	codes := object.union_n([record.codes | some record in records])

	# Policy contract: "Only types with a count above zero appear in
	# required". A type is not asked when a type that includes it
	# (subsumedBy) is asked as well: the two years of personal returns
	# include the most recent one. The types counted as a whole are taken
	# from the table in one step; only the few counted per unit (spec §9:
	# at least their minimum) are worked out one by one.
	required := object.remove(
		object.union(
			object.filter(lk.fixedCounts, asked),
			{type: n |
				some type, def in lk.perUnit
				asked[type]
				n := max([object.get(def, "minimum", 0), def.count * _units(def.per, incomes, loans)])
				n > 0
			},
		),
		{type | some type, bigger in lk.subsumedBy; asked[type]; asked[bigger[_]]},
	)

	# How many uploads of each required type the person has.
	uploaded := {type: count([1 | uploads[_] == type]) | some type in uploads; required[type]}

	# Spec §5: "Missing documents = required count per type minus uploads
	# of that type, computed separately for borrower and coborrower. Bank
	# statements are excluded from the missing calculation." The required
	# types that count as missing are taken in one step; only the types the
	# person uploaded are looked at one by one.
	counted := object.remove(required, lk.notCountedAsMissing)
	missing := object.remove(
		object.union(counted, {type: m | some type, n in uploaded; m := counted[type] - n; m > 0}),
		{type | some type, n in uploaded; counted[type] <= n},
	)

	# What the person sees of each required type, keyed in display order:
	# the type as the table shows it (lk.entry), with this person's counts,
	# reasons and exclusion from the totals, and the label and items that
	# name the years where the type has them.
	included := {type: false | some type in excluded}
	dynamic := {type: _dynamic_fields(type, def, required[type], lk) | some type, def in lk.dynamic; required[type]}
	entries := {asked[type]: object.union_n([
		lk.entry[type],
		{
			"required": n,
			"uploaded": object.get(uploaded, type, 0),
			"missing": object.get(missing, type, 0),
			"countsInTotal": object.get(included, type, true),
			"reasons": [reason | some reason in codes[type]],
		},
		object.get(dynamic, type, {}),
	]) |
		some type, n in required
	}
}

# --- Triggers (what a person's data asks) ---
#
# The employment predicates, written in place:
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

# Spec §5: paystubs (4) and W-2 (2) for a person who has a non-self-employed
# employment and no verified current job.
_employment_asks(jobs, lk) := [lk.employment] if {
	some e in jobs
	object.get(e, "selfEmployedIndicator", false) != true
	not _verified_current(jobs, lk)
} else := []

# Some job is verified and current.
_verified_current(jobs, lk) if {
	some e in jobs
	is_string(e.dataSource)
	e.dataSource != ""
	not lk.unverifiedSources[e.dataSource]
	employment.employment_current(e, _today)
}

# Spec §5 (bas: paystubs and W-2), §9 (rental agreements, alimony subtypes)
# and, where the spec is silent, the Fannie Mae sections cited in the table
# beside each income type: lk.income[<income type>], with the code
# "<income type>Income".

# Spec silent on 1099, K-1, business and personal tax returns: Fannie Mae
# B3-3.2-01. A current self-employment under 25% asks K-1s; one of 25% or
# more asks by business structure (see the table). businessStructure is a
# field of the employment that the project adds (the business-information
# page asks it: screens.md); without it, or with one the table does not
# list, "default".
_self_employment_asks(e, lk) := lk.lessThan25Percent if {
	e.ownershipInterestType == "LessThan25Percent"
} else := asks if {
	asks := lk.structure[e.businessStructure]
} else := lk.structure["default"]

# Ours (spec §9 gives only the count 1): an ID document when the person's
# electronic identity check did not pass (identityVerificationStatus, a
# field of the person that the project adds): lk.id, in _decide. Until the
# check has a result no ID document is asked, so the contract's example
# asks none.

# Spec §5: property documents count on the borrower's side.
_property_asks := array.concat(array.concat(flood, trust), array.concat(tax_bill, solar)) if {
	lk := _lookup
	mortgages := [m | some m in _list(_app, "mortgages"); is_object(m)]

	# Spec §5: flood insurance when the property state is FL.
	flood := [lk.flood |
		state := object.get(_app, ["property", "state"], "")
		is_string(state)
		lk.floodStates[upper(trim_space(state))]
	]

	# Spec §5: a trust document when the property is in a trust.
	trust := [lk.trust | object.get(_app, "isInTrust", false) == true]

	# Spec §5: a property tax bill when there are no mortgages (an absent
	# list is no mortgages).
	tax_bill := [lk.taxBill | count(mortgages) == 0]

	# Spec §5: a solar panel statement "by a mortgage-based check". Ours: a
	# mortgage held by a solar lender (its creditor, in lower case, holds a
	# solar creditor keyword) or recorded as a solar lien (table
	# triggers.property; Fannie Mae B2-3-04).
	solar_creditors := [m |
		some m in mortgages
		creditor := object.get(m, "creditor", "")
		is_string(creditor)
		regex.match(lk.solarPattern, lower(creditor))
	]
	solar_liens := [m |
		some m in mortgages
		type := object.get(m, "type", "")
		is_string(type)
		lk.solarLienTypes[lower(type)]
	]
	solar := [lk.solar | count(solar_creditors) + count(solar_liens) > 0]
}

# Spec §9: an educational loan statement per omitted liability. Ours: the
# omitted liabilities that are student loans (Fannie Mae B3-6-05). The side
# each one counts on, one entry per loan.
_omitted_student_loan_sides := [_liability_side(l) |
	student_loan_types := _lookup.studentLoanTypes
	some l in _list(_app, "liabilities")
	l.omitted == true
	type := object.get(l, "type", "")
	is_string(type)
	student_loan_types[lower(type)]
]

# Spec §3 Liability: debtor is borrower, coborrower or joint. Ours: joint
# (or no debtor) counts once, on the borrower's side; a coborrower's debt
# without a coborrower on the application falls to the borrower.
_liability_side(l) := "coborrower" if {
	object.get(l, "debtor", "") == "coborrower"
	is_object(_app.coborrower)
} else := "borrower"

# Spec §5: "ID document and educational loan statement are excluded from the
# total when a flag says so."
_excluded contains type if {
	flags := object.get(input, "flags", {})
	is_object(flags)
	some flag, type in tables.exclusionFlags
	object.get(flags, flag, false) == true
}

# --- Counts and labels (spec §9) ---

# Spec §9: "one per rental unit (minimum 1)". Ours: a rental income source
# without a usable rentalUnits counts as one unit.
_units("rentalUnit", incomes, _) := sum([_rental_units(s) | some s in incomes; s.type == "rental"])

# Spec §9: "one per omitted liability (minimum 1)".
_units("omittedStudentLoan", _, loans) := loans

# The units of a rental income source: its rentalUnits, whole, or 1.
_rental_units(s) := floor(s.rentalUnits) if {
	is_number(s.rentalUnits)
	s.rentalUnits >= 1
} else := 1

# Spec §9 "W-2 labels use the two previous calendar years": {years} in a
# label names the previous calendar years of input.today, one per document,
# and `itemLabel` gives each document its own line (items). A type counted
# as a whole has them ready in _fields_by_year for each year of this and the
# next centuries (the year of input.today is all that decides them);
# otherwise they are filled in here.
_dynamic_fields(type, def, n, _) := _fields_by_year[type][_this_year] if {
	not def.per
} else := _fields_in(def, n, _this_year)

# For each type counted as a whole whose label or items depend on the year
# of input.today, its label and items for each year from 2000 to 2199. (A
# rule of keys rather than one value, so that evaluated as written it works
# out only the type and year it is asked for.)
_fields_by_year[type][year] := _fields_in(def, def.count, year) if {
	some type, def in tables.types
	_dynamic(def)
	not def.per
	some year in numbers.range(2000, 2199)
}

# The year of input.today (0 when today is not a date).
default _this_year := 0

_this_year := to_number(substring(_today, 0, 4)) if regex.match(`^[0-9]{4}-`, _today)

# The label of a type whose label or items depend on the input, as of the
# year `year`, for n documents and, when it has an itemLabel, its items.
_fields_in(def, n, year) := object.union(
	{"label": _label(def, n, year)},
	{"items": [replace(def.itemLabel, "{year}", y) | some y in _years_before(year, n)] | is_string(def.itemLabel)},
)

# The n calendar years before year, latest first.
_years_before(year, n) := [format_int(year - i, 10) | some i in numbers.range(1, n)]

# A label filled in: {years} (as above, before the year `year`), {months}
# (spec §9 "Bank statements cover the last 12 months": coversMonths) and
# {count}, the count required. A label without a placeholder is used as it
# is.
_label(def, n, year) := strings.replace_n(
	{
		"{count}": format_int(n, 10),
		"{years}": _join_and(_years_before(year, n)),
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

# "2025 and 2024"; "2025, 2024 and 2023".
_join_and(words) := words[0] if count(words) == 1

_join_and(words) := sprintf("%s and %s", [
	concat(", ", array.slice(words, 0, count(words) - 1)),
	words[count(words) - 1],
]) if count(words) > 1

# --- Lookups: the tables as the rules above use them (no input) ---

_lookup := {
	# What each trigger asks, as a record (_record). Spec §5: an employment
	# that is not verified; spec §5 and §9 (and Fannie Mae where the table
	# cites it): each income type, with the code "<income type>Income";
	# Fannie Mae B3-3.2-01: a current self-employment of 25% or more by
	# business structure ("default" for one not listed), and one under 25%;
	# ours: an identity check that did not pass; spec §5: flood insurance,
	# a property in a trust, no mortgages, a solar lien; spec §9: an omitted
	# student loan.
	"employment": _record(tables.triggers.employment.notVerified, "employmentNotVerified"),
	"income": {income: _record(types, concat("", [income, "Income"])) | some income, types in tables.triggers.income},
	"structure": {structure: _record(types, "selfEmployed") | some structure, types in tables.triggers.selfEmployment.byStructure},
	"lessThan25Percent": _record(tables.triggers.selfEmployment.lessThan25Percent, "selfEmployedLessThan25Percent"),
	"id": _record(["idDocument"], "identityNotVerified"),
	"flood": _record(["floodInsurance"], "floodInsuranceState"),
	"trust": _record(["trustDocument"], "propertyInTrust"),
	"taxBill": _record(["propertyTaxBill"], "noMortgage"),
	"solar": _record(["solarPanelStatement"], "solarLien"),
	"studentLoan": _record(["educationalLoanStatement"], "omittedStudentLoan"),
	# The values the triggers compare with, as sets.
	"unverifiedSources": {s | some s in tables.triggers.employment.unverifiedSources},
	"idStatuses": {s | some s in tables.triggers.identity.idDocumentStatuses},
	"floodStates": {s | some s in tables.triggers.property.floodInsuranceStates},
	"solarLienTypes": {s | some s in tables.triggers.property.solarLienTypes},
	"studentLoanTypes": {s | some s in tables.triggers.liabilities.studentLoanTypes},
	# The solar creditor keywords as one pattern (_solar_pattern).
	"solarPattern": _solar_pattern,
	# Spec §9: the count of each type counted as a whole (without `per`),
	# the types counted per unit, with their rows, and the types another
	# type includes (subsumedBy), with those types.
	"fixedCounts": {type: def.count | some type, def in tables.types; not def.per; def.count > 0},
	"perUnit": {type: def | some type, def in tables.types; def.per},
	"subsumedBy": {type: def.subsumedBy | some type, def in tables.types; def.subsumedBy},
	# Spec §5: the types left out of `missing` (countsAsMissing false).
	"notCountedAsMissing": {type | some type, def in tables.types; def.countsAsMissing == false},
	# The types whose label or items depend on the input, with their rows.
	"dynamic": {type: def | some type, def in tables.types; _dynamic(def)},
	# What the borrower sees of each type before a person's counts and
	# reasons are put in (_entry).
	"entry": {type: _entry(type, def) | some type, def in tables.types},
}

# The record of a trigger that asks for types with a reason code:
#   types: type -> its key (_keys), for each type asked;
#   codes: type -> {code: reason}, for each type asked, so that the
#     records of a person, merged, list every reason of a type asked for
#     more than one.
# The reason is {code, message} (spec §9 and the table's reasons; a code
# without a message shows itself).
_record(types, code) := {
	"types": {type: _keys[type] | some type in types; tables.types[type]},
	"codes": {type: {code: reason} | some type in types; tables.types[type]},
} if {
	reason := {"code": code, "message": object.get(object.get(tables, "reasons", {}), code, code)}
}

# Each type's key: a string that sorts in display order (the table's
# `order`, then the type's name), its position in that order written with
# as many digits as the last position needs ("07").
_keys := {type: sprintf("%0*d", [count(format_int(count(ranked), 10)), i]) | some i, [_, type] in ranked} if {
	ranked := sort([[object.get(def, "order", 0), type] | some type, def in tables.types])
}

# The solar creditor keywords as one pattern that matches a name holding
# any of them, each keyword taken literally (and one that matches nothing
# when there are none).
_solar_pattern := concat("|", [strings.replace_n(_regex_escapes, keyword) | some keyword in keywords]) if {
	keywords := tables.triggers.property.solarCreditorKeywords
	count(keywords) > 0
} else := `[^\s\S]`

# The characters a regular expression reads as operators, escaped.
_regex_escapes := {
	"\\": "\\\\", ".": "\\.", "+": "\\+", "*": "\\*", "?": "\\?", "(": "\\(", ")": "\\)",
	"|": "\\|", "[": "\\[", "]": "\\]", "{": "\\{", "}": "\\}", "^": "\\^", "$": "\\$",
}

# What the borrower sees of a type, before a person's counts and reasons
# are put in (spec §9 labels, categories, subtypes): its type and category,
# the kinds of document that satisfy it (subtypes) when the table gives
# them, and its label unless the label depends on the input
# (_dynamic_label).
_entry(type, def) := object.union_n([
	{"type": type, "category": def.category},
	{"subtypes": def.subtypes | is_array(def.subtypes)},
	{"label": _static_label(def) | not _dynamic_label(def)},
])

# A type whose label or items depend on the input: a label naming the years
# (of input.today), a label naming the count of a type counted per unit, or
# one line per document (itemLabel).
_dynamic(def) if _dynamic_label(def)

_dynamic(def) if is_string(def.itemLabel)

_dynamic_label(def) if contains(def.label, "{years}")

_dynamic_label(def) if {
	def.per
	contains(def.label, "{count}")
}

# The label of a type that names neither the years nor (counted per unit)
# its count: {count} is the table's count, {months} its coversMonths.
_static_label(def) := def.label if {
	not contains(def.label, "{")
} else := strings.replace_n(
	{
		"{count}": format_int(def.count, 10),
		"{months}": format_int(object.get(def, "coversMonths", 0), 10),
	},
	def.label,
)
