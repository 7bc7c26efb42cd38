-- The audit log is append-only (0011_audit_invites.sql): SQLite refuses an
-- UPDATE of it, and a DELETE of a row younger than the 25 months Reg B
-- keeps it (12 CFR 1002.12(b)).
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
BEGIN
	SELECT RAISE(ABORT, 'the audit log is append-only');
END;

CREATE TRIGGER audit_log_no_early_delete BEFORE DELETE ON audit_log
WHEN OLD.at >= CAST(strftime('%s', 'now', '-25 months') AS INTEGER) * 1000
BEGIN
	SELECT RAISE(ABORT, 'audit entries are kept 25 months');
END;
