# How to read this file. history puts together the rules below it: the
# gaps between employments (one rule, with its METADATA), the time since the
# last employment ended, where a new employment starts, and whether the
# history is complete: the jobs reach back to the window's start and each
# gap is explained (what is missing, in the table's words). The threshold
# and the window are the table's (tables/data.yaml, loaded at
# data.heloc.employment.tables: gapThresholdDays, windowYears,
# defaultStartYearsBack, messages); no number of days or years is written
# here.
#
# Dates are yyyy-MM-dd strings, which order the same way as the dates they
# name, so the rules compare the strings and turn them into days only to
# count.
#
# current/2 and employment_current/2 are the spec's "current" and are shared
# with heloc.documents (functions are not entrypoints).

# METADATA
# title: Employment gaps and the start of a new employment
# description: >-
#   The gaps between a person's employments within the window before today,
#   and the default start of a new employment (product spec §4 "Employment
#   gap logic", §9 "Gap threshold"), as the policy contract's
#   data.heloc.employment.history gives them.
package heloc.employment

import rego.v1

import data.heloc.employment.tables

# data.heloc.employment.history (policy contract): gaps and nextStartDate.
# windowStart, currentlyEmployed, trailingGap, windowUncovered, complete and
# missing are ours (see below), and so are windowYears and
# gapThresholdDays, the table's, for the page to say them.
#
# Input: the contract's today and employments, and employmentGaps, the
# person's answers to the gap questions ([{"from", "to", "explanation"}],
# named by the gap's dates; absent reads as none).
#
# complete is false while something is missing; the application's save of
# the employment page and its submission refuse an incomplete history with
# the missing entries' messages at their fields. The default (a today that
# is not a date, or no table) is not complete and names nothing missing.
default history := {
	"gaps": [],
	"nextStartDate": null,
	"windowStart": null,
	"currentlyEmployed": false,
	"trailingGap": null,
	"windowYears": null,
	"gapThresholdDays": null,
	"windowUncovered": null,
	"complete": false,
	"missing": [],
}

history := {
	"gaps": _sorted_gaps,
	"nextStartDate": _next_start_date,
	"windowStart": _window_start,
	"currentlyEmployed": _currently_employed,
	"trailingGap": _trailing_gap,
	"windowYears": tables.windowYears,
	"gapThresholdDays": tables.gapThresholdDays,
	"windowUncovered": _window_uncovered,
	"complete": count(_missing) == 0,
	"missing": _missing,
} if {
	is_date(input.today)
	_window_start
}

_sorted_gaps := [gap | some [_, _, gap] in sort({[gap.from, gap.to, gap] | some gap in _gaps})]

# ---------------------------------------------------------------------------
# The spec's "current" (§4), shared with heloc.documents
# ---------------------------------------------------------------------------

# Spec §4: "A date counts as current when it falls in or after the current
# month" (of today).
current(date, today) if {
	is_date(date)
	is_date(today)
	substring(date, 0, 7) >= substring(today, 0, 7)
}

# Spec §3 Employment: "endDate (nullable; null means current)"; otherwise
# the end date is current by §4. An absent endDate reads as null.
employment_current(e, _) if object.get(e, "endDate", null) == null

employment_current(e, today) if current(e.endDate, today)

# A yyyy-MM-dd string naming a real calendar date (2026-02-30 is not one).
is_date(d) if {
	is_string(d)
	regex.match(`^[0-9]{4}-[0-9]{2}-[0-9]{2}$`, d)
	time.parse_ns("2006-01-02", d)
}

# ---------------------------------------------------------------------------
# Gaps (spec §4)
# ---------------------------------------------------------------------------

# METADATA
# title: A gap between employments
# description: >-
#   A gap is reported where more than tables.gapThresholdDays days lie
#   between employments within the last tables.windowYears years before
#   today. Overlapping employments together cover one stretch; a gap runs
#   from the end of one stretch to the start of the next employment, and
#   only its part inside the window counts. The time before the first
#   employment is no gap (nothing ended there: a first job after school is
#   not a gap, lender practice), and the time after the last one is the
#   trailing gap, not a gap between employments. The employment page asks
#   the person to explain each gap, and underwriting condition 409 asks for
#   a letter of explanation.
# custom:
#   code: employmentGap
#   page: /app/application/4
#   source: >-
#     Product spec §4 "Employment gap logic" and §9 "Gap threshold"; the
#     policy contract's data.heloc.employment.history
_gaps contains {"from": from, "to": to, "days": days} if {
	some [next, _] in _stretches

	# The latest end of the employments that started before this one; when
	# it is before this start, no employment covers the time in between.
	last_end := max({end | some [start, end] in _stretches; start < next})
	last_end < next

	# Only the part inside the window counts.
	from := max([last_end, _window_start])
	to := min([next, input.today])
	from < to
	days := _days(from, to)
	days > tables.gapThresholdDays
}

