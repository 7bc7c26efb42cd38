# How far back a person's addresses must go on the application (URLA
# Section 1a: the current address and, when it is newer than the look-back,
# the former ones). The months are data (tables/data.yaml, loaded at
# data.heloc.identity.tables); the rule below turns them into the day the
# addresses must reach back to, today.
package heloc.identity

import rego.v1

import data.heloc.identity.tables

# METADATA
# title: The addresses' look-back
# description: >-
#   On input.today (yyyy-mm-dd): {from: the day, tables.residence.months
#   before today, that a person's addresses must reach back to (the current
#   address's move-in day, or the earliest former address's), months, rule,
#   message: the words page 1 shows when they do not}. Without a date for
#   today, or without the table: null.
# custom:
#   message: Add your former addresses until the last {months} months are covered.
#   source: >-
#     URLA (Fannie Mae Form 1003) Section 1a ("If at Current Address for
#     LESS than 2 years, list Former Address"); screens.md ("former
#     addresses until 24 months are covered")
residence_history := {
	"from": _months_before(input.today, months),
	"months": months,
	"rule": tables.residence.id,
	"message": strings.replace_n({"{months}": format_int(months, 10)}, rego.metadata.rule().custom.message),
} if {
	is_string(input.today)
	regex.match(`^[0-9]{4}-[0-9]{2}-[0-9]{2}$`, input.today)
	months := tables.residence.months
	is_number(months)
}

default residence_history := null

# _months_before(day, months): the same day of the month, months earlier,
# as a date (a 31st falls on the first of the next month where the month
# is shorter, as Go's time.AddDate does).
_months_before(day, months) := time.format([time.add_date(time.parse_ns("2006-01-02", day), 0, 0 - months, 0), "UTC", "2006-01-02"])
