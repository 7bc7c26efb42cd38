-- Portable between SQLite and PostgreSQL: TEXT ids made in Go, times as
-- BIGINT Unix milliseconds (UTC).

CREATE TABLE insights (
	slug         TEXT PRIMARY KEY,
	title        TEXT NOT NULL,
	summary      TEXT NOT NULL,
	body         TEXT NOT NULL,
	author       TEXT NOT NULL,
	published_at BIGINT NOT NULL
);

CREATE INDEX insights_published_at_idx ON insights (published_at);

CREATE TABLE applicants (
	id         TEXT PRIMARY KEY,
	-- Stored lowercase so UNIQUE is case-insensitive on both engines.
	email      TEXT NOT NULL UNIQUE CHECK (email = lower(email)),
	first_name TEXT NOT NULL,
	last_name  TEXT NOT NULL,
	phone      TEXT,
	created_at BIGINT NOT NULL
);

CREATE TABLE loans (
	id                 TEXT PRIMARY KEY,
	applicant_id       TEXT NOT NULL REFERENCES applicants (id) ON DELETE CASCADE,
	application_status TEXT NOT NULL,
	created_at         BIGINT NOT NULL,
	updated_at         BIGINT NOT NULL
);

CREATE INDEX loans_applicant_id_idx ON loans (applicant_id, created_at);

-- token_hash is the hex SHA-256 of the cookie token; the token itself is
-- never stored. A session ends at idle_expires_at (moved on each touch) or
-- at expires_at (fixed at creation), whichever comes first.
CREATE TABLE sessions (
	token_hash      TEXT PRIMARY KEY,
	realm           TEXT NOT NULL CHECK (realm IN ('applicant', 'portal')),
	subject_id      TEXT NOT NULL,
	created_at      BIGINT NOT NULL,
	last_seen_at    BIGINT NOT NULL,
	idle_expires_at BIGINT NOT NULL,
	expires_at      BIGINT NOT NULL
);

CREATE INDEX sessions_subject_idx ON sessions (realm, subject_id);
CREATE INDEX sessions_expires_at_idx ON sessions (expires_at);

-- A policy decision with its input, result (both JSON text) and the policy
-- revision, so it can be replayed and explained.
CREATE TABLE decisions (
	id         TEXT PRIMARY KEY,
	entrypoint TEXT NOT NULL,
	input      TEXT NOT NULL,
	result     TEXT NOT NULL,
	revision   TEXT NOT NULL,
	created_at BIGINT NOT NULL
);

CREATE INDEX decisions_entrypoint_idx ON decisions (entrypoint, created_at);
