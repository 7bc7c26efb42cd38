-- The e-mails sent to the people on a loan about it (issue 23 "No one is
-- told"): which letter (server/letters), the version of its wording, to
-- whom (sealed, bound to the row and its loan) and when, and whether the
-- mailer took it. One row per message, never changed.
CREATE TABLE loan_emails (
	id        TEXT PRIMARY KEY,
	loan_id   TEXT NOT NULL REFERENCES loans (id) ON DELETE CASCADE,
	letter    TEXT NOT NULL,
	version   TEXT NOT NULL,
	recipient TEXT NOT NULL,
	sent_at   BIGINT NOT NULL,
	outcome   TEXT NOT NULL
);
CREATE INDEX loan_emails_loan ON loan_emails (loan_id, sent_at);
