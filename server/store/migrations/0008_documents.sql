-- The documents borrowers upload (issue 12): one row per file. The bytes
-- are in the blob store (server/blobs), sealed, under blob_key, a random
-- name; the file's name as the borrower had it is sealed here (AES-256-GCM,
-- server/crypt, bound to the document and its loan), since a name can say
-- who someone is ("2025 W-2 Jane Doe.pdf"). A document removed before
-- submission is deleted, with its blob.
CREATE TABLE documents (
	id           TEXT PRIMARY KEY,
	loan_id      TEXT NOT NULL REFERENCES loans (id) ON DELETE CASCADE,
	party        TEXT NOT NULL,
	type         TEXT NOT NULL,
	side         TEXT NOT NULL DEFAULT '',
	file_name    TEXT NOT NULL,
	content_type TEXT NOT NULL,
	size         BIGINT NOT NULL,
	blob_key     TEXT NOT NULL UNIQUE,
	uploaded_at  BIGINT NOT NULL
);

CREATE INDEX documents_loan ON documents (loan_id, uploaded_at);
