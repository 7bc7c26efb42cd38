-- PostgreSQL only: the pipeline's search keys compare byte by byte ("C"),
-- as SQLite's do, whatever collation the database was created with, so a
-- prefix searched as the range [key, key || U+10FFFF) finds every key that
-- starts with it, from the index.
ALTER TABLE loans ALTER COLUMN search_name TYPE TEXT COLLATE "C";
ALTER TABLE loans ALTER COLUMN search_last TYPE TEXT COLLATE "C";
ALTER TABLE loans ALTER COLUMN borrower_email TYPE TEXT COLLATE "C";
