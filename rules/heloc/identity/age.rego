# The dates of birth a person applying may give (issue 22: a slip of the
# year is told at the date of birth, before any bureau is asked). The ages
# are data (tables/data.yaml, loaded at data.heloc.identity.tables); the
# rule below turns them into the first and last dates of birth for today.
package heloc.identity

import rego.v1

import data.heloc.identity.tables as ages

# METADATA
# title: The dates of birth a person applying may give
# description: >-
#   On input.today (yyyy-mm-dd), for a home in input.state (a state code, or
#   none): a person must have reached the age of majority (tables.age
#   .minimum, or the state's in minimum_by_state) and be no older than
#   tables.age.maximum. {latest: the last date of birth of someone old
#   enough, earliest: the first of someone not too old, minimumAge,
#   maximumAge, rule, messages: {future, tooYoung, tooOld}}: the words a page
#   shows at the date of birth when it is today or later, after latest, or
#   before earliest. Without a date for today: null.
# custom:
#   future: Enter a date of birth in the past.
#   too_young: Applicants must be at least {minimumAge} years old. Check the year of the date of birth.
#   too_old: Check the year of the date of birth.
#   source: >-
#     Reg B, 12 CFR 1002.6(b)(2)(i) (age is considered only for the capacity
#     to contract); the ages of majority of Ala. Code 26-1-1, Neb. Rev. Stat.
#     43-2101 and Miss. Code 1-3-27.
birth_dates := {
	"latest": _years_before(input.today, minimum),
	"earliest": _years_before(input.today, ages.age.maximum),
	"minimumAge": minimum,
	"maximumAge": ages.age.maximum,
	"rule": ages.age.id,
	"messages": {
		"future": md.custom.future,
		"tooYoung": strings.replace_n({"{minimumAge}": format_int(minimum, 10)}, md.custom.too_young),
		"tooOld": md.custom.too_old,
	},
} if {
	is_string(input.today)
	regex.match(`^[0-9]{4}-[0-9]{2}-[0-9]{2}$`, input.today)
	md := rego.metadata.rule()
	minimum := _minimum_age
}

default birth_dates := null

# The age of majority in the home's state, else the table's.
_minimum_age := ages.age.minimum_by_state[input.state] if {
	is_string(input.state)
} else := ages.age.minimum

# _years_before(day, years): the same day of the month, years earlier, as a
# date (a 29 February falls on 1 March in a year without one).
_years_before(day, years) := time.format([time.add_date(time.parse_ns("2006-01-02", day), 0 - years, 0, 0), "UTC", "2006-01-02"])
