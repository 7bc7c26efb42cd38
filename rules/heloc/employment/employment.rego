# Employment gaps and the default start of a new employment (product spec
# §4 "Employment gap logic", §9 "Gap threshold").
#
# The threshold (31 days) and the window (2 years) are data
# (tables/data.yaml, loaded at data.heloc.employment.tables). Dates are
# yyyy-MM-dd strings, which order the same way as the dates they name, so
# the rules compare the strings and turn them into days only to count.
#
# current/2 and employment_current/2 are the spec's "current" and are shared
# with heloc.documents (functions are not entrypoints).
package heloc.employment

import rego.v1

import data.heloc.employment.tables

# data.heloc.employment.history (policy contract): gaps and nextStartDate.
# windowStart, currentlyEmployed and trailingGap are ours (see below).
default history := {
	"gaps": [],
	"nextStartDate": null,
	"windowStart": null,
	"currentlyEmployed": false,
	"trailingGap": null,
}

history := {
	"gaps": [{"from": g[0], "to": g[1], "days": g[2]} | some g in sort(_gaps)],
	"nextStartDate": _next_start_date,
	"windowStart": _window_start,
	"currentlyEmployed": _currently_employed,
	"trailingGap": _trailing_gap,
}

# --- The spec's "current" (§4), shared with heloc.documents ---

# Spec §4: "A date counts as current when it falls in or after the current
# month" (of today).
current(date, today) if {
	is_date(date)
	is_date(today)
	substring(date, 0, 7) >= substring(today, 0, 7)
}

# Spec §3 Employment: "endDate (nullable; null means current)"; otherwise
# the end date is current by §4. An absent endDate reads as null. (Written
# with `else` so that a null endDate stops at the first line.)
employment_current(e, today) if {
	object.get(e, "endDate", null) == null
} else if {
	current(e.endDate, today)
}

# A yyyy-MM-dd string naming a real calendar date (2026-02-30 is not one).
is_date(d) if {
	is_string(d)
	regex.match(`^[0-9]{4}-[0-9]{2}-[0-9]{2}$`, d)
	time.parse_ns("2006-01-02", d)
}

# --- Input ---

_today := input.today if is_date(input.today)

default _employments := []

_employments := [e |
	some e in object.get(input, "employments", [])
	is_object(e)
] if is_array(object.get(input, "employments", []))

# The employments that count, each as [start, end]: a valid startDate, and
# an endDate that is null (absent reads as null: current, spec §3) or a
# valid date. Each date is checked here once; the rules below only compare.
_dated contains [start, null] if {
	some e in _employments
	start := e.startDate
	is_date(start)
	object.get(e, "endDate", null) == null
}

_dated contains [start, end] if {
	some e in _employments
	start := e.startDate
	is_date(start)
	end := e.endDate
	is_date(end)
}

# Each employment as the stretch [start, end] it covers. An endDate of null
# covers up to today (a start after today covers nothing and only marks where
# the next job begins). Entries without a valid startDate, with an invalid
# endDate, or ending before they start, are left out.
_spans contains [start, max([_today, start])] if {
	some [start, null] in _dated
}

_spans contains [start, end] if {
	some [start, end] in _dated
	end != null
	start <= end
}

# --- Gaps (spec §4) ---

# Spec §4 and §9: gaps count within the last `windowYears` years.
_window_start := _format(time.add_date(_ns(_today), 0 - tables.windowYears, 0, 0))

# Spec §4: "A gap is reported where more than 31 days lie between
# employments within the last 2 years." Policy contract: overlapping
# employments cover one stretch, and a gap is a stretch inside the window
# that no employment covers, between the end of one and the start of the
# next; only the part inside the window counts.
#
# An end is where a stretch stops when no employment covers the time just
# after it; the gap runs from it to the earliest start after it. Ours, from
# the contract's "between the end of one and the start of the next": the
# time before the first employment is no gap (nothing ended there; a first
# job after school is not a gap), and the time after the last one is not in
# `gaps` but in `trailingGap`. An employment entirely before the window still
# ends a stretch, so a gap that began before the window counts from the
# window's start.
#
# (The spans are bound once and "no employment covers the time just after
# end" is a count in place, as a rule lookup or function call per span
# costs more than the comparisons.)
_gaps contains [from, to, days] if {
	spans := _spans
	some [_, end] in spans
	count({start | some [start, stop] in spans; start <= end; stop > end}) == 0
	next := min({start | some [start, _] in spans; start > end})
	from := max([end, _window_start])
	to := min([next, _today])
	from < to
	days := _days(from, to)
	days > tables.gapThresholdDays
}

# Ours: currentlyEmployed is true when some employment is current (§4): one
# without an end date (spec §3), or one whose end date is current.
default _currently_employed := false

_currently_employed if {
	some [_, null] in _dated
}

_currently_employed if {
	some [_, end] in _dated
	current(end, _today)
}

# Ours (spec silent): with no current employment, the time from the latest
# end to today, inside the window, when longer than the threshold. It is
# kept apart from `gaps`, which the contract defines between two
# employments, so that the application can ask about it ("are you working
# now?") without counting it as a gap between jobs.
default _trailing_gap := null

_trailing_gap := {"from": from, "to": _today, "days": days} if {
	not _currently_employed
	from := max([max({end | some [_, end] in _spans}), _window_start])
	from < _today
	days := _days(from, _today)
	days > tables.gapThresholdDays
}

# --- nextStartDate (spec §4) ---

# Spec §4: "the month after the latest end date, or two years back if none
# exists"; policy contract: its first day.
default _next_start_date := null

_next_start_date := _first_of_next_month(max(_end_dates)) if {
	count(_end_dates) > 0
} else := sprintf("%04d-%s-01", [
	to_number(substring(_today, 0, 4)) - tables.defaultStartYearsBack,
	substring(_today, 5, 2),
])

# The end dates of the employments that _spans keeps (a valid start, an end
# on or after it).
_end_dates := {end |
	some [start, end] in _dated
	end != null
	start <= end
}

_first_of_next_month(date) := sprintf("%04d-%02d-01", [year + 1, 1]) if {
	year := to_number(substring(date, 0, 4))
	substring(date, 5, 2) == "12"
} else := sprintf("%04d-%02d-01", [year, month + 1]) if {
	year := to_number(substring(date, 0, 4))
	month := to_number(substring(date, 5, 2))
	month < 12
}

# --- Dates ---

_ns(date) := time.parse_ns("2006-01-02", date)

_format(ns) := time.format([ns, "UTC", "2006-01-02"])

# Whole days from one date to a later one (both at midnight UTC).
_days(from, to) := (_ns(to) - _ns(from)) / 86400000000000
