-- Sign-in: applicants' optional passwords, portal staff with their second
-- factor, one-time codes, and decisions tied to the loan they were made for.

ALTER TABLE applicants ADD COLUMN password_hash TEXT;
-- When the applicant agreed to calls and texts at their phone number (TCPA),
-- or NULL; with the wording's version, so the consent can be shown later.
ALTER TABLE applicants ADD COLUMN tcpa_consent_at BIGINT;
ALTER TABLE applicants ADD COLUMN tcpa_consent_version TEXT;

-- A portal user. totp_secret is sealed with AES-256-GCM (server/crypt) under
-- the user's id; totp_last_step is the last authenticator time step accepted,
-- so a code is never accepted twice. active is 1 or 0 on both engines.
CREATE TABLE staff_users (
	id             TEXT PRIMARY KEY,
	email          TEXT NOT NULL UNIQUE CHECK (email = lower(email)),
	first_name     TEXT NOT NULL,
	last_name      TEXT NOT NULL,
	role           TEXT NOT NULL,
	password_hash  TEXT NOT NULL,
	totp_secret    TEXT NOT NULL,
	totp_last_step BIGINT NOT NULL DEFAULT 0,
	active         INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
	created_at     BIGINT NOT NULL,
	updated_at     BIGINT NOT NULL
);

-- Recovery codes are stored as SHA-256 hex; each works once.
CREATE TABLE recovery_codes (
	user_id   TEXT NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
	code_hash TEXT NOT NULL,
	used_at   BIGINT,
	PRIMARY KEY (user_id, code_hash)
);

-- A one-time sign-in code, stored as an HMAC of the code keyed by the
-- server's secret. A new code replaces the subject's earlier ones.
CREATE TABLE one_time_codes (
	id         TEXT PRIMARY KEY,
	realm      TEXT NOT NULL CHECK (realm IN ('applicant', 'portal')),
	subject_id TEXT NOT NULL,
	code_hash  TEXT NOT NULL,
	attempts   INTEGER NOT NULL DEFAULT 0,
	created_at BIGINT NOT NULL,
	expires_at BIGINT NOT NULL,
	used_at    BIGINT
);

CREATE INDEX one_time_codes_subject_idx ON one_time_codes (realm, subject_id);

ALTER TABLE decisions ADD COLUMN loan_id TEXT;

CREATE INDEX decisions_loan_idx ON decisions (loan_id, entrypoint, created_at);
