-- The e-mails of e-mail conditions (issue 19), one row per message handed
-- to the mailer: the first when the condition is set and each "Send the
-- e-mail again". The store counts a loan's rows of the last hour before it
-- lets another go, so the limit of e-mails per loan holds across servers;
-- conditions.mail_sent_at keeps the latest only, which cannot count them.
-- A send the mailer refused is deleted again (no e-mail went).
CREATE TABLE condition_emails (
	id           TEXT PRIMARY KEY,
	loan_id      TEXT NOT NULL REFERENCES loans (id) ON DELETE CASCADE,
	condition_id TEXT NOT NULL REFERENCES conditions (id) ON DELETE CASCADE,
	sent_at      BIGINT NOT NULL
);

CREATE INDEX condition_emails_loan ON condition_emails (loan_id, sent_at);
CREATE INDEX condition_emails_condition ON condition_emails (condition_id);

-- The latest e-mail of each condition sent before this table existed
-- counts too, under the condition's id (one row per condition), so the
-- first hour after the upgrade is limited like any other.
INSERT INTO condition_emails (id, loan_id, condition_id, sent_at)
SELECT id, loan_id, id, mail_sent_at FROM conditions WHERE mail_sent_at IS NOT NULL;