# METADATA
# title: The time since the last employment ended
# description: >-
#   With no current employment, the time from the latest end to today,
#   inside the window, when longer than tables.gapThresholdDays. It is kept
#   apart from the gaps, which the contract defines between two employments,
#   so that the application can ask about it ("are you working now?")
#   without counting it as a gap between jobs. null when there is none.
# custom:
#   code: trailingGap
#   page: /app/application/4
#   source: Lender practice (the spec is silent), with the threshold and window of spec §4
_trailing_gap := {"from": from, "to": input.today, "days": days} if {
	not _currently_employed
	from := max([max({end | some [_, end] in _stretches}), _window_start])
	from < input.today
	days := _days(from, input.today)
	days > tables.gapThresholdDays
}

default _trailing_gap := null

# METADATA
# title: The jobs do not reach back to the window's start
# description: >-
#   A person who worked at some time inside the window (the last
#   tables.windowYears years before today) lists their jobs back to its
#   start: when the earliest employment starts more than
#   tables.gapThresholdDays days after the window's start, the time from the
#   window's start to it is uncovered, and the history is not complete until
#   a previous employer is added (URLA section 1c: previous employment when
#   the current job is less than two years old; screens.md: "employers
#   covering 24 months"). A person with no employment inside the window
#   (none at all, or retired before it) has nothing to list. null when the
#   window is covered.
# custom:
#   code: previousEmployerMissing
#   page: /app/application/4
#   source: >-
#     Product spec §4 and §9 (the window); screens.md application5
#     "employers covering 24 months"; Fannie Mae B3-3.1-01 (a two-year
#     employment history)
_window_uncovered := {"from": _window_start, "to": to, "days": days} if {
	some [_, end] in _stretches
	end >= _window_start
	first := min({start | some [start, _] in _stretches})
	first > _window_start
	to := min([first, input.today])
	days := _days(_window_start, to)
	days > tables.gapThresholdDays
}

default _window_uncovered := null

# ---------------------------------------------------------------------------
# What is missing
# ---------------------------------------------------------------------------

# What keeps the history from being complete, each {"code", "field",
# "message", "from", "to"} in the words of tables.messages: a job's dates
# that cannot be right, at the date's field (a start after this month, an
# end before the start; the rest is judged once the dates are right);
# otherwise first the uncovered start of the window (field "employments"),
# then each gap without an explanation, in date order (field: the answer's
# path in the employment section, employmentGaps.<i>.explanation, or
# employmentGaps when there is no answer for the gap's dates).
_missing := _wrong_dates if {
	count(_wrong_dates) > 0
} else := array.concat(_coverage_missing, _gaps_missing)

_wrong_dates := array.concat(_future_starts, _ends_before_start)

# METADATA
# title: A start date after this month
# description: >-
#   A job whose start date falls after the month of input.today has not
#   begun: it covers none of the window, and a history that lists it would
#   ask for a previous employer before a month the borrower never named.
#   Each such job is named at its start date (employments.<i>.startDate),
#   with the latest month allowed, this one.
# custom:
#   code: startDateInFuture
#   source: >-
#     URLA (Form 1003) Section 1b-1d: current and previous employment, the
#     jobs held; lender practice (the spec is silent). Found entering a
#     start date of 06/2030 on a phone.
_future_starts := [{
	"code": "startDateInFuture",
	"field": sprintf("employments.%d.startDate", [i]),
	"message": strings.replace_n({"{month}": _month_name(input.today)}, tables.messages.startDateInFuture),
	"from": input.today,
	"to": job.startDate,
} |
	some i, job in _list(input, "employments")
	is_date(job.startDate)
	substring(job.startDate, 0, 7) > substring(input.today, 0, 7)
]

# METADATA
# title: An end date before the start date
# description: >-
#   A job that ends before it starts covers no time at all, so a history
#   that lists it would count a gap or a missing employer the borrower did
#   not mean. Each such job is named at its end date
#   (employments.<i>.endDate), with the month it starts.
# custom:
#   code: endDateBeforeStart
#   source: >-
#     URLA (Form 1003) Section 1c-1d: previous employment, its start and end
#     dates; lender practice (the spec is silent)
_ends_before_start := [{
	"code": "endDateBeforeStart",
	"field": sprintf("employments.%d.endDate", [i]),
	"message": strings.replace_n({"{start}": _month_name(job.startDate)}, tables.messages.endDateBeforeStart),
	"from": job.startDate,
	"to": job.endDate,
} |
	some i, job in _list(input, "employments")
	is_date(job.startDate)
	is_date(object.get(job, "endDate", null))
	job.endDate < job.startDate
]

