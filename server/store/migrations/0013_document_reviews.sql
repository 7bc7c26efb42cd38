-- Document review (issue 13, access action documents.review): a portal
-- user accepts or rejects each document a borrower uploaded. A document is
-- pending until reviewed; a rejected one no longer counts toward the
-- documents policy's requirements, so the borrower is asked for another.
-- The reviewer's note is sealed (AES-256-GCM, server/crypt, bound to the
-- document and its loan), as other free text is: it may say what the file
-- shows of its owner. A document is reviewed again by overwriting these.
ALTER TABLE documents ADD COLUMN review_status TEXT NOT NULL DEFAULT 'pending'
	CHECK (review_status IN ('pending', 'accepted', 'rejected'));
ALTER TABLE documents ADD COLUMN review_note TEXT NOT NULL DEFAULT '';
ALTER TABLE documents ADD COLUMN reviewed_by TEXT REFERENCES staff_users (id);
ALTER TABLE documents ADD COLUMN reviewed_at BIGINT;
