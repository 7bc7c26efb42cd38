-- The acts each person on a loan does for themselves (0022_coborrowers.sql:
-- a credit check authorization, declarations, demographic information, an
-- E-SIGN consent, a signature, each with who, when, from which address and
-- browser) are append-only: a later act is a new row, and the record of who
-- consented and signed is never rewritten or removed. PostgreSQL refuses an
-- UPDATE, a DELETE (a loan's deletion cascading to it included) or a
-- TRUNCATE of them; an upsert's DO UPDATE and a MERGE fire the same row
-- triggers.
CREATE FUNCTION loan_acts_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'loan acts are append-only';
END;
$$;

CREATE TRIGGER loan_acts_no_change BEFORE UPDATE OR DELETE ON loan_acts
	FOR EACH ROW EXECUTE FUNCTION loan_acts_guard();

CREATE TRIGGER loan_acts_no_truncate BEFORE TRUNCATE ON loan_acts
	FOR EACH STATEMENT EXECUTE FUNCTION loan_acts_guard();
