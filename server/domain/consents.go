package domain

import "time"

// ConsentRecord is one agreement to a consent's wording (issue 11): which
// consent (eConsent, tcpa, informationSharing), which version of its
// wording, when, and from which client address and browser.
type ConsentRecord struct {
	Kind      string    `json:"kind"`
	Version   string    `json:"version"`
	At        time.Time `json:"at"`
	ClientIP  string    `json:"clientAddress"`
	UserAgent string    `json:"userAgent"`
}

// WaitlistEntry is a visitor waiting for their state to open. Contact is
// the sealed JSON of their name, e-mail and phone; only the keyring opens it.
type WaitlistEntry struct {
	ID        string    `json:"id"`
	State     string    `json:"state"`
	Zip       string    `json:"zip"`
	Contact   string    `json:"-"`
	CreatedAt time.Time `json:"createdAt"`
}
