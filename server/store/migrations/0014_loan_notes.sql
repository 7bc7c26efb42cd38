-- Loan notes (issue 13, access action loans.update "Add notes to a loan
-- file"): the loan team's working notes on a loan file, one row per note.
-- Append-only: a note is never edited or deleted (there is no such path in
-- the code), so the file shows what the team knew and when. The body is
-- sealed (AES-256-GCM, server/crypt, bound to the note and its loan), as
-- other free text is: a note may say anything about the borrower.
CREATE TABLE loan_notes (
	id         TEXT PRIMARY KEY,
	loan_id    TEXT NOT NULL REFERENCES loans (id) ON DELETE CASCADE,
	author_id  TEXT NOT NULL REFERENCES staff_users (id),
	body       TEXT NOT NULL,
	created_at BIGINT NOT NULL
);

CREATE INDEX loan_notes_loan ON loan_notes (loan_id, created_at);