_coverage_missing := [{
	"code": "previousEmployerMissing",
	"field": "employments",
	"message": strings.replace_n(
		{"{years}": format_int(tables.windowYears, 10), "{since}": _month_name(u.to)},
		tables.messages.previousEmployerMissing,
	),
	"from": u.from,
	"to": u.to,
}] if {
	u := _window_uncovered
	u != null
} else := []

_gaps_missing := [{
	"code": "gapUnexplained",
	"field": _gap_field(gap),
	"message": strings.replace_n(
		{"{from}": _month_name(gap.from), "{to}": _month_name(gap.to)},
		tables.messages.gapUnexplained,
	),
	"from": gap.from,
	"to": gap.to,
} |
	some gap in _sorted_gaps
	not _explained(gap)
]

# A gap is explained by an answer for its dates that says something.
_explained(gap) if {
	some answer in _list(input, "employmentGaps")
	answer.from == gap.from
	answer.to == gap.to
	is_string(answer.explanation)
	trim_space(answer.explanation) != ""
}

_gap_field(gap) := sprintf("employmentGaps.%d.explanation", [i]) if {
	i := min([j | some j, answer in _list(input, "employmentGaps"); answer.from == gap.from; answer.to == gap.to])
} else := "employmentGaps"

_month_names := [
	"January", "February", "March", "April", "May", "June",
	"July", "August", "September", "October", "November", "December",
]

# "March 2025" for 2025-03-01.
_month_name(date) := sprintf("%s %s", [_month_names[to_number(substring(date, 5, 2)) - 1], substring(date, 0, 4)])

# Spec §4 and §9: gaps count within the last windowYears years before today.
_window_start := _format(time.add_date(_ns(input.today), 0 - tables.windowYears, 0, 0))

# Lender practice (the spec is silent): currently employed when some
# employment is current (§4), one without an end date or one whose end date
# is in or after the month of today.
default _currently_employed := false

_currently_employed if {
	some [_, end] in _employments
	end == null
}

_currently_employed if {
	some [_, end] in _employments
	current(end, input.today)
}

# ---------------------------------------------------------------------------
# The start of a new employment (spec §4)
# ---------------------------------------------------------------------------

# Spec §4: "The start of a new employment defaults to the month after the
# latest end date, or two years back if none exists"; the policy contract:
# its first day. The end dates are those of the employments that cover a
# stretch (a valid start and an end on or after it); "two years" is
# tables.defaultStartYearsBack.
_next_start_date := _first_of_next_month(max(_end_dates)) if {
	count(_end_dates) > 0
} else := _format(time.add_date(_ns(_first_of_month(input.today)), 0 - tables.defaultStartYearsBack, 0, 0)) if {
	tables.defaultStartYearsBack
} else := null

_end_dates contains end if {
	some [start, end] in _employments
	is_string(end)
	start <= end
}

_first_of_month(date) := concat("", [substring(date, 0, 8), "01"])

_first_of_next_month(date) := _format(time.add_date(_ns(_first_of_month(date)), 0, 1, 0))

# ---------------------------------------------------------------------------
# The employments
# ---------------------------------------------------------------------------

# Each employment as [start, end]: a valid startDate, and an endDate that is
# a valid date or null (spec §3: null means current; an absent one reads as
# null). Entries without a valid startDate, or with an endDate that is not a
# date, are left out; employments that is not a list reads as none.
_employments contains [job.startDate, end] if {
	some job in _list(input, "employments")
	is_date(job.startDate)
	end := object.get(job, "endDate", null)
	_end_date_or_null(end)
}

_end_date_or_null(null)

_end_date_or_null(end) if is_date(end)

# Each employment as the stretch [start, end] of time it covers. One with no
# end date covers up to today (one starting after today covers nothing and
# only marks where the next job begins); one ending before it starts covers
# nothing.
_stretches contains [start, max([input.today, start])] if {
	some [start, null] in _employments
}

_stretches contains [start, end] if {
	some [start, end] in _employments
	is_string(end)
	start <= end
}

_list(x, key) := list if {
	list := object.get(x, key, [])
	is_array(list)
} else := []

# ---------------------------------------------------------------------------
# Dates
# ---------------------------------------------------------------------------

_ns(date) := time.parse_ns("2006-01-02", date)

_format(ns) := time.format([ns, "UTC", "2006-01-02"])

# Whole days from one date to a later one (both at midnight UTC).
_days(from, to) := (_ns(to) - _ns(from)) / time.parse_duration_ns("24h")
