-- Loan notes are append-only (0014_loan_notes.sql): SQLite refuses an
-- UPDATE or a DELETE of one, so the file shows what the team knew and when
-- whatever path reaches the database.
CREATE TRIGGER loan_notes_no_update BEFORE UPDATE ON loan_notes
BEGIN
	SELECT RAISE(ABORT, 'loan notes are append-only');
END;

CREATE TRIGGER loan_notes_no_delete BEFORE DELETE ON loan_notes
BEGIN
	SELECT RAISE(ABORT, 'loan notes are append-only');
END;
