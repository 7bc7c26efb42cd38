-- The audit log is append-only (0011_audit_invites.sql): PostgreSQL refuses
-- an UPDATE of it, a TRUNCATE, and a DELETE of a row younger than the 25
-- months Reg B keeps it (12 CFR 1002.12(b)).
CREATE FUNCTION audit_log_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' AND OLD.at < (EXTRACT(EPOCH FROM now() - interval '25 months') * 1000)::bigint THEN
		RETURN OLD;
	END IF;
	IF TG_OP = 'DELETE' THEN
		RAISE EXCEPTION 'audit entries are kept 25 months';
	END IF;
	RAISE EXCEPTION 'the audit log is append-only';
END;
$$;

CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log
	FOR EACH ROW EXECUTE FUNCTION audit_log_guard();

CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
	FOR EACH STATEMENT EXECUTE FUNCTION audit_log_guard();
