-- Credit decisions are append-only (0019_credit_decisions.sql): a later
-- decision is a new row, and the file keeps what was decided, by whom and
-- when (Reg B keeps the record of action taken 25 months). SQLite refuses
-- an UPDATE or a DELETE of one (a loan's deletion cascading to it
-- included), and an insert that would rewrite a row through REPLACE, as
-- 0016 does for the other append-only tables (see there for why the rowid
-- is checked too).
CREATE TRIGGER credit_decisions_no_update BEFORE UPDATE ON credit_decisions
BEGIN
	SELECT RAISE(ABORT, 'credit decisions are append-only');
END;

CREATE TRIGGER credit_decisions_no_delete BEFORE DELETE ON credit_decisions
BEGIN
	SELECT RAISE(ABORT, 'credit decisions are append-only');
END;

CREATE TRIGGER credit_decisions_no_replace BEFORE INSERT ON credit_decisions
WHEN EXISTS (SELECT 1 FROM credit_decisions WHERE id = NEW.id)
	OR EXISTS (SELECT 1 FROM credit_decisions WHERE rowid = NEW.rowid)
BEGIN
	SELECT RAISE(ABORT, 'credit decisions are append-only');
END;

CREATE TRIGGER credit_decisions_rowid_positive AFTER INSERT ON credit_decisions
WHEN NEW.rowid < 1
BEGIN
	SELECT RAISE(ABORT, 'credit decisions are append-only');
END;
