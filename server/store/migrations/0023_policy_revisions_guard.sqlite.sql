-- Published revisions and their sources are never changed or removed
-- (0023_policy_revisions.sql): what was live, by whose word, stays on file.
CREATE TRIGGER policy_revisions_no_update BEFORE UPDATE ON policy_revisions
BEGIN
	SELECT RAISE(ABORT, 'policy revisions are append-only');
END;

CREATE TRIGGER policy_revisions_no_delete BEFORE DELETE ON policy_revisions
BEGIN
	SELECT RAISE(ABORT, 'policy revisions are append-only');
END;

CREATE TRIGGER policy_sources_no_update BEFORE UPDATE ON policy_sources
BEGIN
	SELECT RAISE(ABORT, 'policy sources are append-only');
END;

CREATE TRIGGER policy_sources_no_delete BEFORE DELETE ON policy_sources
BEGIN
	SELECT RAISE(ABORT, 'policy sources are append-only');
END;
