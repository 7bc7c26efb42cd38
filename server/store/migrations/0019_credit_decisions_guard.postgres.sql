-- Credit decisions are append-only (0019_credit_decisions.sql): a later
-- decision is a new row, and the file keeps what was decided, by whom and
-- when (Reg B keeps the record of action taken 25 months). PostgreSQL
-- refuses an UPDATE, a DELETE (a loan's deletion cascading to it included)
-- or a TRUNCATE of them; an upsert's DO UPDATE and a MERGE fire the same
-- row triggers.
CREATE FUNCTION credit_decisions_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'credit decisions are append-only';
END;
$$;

CREATE TRIGGER credit_decisions_no_change BEFORE UPDATE OR DELETE ON credit_decisions
	FOR EACH ROW EXECUTE FUNCTION credit_decisions_guard();

CREATE TRIGGER credit_decisions_no_truncate BEFORE TRUNCATE ON credit_decisions
	FOR EACH STATEMENT EXECUTE FUNCTION credit_decisions_guard();
