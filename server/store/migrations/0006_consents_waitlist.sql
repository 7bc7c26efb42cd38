-- Consents and the waitlist (issue 11).

-- One agreement to a consent's wording: which consent (eConsent, tcpa,
-- informationSharing), which version of its wording, when, and from which
-- client address and browser, as ESIGN and the TCPA want it shown later.
-- Rows are only ever added; a new wording agreed to is a new row.
CREATE TABLE consents (
	id             TEXT PRIMARY KEY,
	applicant_id   TEXT NOT NULL REFERENCES applicants (id) ON DELETE CASCADE,
	kind           TEXT NOT NULL,
	version        TEXT NOT NULL,
	agreed_at      BIGINT NOT NULL,
	client_address TEXT NOT NULL,
	user_agent     TEXT NOT NULL
);

CREATE INDEX consents_applicant_idx ON consents (applicant_id, kind, agreed_at);

-- A visitor waiting for their state to open (prequal.joinWaitlist). The
-- contact (name, e-mail, phone) is sealed JSON (AES-256-GCM, server/crypt,
-- bound to the row's id); the state and ZIP code stay plain, so the list of
-- a state that opens can be found.
CREATE TABLE waitlist (
	id         TEXT PRIMARY KEY,
	state      TEXT NOT NULL,
	zip        TEXT NOT NULL,
	contact    TEXT NOT NULL,
	created_at BIGINT NOT NULL
);

CREATE INDEX waitlist_state_idx ON waitlist (state, created_at);
