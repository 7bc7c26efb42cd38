-- The loan's answers to the prequalification questions that decide which
-- pages it sees (hasCoborrower, isSelfEmployed, ...), as a JSON object.
-- Never anything sensitive (SSN, date of birth, income): those are sealed
-- elsewhere.
ALTER TABLE loans ADD COLUMN prequal_answers TEXT NOT NULL DEFAULT '{}';
