-- The audit log and portal invitations (issue 13).
--
-- audit_log is append-only: the store has no UPDATE or DELETE of it except
-- the retention purge, which deletes only rows older than 25 months (Reg B,
-- 12 CFR 1002.12(b)); a trigger of each engine refuses anything else
-- (0011_audit_invites_guard.<engine>.sql). The actor's e-mail and role are
-- copied in as they were at the time, so a later change of the user does
-- not rewrite history. detail names fields, never their values. '' is "none"
-- for loan_id, subject, detail and ip.
CREATE TABLE audit_log (
	id          TEXT PRIMARY KEY,
	at          BIGINT NOT NULL,
	actor_id    TEXT NOT NULL,
	actor_email TEXT NOT NULL,
	actor_role  TEXT NOT NULL,
	action      TEXT NOT NULL,
	loan_id     TEXT NOT NULL DEFAULT '',
	subject     TEXT NOT NULL DEFAULT '',
	detail      TEXT NOT NULL DEFAULT '',
	ip          TEXT NOT NULL DEFAULT ''
);

-- The log is read newest first, by (at, id), whole or by one actor, loan or
-- action; each filter has an index ending in the page's key.
CREATE INDEX audit_log_at_idx ON audit_log (at, id);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_email, at, id);
CREATE INDEX audit_log_loan_idx ON audit_log (loan_id, at, id);
CREATE INDEX audit_log_action_idx ON audit_log (action, at, id);

-- An invitation or a new-authenticator link: an administrator invites a
-- portal user (purpose invite: the user sets a password and enrols an
-- authenticator) or resets their second factor (purpose reenrol: the user
-- proves their password and enrols a new one). The link carries a random
-- token; only its SHA-256 is kept. It works once (used_at), until
-- expires_at, and for a few wrong tries (attempts). totp_pending is the
-- authenticator secret offered on the page, sealed under the user's id,
-- until a code from it is entered.
CREATE TABLE invites (
	token_hash   TEXT PRIMARY KEY,
	user_id      TEXT NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
	purpose      TEXT NOT NULL CHECK (purpose IN ('invite', 'reenrol')),
	created_by   TEXT NOT NULL,
	created_at   BIGINT NOT NULL,
	expires_at   BIGINT NOT NULL,
	used_at      BIGINT,
	attempts     INTEGER NOT NULL DEFAULT 0,
	totp_pending TEXT NOT NULL DEFAULT ''
);

CREATE INDEX invites_user_idx ON invites (user_id);
