-- Published policy revisions (issue 24 item 3). policy_sources keeps the
-- source of every revision a server has served or been asked to publish:
-- the whole rules tree (tests included) as a gzipped tar, base64 text, by
-- the revision's hash (policy.Engine.Revision, the hash of the files the
-- engine loads). A decision's revision names a row here, so the decision is
-- explained by its own rules; the binary's embedded rules are recorded at
-- start-up, so decisions made before any publish are too.
CREATE TABLE policy_sources (
	revision   TEXT PRIMARY KEY,
	source     TEXT NOT NULL,
	created_at BIGINT NOT NULL
);

-- One row per publish or rollback, never changed: who, why, when it takes
-- effect, the checks it passed and its impact against the revision in
-- force when published (JSON). The revision in force at a time is the row
-- with the latest effective_at at or before it (the latest published among
-- equals); none: the binary's embedded rules.
CREATE TABLE policy_revisions (
	id           TEXT PRIMARY KEY,
	revision     TEXT NOT NULL REFERENCES policy_sources (revision),
	action       TEXT NOT NULL CHECK (action IN ('publish', 'rollback')),
	author       TEXT NOT NULL,
	reason       TEXT NOT NULL,
	effective_at BIGINT NOT NULL,
	published_at BIGINT NOT NULL,
	baseline     TEXT NOT NULL,
	checks       TEXT NOT NULL,
	impact       TEXT NOT NULL
);
CREATE INDEX policy_revisions_effective ON policy_revisions (effective_at, published_at, id);
CREATE INDEX policy_revisions_revision ON policy_revisions (revision);
