-- The answers of paid vendors kept per loan (issue 19): the valuation
-- model's answer for the home and the payroll network's for each person,
-- so that asking again with the same request uses the answer the loan has
-- instead of paying for it twice. One row per loan, kind ("valuation",
-- "payroll") and subject ("home", "borrower", "coborrower"); a request
-- that differs (another address, another employer) replaces it. The
-- answer is sealed (AES-256-GCM, server/crypt, bound to the loan, the kind
-- and the subject) with a hash of the request it answered: an address, an
-- employer or a pay figure never lies in the table in clear, nor a hash of
-- one that could be matched against a list of addresses.
CREATE TABLE vendor_answers (
	loan_id    TEXT NOT NULL REFERENCES loans (id) ON DELETE CASCADE,
	kind       TEXT NOT NULL,
	subject    TEXT NOT NULL,
	answer     TEXT NOT NULL,
	created_at BIGINT NOT NULL,
	PRIMARY KEY (loan_id, kind, subject)
);
