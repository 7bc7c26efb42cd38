# heloc.documents: what the upload page shows of each person's required
# documents, in the table's display order: category, label (with its counts,
# months and years filled in), counts, reasons, subtypes and item labels.

package heloc.documents

import rego.v1

# ---------------------------------------------------------------------------
# What the upload page shows (spec §9 labels, categories, subtypes)
# ---------------------------------------------------------------------------

# A person's required types in the table's display order (its `order`, then
# the type's name: _policy_asked), then the documents of the underwriting
# conditions. Each entry has the type's category and label, the
# person's counts and the reasons it is asked for, and, where the type's row
# has them, the kinds of document that satisfy it (subtypes) and one label
# per document, {year} being each previous calendar year (items).
_documents(side) := array.concat(_policy_documents(side), _condition_documents(side))

_policy_documents(side) := [object.union(object.union(entry, subtypes), items) |
	missing := object.get(_policy_missing, side, {})
	counts_in_total := _counts_in_total
	some [_, type, n, uploaded, why, row] in object.get(_policy_asked, side, [])
	entry := {
		"type": type,
		"category": row.category,
		"label": _label(row, n),
		"required": n,
		"uploaded": uploaded,
		"missing": object.get(missing, type, 0),
		"countsInTotal": object.get(counts_in_total, type, true),
		"reasons": sort(why),
	}
	subtypes := {"subtypes": row.subtypes | is_array(row.subtypes)}
	items := {"items": [replace(row.itemLabel, "{year}", year) | some year in _previous_years(n)] | is_string(row.itemLabel)}
]

_documents_or_null(side) := _documents(side) if {
	_people[side]
} else := null

# Whether an entry counts in the totals: not for an excluded type.
_counts_in_total := {type: false | some type in _excluded}

# A label with its placeholders filled in: {count} is the number required,
# {months} the months the documents cover (coversMonths), and {years} the
# previous calendar years of input.today, one per document (spec §9 "W-2
# labels use the two previous calendar years"). A label without a
# placeholder is shown as it is written; the years are worked out only for
# a label that names them.
_label(row, n) := row.label if {
	not contains(row.label, "{")
} else := strings.replace_n(
	{
		"{count}": format_int(n, 10),
		"{months}": format_int(object.get(row, "coversMonths", 0), 10),
		"{years}": _join_and(_previous_years(n)),
	},
	row.label,
) if {
	contains(row.label, "{years}")
} else := strings.replace_n(
	{
		"{count}": format_int(n, 10),
		"{months}": format_int(object.get(row, "coversMonths", 0), 10),
	},
	row.label,
)

# The n calendar years before the year of input.today, latest first.
_previous_years(n) := [format_int(_this_year - i, 10) | some i in numbers.range(1, n)]

# The year of input.today (0 when today is not a date).
default _this_year := 0

_this_year := to_number(substring(_today, 0, 4)) if {
	is_string(_today)
	regex.match(`^[0-9]{4}-`, _today)
}

# "2025 and 2024"; "2025, 2024 and 2023".
_join_and(words) := words[0] if count(words) == 1

_join_and(words) := sprintf("%s and %s", [
	concat(", ", array.slice(words, 0, count(words) - 1)),
	words[count(words) - 1],
]) if count(words) > 1
