-- Published revisions and their sources are never changed or removed
-- (0023_policy_revisions.sql): what was live, by whose word, stays on file.
CREATE FUNCTION policy_revisions_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'policy revisions are append-only';
END;
$$;

CREATE TRIGGER policy_revisions_no_change BEFORE UPDATE OR DELETE ON policy_revisions
	FOR EACH ROW EXECUTE FUNCTION policy_revisions_guard();

CREATE TRIGGER policy_revisions_no_truncate BEFORE TRUNCATE ON policy_revisions
	FOR EACH STATEMENT EXECUTE FUNCTION policy_revisions_guard();

CREATE TRIGGER policy_sources_no_change BEFORE UPDATE OR DELETE ON policy_sources
	FOR EACH ROW EXECUTE FUNCTION policy_revisions_guard();

CREATE TRIGGER policy_sources_no_truncate BEFORE TRUNCATE ON policy_sources
	FOR EACH STATEMENT EXECUTE FUNCTION policy_revisions_guard();
