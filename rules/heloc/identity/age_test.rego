# Tests for heloc.identity.birth_dates: the ages of the identity table.
package heloc.identity_age_test

import rego.v1

import data.heloc.identity
import data.heloc.identity.tables

_dates(state) := d if {
	d := identity.birth_dates with input as {"today": "2026-11-28", "state": state}
}

test_a_person_must_be_of_age_and_no_older_than_the_maximum if {
	d := _dates("CA")
	d.minimumAge == tables.age.minimum
	d.maximumAge == tables.age.maximum
	d.latest == sprintf("%d-11-28", [2026 - tables.age.minimum])
	d.earliest == sprintf("%d-11-28", [2026 - tables.age.maximum])
	d.rule == tables.age.id
}

test_a_state_with_a_higher_age_of_majority_asks_for_it if {
	count(tables.age.minimum_by_state) > 0
	every state, age in tables.age.minimum_by_state {
		d := _dates(state)
		d.minimumAge == age
		d.latest == sprintf("%d-11-28", [2026 - age])
		contains(d.messages.tooYoung, sprintf("at least %d years old", [age]))
	}
}

test_without_a_state_the_tables_minimum_applies if {
	d := identity.birth_dates with input as {"today": "2026-11-28"}
	d.minimumAge == tables.age.minimum
}

test_raising_the_minimum_in_the_table_moves_the_latest_date if {
	d := _dates("CA") with data.heloc.identity.tables.age.minimum as 21
	d.latest == "2005-11-28"
	d.messages.tooYoung == "Applicants must be at least 21 years old. Check the year of the date of birth."
}

test_the_messages_say_what_to_fix if {
	d := _dates("CA")
	d.messages.future == "Enter a date of birth in the past."
	d.messages.tooOld == "Check the year of the date of birth."
}

test_a_29_february_birthday_comes_of_age_on_1_march if {
	d := identity.birth_dates with input as {"today": "2026-03-01"}
	d.latest == "2008-03-01"
}

test_no_date_for_today_decides_nothing if {
	identity.birth_dates == null with input as {}
	identity.birth_dates == null with input as {"today": "28/11/2026"}
	identity.birth_dates == null with input as {"today": 20261128}
}
