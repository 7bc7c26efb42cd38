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
#
# Written for speed as well as reading (the employment page asks at every
# change): the history is worked out in one rule, _history, each step of it
# a line there, since every rule and function evaluated costs more than the
# comparisons in it; each date is checked once.
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
	"gaps": [{"from": g[0], "to": g[1], "days": g[2]} | some g in sort(h.gaps)],
	"nextStartDate": h.nextStartDate,
	"windowStart": h.windowStart,
	"currentlyEmployed": h.currentlyEmployed,
	"trailingGap": h.trailingGap,
} if h := _history

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

# --- The history (spec §4) ---

_history := {
	"gaps": gaps,
	"nextStartDate": next_start,
	"windowStart": window_start,
	"currentlyEmployed": employed,
	"trailingGap": trailing,
} if {
	today := input.today
	is_date(today)

	# The employments that count, each as [start, end]: a valid startDate,
	# and an endDate that is null (absent reads as null: current, spec §3)
	# or a valid date. Each date is checked here once (as is_date checks
	# it); the steps below only compare.
	# (employments that is not a list reads as none.)
	employments := object.get(input, "employments", [])
	starts := [[start, object.get(e, "endDate", null)] |
		is_array(employments)
		some e in employments
		start := e.startDate
		regex.match(`^[0-9]{4}-[0-9]{2}-[0-9]{2}$`, start)
		time.parse_ns("2006-01-02", start)
	]
	open := {start | some [start, null] in starts}
	closed := {[start, end] |
		some [start, end] in starts
		regex.match(`^[0-9]{4}-[0-9]{2}-[0-9]{2}$`, end)
		time.parse_ns("2006-01-02", end)
	}

	# Each employment as the stretch [start, end] it covers. An endDate of
	# null covers up to today (a start after today covers nothing and only
	# marks where the next job begins). Entries without a valid startDate,
	# with an invalid endDate, or ending before they start, are left out.
	spans := {[start, max([today, start])] | some start in open} | {[start, end] | some [start, end] in closed; start <= end}

	# Spec §4 and §9: gaps count within the last `windowYears` years.
	window_start := _format(time.add_date(_ns(today), 0 - tables.windowYears, 0, 0))

	# Spec §4: "A gap is reported where more than 31 days lie between
	# employments within the last 2 years." Policy contract: overlapping
	# employments cover one stretch, and a gap is a stretch inside the
	# window that no employment covers, between the end of one and the
	# start of the next; only the part inside the window counts.
	#
	# An end is where a stretch stops when no employment covers the time
	# just after it; the gap runs from it to the earliest start after it.
	# Ours, from the contract's "between the end of one and the start of
	# the next": the time before the first employment is no gap (nothing
	# ended there; a first job after school is not a gap), and the time
	# after the last one is not in `gaps` but in `trailingGap`. An
	# employment entirely before the window still ends a stretch, so a gap
	# that began before the window counts from the window's start.
	#
	# With the stretches in order of start, such an end comes just before
	# the start of stretch i exactly when the i stretches before it all end
	# before that start (so i of all the ends lie before it): the end is the
	# latest of those, the start the earliest after it. (This looks at each
	# start once rather than at every pair of stretches.)
	ordered := sort(spans)
	gaps := {[from, to, days] |
		some i, [next, _] in ordered
		i > 0
		count([1 | ordered[_][1] < next]) == i
		end := max([stop | stop := ordered[_][1]; stop < next])
		from := max([end, window_start])
		to := min([next, today])
		from < to
		days := _days(from, to)
		days > tables.gapThresholdDays
	}

	# Ours: currentlyEmployed is true when some employment is current
	# (§4): one without an end date (spec §3), or one whose end date is
	# current, that is, in or after the month of today.
	# (The latest end date is current when any is.)
	employed := count(open) + count([1 | substring(max({end | some [_, end] in closed}), 0, 7) >= substring(today, 0, 7)]) > 0

	# Ours (spec silent): with no current employment, the time from the
	# latest end to today, inside the window, when longer than the
	# threshold. It is kept apart from `gaps`, which the contract defines
	# between two employments, so that the application can ask about it
	# ("are you working now?") without counting it as a gap between jobs.
	# (null when there is none: the first of the list, or null.)
	trailing := array.concat([{"from": from, "to": today, "days": days} |
		not employed
		from := max([max({end | some [_, end] in spans}), window_start])
		from < today
		days := _days(from, today)
		days > tables.gapThresholdDays
	], [null])[0]

	# Spec §4: "the month after the latest end date, or two years back if
	# none exists"; policy contract: its first day. The end dates are those
	# of the employments the stretches keep (a valid start, an end on or
	# after it).
	ends := {end | some [start, end] in closed; start <= end}
	# (The first of: that month, the month two years back, null.)
	next_start := array.concat(
		[_first_of_next_month(max(ends)) | count(ends) > 0],
		array.concat(
			[sprintf("%04d-%s-01", [to_number(substring(today, 0, 4)) - years_back, substring(today, 5, 2)]) |
				years_back := tables.defaultStartYearsBack
			],
			[null],
		),
	)[0]
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
_days(from, to) := (time.parse_ns("2006-01-02", to) - time.parse_ns("2006-01-02", from)) / 86400000000000
