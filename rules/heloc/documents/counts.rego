# heloc.documents: the counts. How many documents of each type each person is
# asked for (the table's count, or its count per unit), how many are still
# missing after their uploads, and the totals, with the underwriting
# conditions' documents added (conditions.rego). The requirement rules that
# ask are in documents.rego.

package heloc.documents

import rego.v1

import data.heloc.documents.tables

# ---------------------------------------------------------------------------
# Counts, missing documents and totals (spec §5, §9)
# ---------------------------------------------------------------------------

# Person -> the types asked of them -> the reasons they are asked for (each
# ask's reason for each document it lists).
_reasons[side][type] contains ask.reason if {
	some ask in _asks
	side := ask.person
	some type in ask.documents
}

# Spec §9: person -> the types the rules above require of them, worked out
# once for the counts below and the upload page, in the table's display
# order (its `order`, then the type's name). Each is
# [order, type, number required, number uploaded, reasons, row]: the
# person's uploads of the type (_uploaded), the reasons it is asked for
# (_reasons) and its row of tables.types. Only types of the table are
# asked. A type is not required when a type that includes it (subsumedBy)
# is asked as well: the two years of personal returns include the most
# recent one. Policy contract: only types with a count above zero appear.
_policy_asked[side] := sort([[object.get(row, "order", 0), type, n, object.get(uploaded, type, 0), why, row] |
	some type, why in reasons
	row := types[type]
	not _subsumed(row, reasons)
	n := _count(side, row)
	n > 0
]) if {
	types := tables.types
	some side, reasons in _reasons
	uploaded := _uploaded[side]
}

# Person -> type -> the number of documents the rules above require.
_policy_required := {side: {type: n | some [_, type, n, _, _, _] in asked} | some side, asked in _policy_asked}

_subsumed(row, reasons) if {
	some bigger in row.subsumedBy
	reasons[bigger]
}

# A type counted per unit (spec §9 "one per rental unit (minimum 1)", "one
# per omitted liability (minimum 1)"): its count per unit times the person's
# units, never below its minimum. Any other type: its count.
_count(side, row) := max([object.get(row, "minimum", 0), row.count * _units(side, row.per)]) if {
	row.per
} else := row.count

# Rental units of the person's rental income sources.
_units(side, "rentalUnit") := sum([_rental_units(source) |
	some source in _income_sources[side]
	source.type == "rental"
])

# Omitted student loans on the person's side.
_units(side, "omittedStudentLoan") := count([loan |
	some loan in _omitted_student_loans
	_debtor_side(loan) == side
])

# Lender practice (spec §9 says only "one per rental unit"): a rental income
# source without a usable rentalUnits counts as one unit; a fraction counts
# its whole units.
_rental_units(source) := floor(source.rentalUnits) if {
	is_number(source.rentalUnits)
	source.rentalUnits >= 1
} else := 1

# Spec §5: "Missing documents = required count per type minus uploads of
# that type, computed separately for borrower and coborrower. Bank statements
# are excluded from the missing calculation": a type whose row has
# countsAsMissing false is never missing (_counts_as_missing, written out
# here). Person -> type -> the number still missing of what the rules above
# require.
_policy_missing := {side: {type: short |
	some [_, type, n, uploaded, _, row] in asked
	not row.countsAsMissing == false
	short := n - uploaded
	short > 0
} |
	some side, asked in _policy_asked
}

_counts_as_missing(row) if object.get(row, "countsAsMissing", true) != false

# What the result counts: the rules' own requirements and the underwriting
# conditions' documents added up, per person and type (policy contract:
# only counts above zero appear).
_required := _add(_policy_required, _condition_counts("required"))

_missing := _add(_policy_missing, _condition_counts("missing"))

# Without conditions' counts (b is {}), the sum is a itself: its counts are
# all above zero already.
_add(a, b) := a if {
	count(b) == 0
} else := {side: {type: n |
	some type in (object.keys(object.get(a, side, {})) | object.keys(object.get(b, side, {})))
	n := object.get(a, [side, type], 0) + object.get(b, [side, type], 0)
	n > 0
} |
	some side in (object.keys(a) | object.keys(b))
}

# Spec §5: person -> type -> how many uploads of that type the person has.
# An upload is the coborrower's when isCoborrower is true, else the
# borrower's.
# An upload made for an underwriting condition (conditionId) answers that
# condition only (_condition_requests), so it is not counted here.
_uploaded := {side: {type: count([t | some t in types; t == type]) | some type in {t | some t in types}} |
	some side, types in {
		"borrower": [upload.type | some upload in _uploads; not upload.isCoborrower == true; not _for_condition(upload)],
		"coborrower": [upload.type | some upload in _uploads; upload.isCoborrower == true; not _for_condition(upload)],
	}
}

_for_condition(upload) if {
	is_string(upload.conditionId)
	upload.conditionId != ""
}

# Spec §5: "ID document and educational loan statement are excluded from the
# total when a flag says so" (tables.exclusionFlags: flag -> type).
_excluded contains type if {
	some flag, type in tables.exclusionFlags
	object.get(_flags, flag, false) == true
}

# A total adds the counts of both people, less the excluded types.
_total(counts) := sum([n | some by_type in counts; some n in object.remove(by_type, _excluded)])

# A person asked for nothing has nothing required and nothing missing.
_result(side) := {"required": object.get(_required, side, {}), "missing": object.get(_missing, side, {})}

# Policy contract: the coborrower's result is null when the application has
# no coborrower.
_result_or_null(side) := _result(side) if {
	_people[side]
} else := null
