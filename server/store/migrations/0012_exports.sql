-- Exports of submitted applications to a loan-origination system (issue
-- 13): one row per hand-off, written before the file is sent (status
-- sending) and marked with the system's answer (sent with its receipt, or
-- failed with the error). xml is the MISMO 3.4 file as sent, sealed
-- (AES-256-GCM, server/crypt, bound to the export and its loan): it holds
-- SSNs and dates of birth. xml_sha256 is the hash of the plain file, so a
-- copy the loan system holds can be matched to its row.
CREATE TABLE exports (
	id          TEXT PRIMARY KEY,
	loan_id     TEXT NOT NULL REFERENCES loans (id) ON DELETE CASCADE,
	target      TEXT NOT NULL,
	system      TEXT NOT NULL,
	actor_id    TEXT NOT NULL,
	actor_email TEXT NOT NULL,
	xml_sha256  TEXT NOT NULL,
	xml_size    BIGINT NOT NULL,
	xml         TEXT NOT NULL,
	status      TEXT NOT NULL,
	receipt     TEXT NOT NULL DEFAULT '',
	error       TEXT NOT NULL DEFAULT '',
	created_at  BIGINT NOT NULL,
	finished_at BIGINT
);

CREATE INDEX exports_loan ON exports (loan_id, created_at);

-- The portal lists a loan's decisions newest first, whatever their
-- entrypoint (decisions_loan_idx leads with the entrypoint).
CREATE INDEX decisions_loan_created ON decisions (loan_id, created_at);
