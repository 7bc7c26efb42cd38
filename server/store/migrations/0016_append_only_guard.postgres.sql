-- The append-only tables: audit_log (0011), loan_notes (0014) and consents
-- (0006, "rows are only ever added", the ESIGN and TCPA record of what an
-- applicant agreed to). PostgreSQL needs nothing more for the first two:
-- it has no REPLACE, an INSERT ... ON CONFLICT DO UPDATE and a MERGE fire
-- the row triggers of 0011 and 0015 for what they update or delete, and a
-- DELETE or TRUNCATE cascading from a loan fires them too (the SQLite side
-- of this migration closes the REPLACE that SQLite has).
--
-- Consents had no guard: they get the refusals loan notes have (0015), of
-- an UPDATE, a DELETE (the applicant's ON DELETE CASCADE included, so an
-- applicant who agreed to something cannot be deleted; nothing in the
-- store deletes one) and a TRUNCATE.
CREATE FUNCTION consents_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'consents are append-only';
END;
$$;

CREATE TRIGGER consents_no_change BEFORE UPDATE OR DELETE ON consents
	FOR EACH ROW EXECUTE FUNCTION consents_guard();

CREATE TRIGGER consents_no_truncate BEFORE TRUNCATE ON consents
	FOR EACH STATEMENT EXECUTE FUNCTION consents_guard();
