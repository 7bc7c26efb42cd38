-- A document's fingerprint: the SHA-256 of its file's bytes, sealed
-- (server/crypt, bound to the row and its loan) like its file name, so that
-- the same file uploaded twice by one person is refused (issue 22
-- "Documents": a file already uploaded). Null for a document stored before
-- this column, which nothing is compared with.
ALTER TABLE documents ADD COLUMN fingerprint TEXT;
