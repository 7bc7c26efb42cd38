-- Loan notes are append-only (0014_loan_notes.sql): PostgreSQL refuses an
-- UPDATE, a DELETE or a TRUNCATE of them, so the file shows what the team
-- knew and when whatever path reaches the database.
CREATE FUNCTION loan_notes_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'loan notes are append-only';
END;
$$;

CREATE TRIGGER loan_notes_no_change BEFORE UPDATE OR DELETE ON loan_notes
	FOR EACH ROW EXECUTE FUNCTION loan_notes_guard();

CREATE TRIGGER loan_notes_no_truncate BEFORE TRUNCATE ON loan_notes
	FOR EACH STATEMENT EXECUTE FUNCTION loan_notes_guard();
