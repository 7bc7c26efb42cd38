-- Underwriting conditions (issue 13, spec §9 "Underwriting condition
-- codes"): one row per condition a portal user set on a loan. The row keeps
-- the catalogue's entry as it was when the condition was set (code, kind,
-- label, the document type and how many documents it asks), so a later
-- change of the catalogue does not change what the borrower was asked.
--
-- status is open until a portal user clears or waives it (resolved_by,
-- resolved_at). What the borrower answered (a text, an address, an
-- employment) and the user's note are sealed (AES-256-GCM, server/crypt,
-- bound to the condition and its loan): a letter of explanation or an
-- address says who someone is. A document condition is answered by the
-- documents uploaded for it (documents.condition_id).
CREATE TABLE conditions (
	id              TEXT PRIMARY KEY,
	loan_id         TEXT NOT NULL REFERENCES loans (id) ON DELETE CASCADE,
	code            TEXT NOT NULL,
	kind            TEXT NOT NULL CHECK (kind IN ('document', 'text', 'address', 'employment', 'email')),
	label           TEXT NOT NULL,
	document_type   TEXT NOT NULL DEFAULT '',
	document_count  INTEGER NOT NULL DEFAULT 0,
	party           TEXT NOT NULL CHECK (party IN ('borrower', 'coborrower')),
	note            TEXT NOT NULL DEFAULT '',
	status          TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'cleared', 'waived')),
	added_by        TEXT NOT NULL REFERENCES staff_users (id),
	added_at        BIGINT NOT NULL,
	answer          TEXT NOT NULL DEFAULT '',
	answered_at     BIGINT,
	mail_sent_at    BIGINT,
	resolved_by     TEXT REFERENCES staff_users (id),
	resolved_at     BIGINT,
	resolution_note TEXT NOT NULL DEFAULT ''
);

CREATE INDEX conditions_loan ON conditions (loan_id, added_at);

-- A document uploaded in answer to a document condition names it.
ALTER TABLE documents ADD COLUMN condition_id TEXT REFERENCES conditions (id);

CREATE INDEX documents_condition ON documents (condition_id);
