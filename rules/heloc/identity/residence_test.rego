# Tests for heloc.identity.residence_history: the day a person's addresses
# must reach back to, from the table's months.
package heloc.identity_residence_test

import rego.v1

import data.heloc.identity
import data.heloc.identity.tables

# The day is the table's months before today, in the table's words.
test_the_addresses_reach_back_the_tables_months if {
	got := identity.residence_history with input as {"today": "2026-11-30"}
	got.months == tables.residence.months
	got.rule == tables.residence.id
	got.from == time.format([time.add_date(time.parse_ns("2006-01-02", "2026-11-30"), 0, 0 - tables.residence.months, 0), "UTC", "2006-01-02"])
	contains(got.message, sprintf("the last %d months", [tables.residence.months]))
}

# The table decides: a longer look-back reaches further back.
test_a_longer_look_back_reaches_further if {
	got := identity.residence_history with input as {"today": "2026-11-30"} with data.heloc.identity.tables.residence as {"id": "RES-X", "months": 36}
	got.from == "2023-11-30"
	got.message == "Add your former addresses until the last 36 months are covered."
}

# A day the month before lacks falls as Go's calendar has it (31 August,
# less 2 months, is 1 July: 31 June does not exist).
test_a_day_the_month_lacks if {
	got := identity.residence_history with input as {"today": "2026-08-31"} with data.heloc.identity.tables.residence as {"id": "RES-X", "months": 2}
	got.from == "2026-07-01"
}

# Without today or the table: null, never an error.
test_without_today_or_the_table_nothing if {
	identity.residence_history == null with input as {}
	identity.residence_history == null with input as {"today": "30/11/2026"}
	identity.residence_history == null with input as {"today": "2026-11-30"} with data.heloc.identity.tables as {}
}
