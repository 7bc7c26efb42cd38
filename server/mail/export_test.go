package mail

import (
	"net/mail"
	"time"
)

// Format exposes the message formatting to the tests.
func Format(from, to string, m Message, date time.Time, id string) ([]byte, error) {
	f, err := mail.ParseAddress(from)
	if err != nil {
		return nil, err
	}
	t, err := mail.ParseAddress(to)
	if err != nil {
		return nil, err
	}
	return format(f, t, m, date, id), nil
}
