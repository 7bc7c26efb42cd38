-- The full application (issue 12): one record per loan, and the drafts of
-- its pages.

-- A loan's application (#Application) as sealed JSON (AES-256-GCM,
-- server/crypt, bound to the loan's id): it holds SSNs, dates of birth and
-- incomes. The pages save their sections into it (application.save).
CREATE TABLE applications (
	loan_id    TEXT PRIMARY KEY REFERENCES loans (id) ON DELETE CASCADE,
	data       TEXT NOT NULL,
	updated_at BIGINT NOT NULL
);

-- What a page's form held while the borrower typed (application.saveDraft),
-- sealed under the loan and the page, so that a refresh or a closed tab
-- loses at most the field being typed. A valid save of the page deletes it.
CREATE TABLE application_drafts (
	loan_id    TEXT NOT NULL REFERENCES loans (id) ON DELETE CASCADE,
	path       TEXT NOT NULL,
	draft      TEXT NOT NULL,
	updated_at BIGINT NOT NULL,
	PRIMARY KEY (loan_id, path)
);
