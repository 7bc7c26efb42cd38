package domain

import "time"

// BirthDates are the dates of birth a person applying may give on a day, as
// the rules decide them (data.heloc.identity.birth_dates, from the identity
// table's ages: the age of majority of the home's state, and an age no
// living person is plausibly older than), with the words each refusal
// shows at the field.
type BirthDates struct {
	// Latest is the last date of birth of someone old enough; Earliest the
	// first of someone not too old (yyyy-mm-dd).
	Latest   string `json:"latest"`
	Earliest string `json:"earliest"`
	Messages struct {
		Future   string `json:"future"`
		TooYoung string `json:"tooYoung"`
		TooOld   string `json:"tooOld"`
	} `json:"messages"`
}

// Check refuses, at path, a date of birth (yyyy-mm-dd) that is today or
// later, after Latest or before Earliest, with the rules' words. A date that
// is not a calendar date is refused too (the schemas catch it first).
func (b BirthDates) Check(path, date string, today time.Time) error {
	if _, err := time.Parse(time.DateOnly, date); err != nil {
		return InvalidField(path, "Enter the date of birth as MM/DD/YYYY.")
	}
	switch {
	case date >= today.UTC().Format(time.DateOnly):
		return InvalidField(path, b.Messages.Future)
	case date > b.Latest:
		return InvalidField(path, b.Messages.TooYoung)
	case date < b.Earliest:
		return InvalidField(path, b.Messages.TooOld)
	}
	return nil
}
