-- The append-only tables: audit_log (0011), loan_notes (0014) and consents
-- (0006, "rows are only ever added", the ESIGN and TCPA record of what an
-- applicant agreed to). 0011 and 0015 refuse an UPDATE and a DELETE of the
-- first two, but a row could still be rewritten by an insert: SQLite's
-- REPLACE conflict resolution (REPLACE INTO, INSERT OR REPLACE) deletes the
-- row in the new one's way without firing its delete triggers (unless the
-- connection turns recursive_triggers on), then inserts the new one. The
-- triggers below live in the database file, so they hold on every
-- connection that has not switched triggers off (the sqlite3 shell's too).
--
-- So an insert is refused before it reaches the constraints (a BEFORE
-- trigger runs first) when a row holds its id or its rowid: the rowid is
-- the other unique key of these tables (their TEXT PRIMARY KEY does not
-- alias it), and `INSERT OR REPLACE INTO t (rowid, ...)` with a new id
-- would replace the row holding that rowid. An insert that names no rowid
-- sees NEW.rowid = -1 in a BEFORE trigger, so no row may hold a rowid below
-- 1 (refused after the insert, when the real rowid is known); else one such
-- row would make every later insert look like a clash, or could itself be
-- replaced through -1. The upsert (INSERT ... ON CONFLICT DO UPDATE) is
-- refused by the same trigger, and its DO UPDATE by the UPDATE triggers.
-- The store only ever inserts new ids, so none of its writes is refused;
-- an INSERT OR IGNORE or ON CONFLICT DO NOTHING of a held id, which changes
-- nothing, is refused too rather than told apart.

CREATE TRIGGER audit_log_no_replace BEFORE INSERT ON audit_log
WHEN EXISTS (SELECT 1 FROM audit_log WHERE id = NEW.id)
	OR EXISTS (SELECT 1 FROM audit_log WHERE rowid = NEW.rowid)
BEGIN
	SELECT RAISE(ABORT, 'the audit log is append-only');
END;

CREATE TRIGGER audit_log_rowid_positive AFTER INSERT ON audit_log
WHEN NEW.rowid < 1
BEGIN
	SELECT RAISE(ABORT, 'the audit log is append-only');
END;

CREATE TRIGGER loan_notes_no_replace BEFORE INSERT ON loan_notes
WHEN EXISTS (SELECT 1 FROM loan_notes WHERE id = NEW.id)
	OR EXISTS (SELECT 1 FROM loan_notes WHERE rowid = NEW.rowid)
BEGIN
	SELECT RAISE(ABORT, 'loan notes are append-only');
END;

CREATE TRIGGER loan_notes_rowid_positive AFTER INSERT ON loan_notes
WHEN NEW.rowid < 1
BEGIN
	SELECT RAISE(ABORT, 'loan notes are append-only');
END;

-- Consents had no guard before this migration: they get the UPDATE and
-- DELETE refusals loan notes have (0015) as well as the insert's. A DELETE
-- reached through the applicant's ON DELETE CASCADE is refused too, so an
-- applicant who agreed to something cannot be deleted from the database;
-- nothing in the store deletes an applicant.
CREATE TRIGGER consents_no_update BEFORE UPDATE ON consents
BEGIN
	SELECT RAISE(ABORT, 'consents are append-only');
END;

CREATE TRIGGER consents_no_delete BEFORE DELETE ON consents
BEGIN
	SELECT RAISE(ABORT, 'consents are append-only');
END;

CREATE TRIGGER consents_no_replace BEFORE INSERT ON consents
WHEN EXISTS (SELECT 1 FROM consents WHERE id = NEW.id)
	OR EXISTS (SELECT 1 FROM consents WHERE rowid = NEW.rowid)
BEGIN
	SELECT RAISE(ABORT, 'consents are append-only');
END;

CREATE TRIGGER consents_rowid_positive AFTER INSERT ON consents
WHEN NEW.rowid < 1
BEGIN
	SELECT RAISE(ABORT, 'consents are append-only');
END;
