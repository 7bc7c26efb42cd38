-- Credit decisions on a submitted application (issue 23, access action
-- loans.decide): an underwriter's approval, counteroffer, decline,
-- suspension for missing information or recorded withdrawal, one row each,
-- append-only (a later decision is a new row; the latest is the loan's).
-- decision_id is the policy decision (heloc.underwriting.decision) that
-- validated it, notice_id the adverse-action notice a decline produced
-- (heloc.notice.adverse_action); both are rows of decisions, stored in the
-- same transaction as this row, the loan's status and the audit entry.
-- The note is sealed (server/crypt, bound to the row and its loan).
CREATE TABLE credit_decisions (
	id          TEXT PRIMARY KEY,
	loan_id     TEXT NOT NULL REFERENCES loans (id) ON DELETE CASCADE,
	action      TEXT NOT NULL,
	line_amount BIGINT,
	needed_by   TEXT,
	reasons     TEXT NOT NULL,
	note        TEXT NOT NULL,
	decision_id TEXT NOT NULL REFERENCES decisions (id),
	notice_id   TEXT REFERENCES decisions (id),
	decided_by  TEXT NOT NULL REFERENCES staff_users (id),
	created_at  BIGINT NOT NULL
);

CREATE INDEX credit_decisions_loan ON credit_decisions (loan_id, created_at);

-- The loan's latest credit decision (its action), NULL before one: the
-- pipeline's status once decided. submitted_at is when the application was
-- submitted (milliseconds), for Reg B's 30 days to decide.
ALTER TABLE loans ADD COLUMN credit_status TEXT;
ALTER TABLE loans ADD COLUMN credit_needed_by TEXT;
ALTER TABLE loans ADD COLUMN submitted_at BIGINT;
