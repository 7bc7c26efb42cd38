-- The portal's pipeline and loan team (issue 13).
--
-- A partner or loan officer may carry a tag (the prequal store's
-- loanOfficerTag, spec §3); a loan that carries the same tag is theirs to
-- see. '' is no tag, on both the user and the loan.
ALTER TABLE staff_users ADD COLUMN loan_officer_tag TEXT NOT NULL DEFAULT '';

-- The loan team: the portal users the loan is assigned to (NULL: nobody).
ALTER TABLE loans ADD COLUMN loan_officer_id TEXT;
ALTER TABLE loans ADD COLUMN processor_id TEXT;
ALTER TABLE loans ADD COLUMN loan_officer_tag TEXT NOT NULL DEFAULT '';

-- What the pipeline lists, sorts and searches, copied out of the sealed
-- answers and the applicant's account on the paths that save them, so a
-- page of the pipeline reads one table through its indexes and opens
-- nothing sealed. property_state is '' until the ZIP is answered;
-- line_amount is the line of the latest preview offer in dollars, 0 before
-- one (or when the latest offer was none), so that it sorts and pages
-- like any other key.
ALTER TABLE loans ADD COLUMN property_state TEXT NOT NULL DEFAULT '';
ALTER TABLE loans ADD COLUMN line_amount BIGINT NOT NULL DEFAULT 0;
-- The borrower's name as shown ("First Last"), and the search keys, all
-- lowercase: "first last", "last first" (also the name's sort order) and
-- the e-mail. A search is a prefix of one of them, answered from an index.
ALTER TABLE loans ADD COLUMN borrower_name TEXT NOT NULL DEFAULT '';
ALTER TABLE loans ADD COLUMN search_name TEXT NOT NULL DEFAULT '';
ALTER TABLE loans ADD COLUMN search_last TEXT NOT NULL DEFAULT '';
ALTER TABLE loans ADD COLUMN borrower_email TEXT NOT NULL DEFAULT '';

UPDATE loans SET
	borrower_name = (SELECT first_name || ' ' || last_name FROM applicants WHERE applicants.id = loans.applicant_id),
	search_name = (SELECT lower(first_name || ' ' || last_name) FROM applicants WHERE applicants.id = loans.applicant_id),
	search_last = (SELECT lower(last_name || ' ' || first_name) FROM applicants WHERE applicants.id = loans.applicant_id),
	borrower_email = (SELECT email FROM applicants WHERE applicants.id = loans.applicant_id);

-- Every sort of the pipeline pages by (key, id), so each key has an index
-- ending in id. The filters (status, state, a team member, a tag) each
-- have one that leads with the filter and goes on in the default order,
-- the latest activity first, so a filtered first page is read in order
-- too. The search keys have their own.
CREATE INDEX loans_pipeline_activity_idx ON loans (updated_at, id);
CREATE INDEX loans_pipeline_created_idx ON loans (created_at, id);
CREATE INDEX loans_pipeline_name_idx ON loans (search_last, id);
CREATE INDEX loans_pipeline_amount_idx ON loans (line_amount, id);
CREATE INDEX loans_pipeline_state_idx ON loans (property_state, id);
CREATE INDEX loans_pipeline_status_idx ON loans (application_status, id);
CREATE INDEX loans_status_activity_idx ON loans (application_status, updated_at, id);
CREATE INDEX loans_state_activity_idx ON loans (property_state, updated_at, id);
CREATE INDEX loans_loan_officer_idx ON loans (loan_officer_id, updated_at, id);
CREATE INDEX loans_processor_idx ON loans (processor_id, updated_at, id);
CREATE INDEX loans_tag_idx ON loans (loan_officer_tag, updated_at, id);
CREATE INDEX loans_search_name_idx ON loans (search_name);
CREATE INDEX loans_search_email_idx ON loans (borrower_email);
