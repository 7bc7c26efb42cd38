-- Prequalification (issue 11): the loan's answers sealed, the soft credit
-- reports and the adverse-action notices.

-- The loan's answers (#PrequalAnswers) as sealed JSON (AES-256-GCM, server/
-- crypt, bound to the loan's id): they now hold income figures. They
-- supersede prequal_answers, which kept hasCoborrower and isSelfEmployed in
-- plain text. SQL cannot seal, so rows written before this migration keep
-- their plain answers there and are read from it while answers_sealed is
-- NULL; the first save of such a loan seals them and empties it to '{}'.
ALTER TABLE loans ADD COLUMN answers_sealed TEXT;

-- A soft credit pull (prequal.creditCheck). report is the bureau's answer as
-- sealed JSON; ssn and date_of_birth are sealed too and never returned. The
-- credit-check authorization is recorded with the pull it allowed: the
-- wording's version, when (pulled_at), from which address and browser.
CREATE TABLE credit_reports (
	id                    TEXT PRIMARY KEY,
	loan_id               TEXT NOT NULL REFERENCES loans (id) ON DELETE CASCADE,
	party                 TEXT NOT NULL CHECK (party IN ('borrower', 'coborrower')),
	kind                  TEXT NOT NULL CHECK (kind IN ('singleCredit', 'jointCredit', 'singleCreditCoborrower')),
	report                TEXT NOT NULL,
	ssn                   TEXT NOT NULL,
	date_of_birth         TEXT NOT NULL,
	authorization_version TEXT NOT NULL,
	client_address        TEXT NOT NULL,
	user_agent            TEXT NOT NULL,
	pulled_at             BIGINT NOT NULL
);

CREATE INDEX credit_reports_loan_idx ON credit_reports (loan_id, party, pulled_at);

-- An adverse-action notice (ECOA, FCRA), one per ineligible decision, kept
-- as the JSON the applicant was shown so it can be shown again.
CREATE TABLE adverse_action_notices (
	id          TEXT PRIMARY KEY,
	loan_id     TEXT NOT NULL REFERENCES loans (id) ON DELETE CASCADE,
	decision_id TEXT NOT NULL UNIQUE REFERENCES decisions (id),
	notice      TEXT NOT NULL,
	created_at  BIGINT NOT NULL
);

CREATE INDEX adverse_action_notices_loan_idx ON adverse_action_notices (loan_id, created_at);
