-- The acts each person on a loan does for themselves (0022_coborrowers.sql:
-- a credit check authorization, declarations, demographic information, an
-- E-SIGN consent, a signature, each with who, when, from which address and
-- browser) are append-only: a later act is a new row, and the record of who
-- consented and signed is never rewritten or removed. SQLite refuses an
-- UPDATE or a DELETE of one (a loan's deletion cascading to it included),
-- and an insert that would rewrite a row through REPLACE, as 0016 and 0019
-- do for the other append-only tables.
CREATE TRIGGER loan_acts_no_update BEFORE UPDATE ON loan_acts
BEGIN
	SELECT RAISE(ABORT, 'loan acts are append-only');
END;

CREATE TRIGGER loan_acts_no_delete BEFORE DELETE ON loan_acts
BEGIN
	SELECT RAISE(ABORT, 'loan acts are append-only');
END;

CREATE TRIGGER loan_acts_no_replace BEFORE INSERT ON loan_acts
WHEN EXISTS (SELECT 1 FROM loan_acts WHERE id = NEW.id)
	OR EXISTS (SELECT 1 FROM loan_acts WHERE rowid = NEW.rowid)
BEGIN
	SELECT RAISE(ABORT, 'loan acts are append-only');
END;

CREATE TRIGGER loan_acts_rowid_positive AFTER INSERT ON loan_acts
WHEN NEW.rowid < 1
BEGIN
	SELECT RAISE(ABORT, 'loan acts are append-only');
END;
