-- The coborrower acts for themselves (issue 23 item 4). A loan's
-- coborrower is an applicant of their own, invited by e-mail and bound to
-- the loan here: their session reaches this loan as its coborrower, and
-- nothing else of it. One coborrower per loan.
CREATE TABLE loan_coborrowers (
	loan_id      TEXT PRIMARY KEY REFERENCES loans (id) ON DELETE CASCADE,
	applicant_id TEXT NOT NULL REFERENCES applicants (id) ON DELETE CASCADE,
	invited_at   BIGINT NOT NULL,
	created_at   BIGINT NOT NULL
);
CREATE INDEX loan_coborrowers_applicant ON loan_coborrowers (applicant_id);

-- What a person on a loan consented to, signed or answered in their own
-- session: who (the party and the applicant whose session it was), what
-- (the act, and for a signature the document, version and hash of the
-- text), when, and from which address and browser (both sealed, bound to
-- the row and its loan). One row per act, never changed.
CREATE TABLE loan_acts (
	id           TEXT PRIMARY KEY,
	loan_id      TEXT NOT NULL REFERENCES loans (id) ON DELETE CASCADE,
	party        TEXT NOT NULL CHECK (party IN ('borrower', 'coborrower')),
	applicant_id TEXT NOT NULL,
	act          TEXT NOT NULL,
	detail       TEXT NOT NULL,
	at           BIGINT NOT NULL,
	ip           TEXT NOT NULL,
	user_agent   TEXT NOT NULL
);
CREATE INDEX loan_acts_loan ON loan_acts (loan_id, at);
