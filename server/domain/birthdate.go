package domain

import "time"

// The ages a person applying may be: at least the age of majority that
// lets them sign the line's agreement (18 in all but a few states, which
// the line's states do not include), and no older than any living person
// plausibly is, so that a slip of the year (2030, 1900) is caught where it
// is typed. Reg B (12 CFR 1002.6(b)(2)) allows age to be considered only
// for the capacity to contract; nothing else here reads it.
const (
	MinimumAge = 18
	MaximumAge = 120
)

// CheckBirthDate refuses, at path, a date of birth (yyyy-mm-dd) in the
// future, of someone younger than MinimumAge or older than MaximumAge on
// today. A date that is not a calendar date is refused too (the schemas
// catch it first).
func CheckBirthDate(path, date string, today time.Time) error {
	born, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return InvalidField(path, "Enter the date of birth as MM/DD/YYYY.")
	}
	day := today.UTC().Format(time.DateOnly)
	switch {
	case date >= day:
		return InvalidField(path, "Enter a date of birth in the past.")
	case born.AddDate(MinimumAge, 0, 0).Format(time.DateOnly) > day:
		return InvalidField(path, "Applicants must be at least 18 years old. Check the year of the date of birth.")
	case born.AddDate(MaximumAge, 0, 0).Format(time.DateOnly) < day:
		return InvalidField(path, "Check the year of the date of birth.")
	}
	return nil
}
