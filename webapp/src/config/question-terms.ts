import data from '@/app/routes.json';

// The words the prequalification's questions name from the eligibility
// table (data.heloc.eligibility.questions), as `make generate` wrote them
// into routes.json from the rules the build ships: what a page shows
// before prequal.questions answers with the revision in force, and what a
// prerendered page is built with.
export const builtQuestionTerms = data.questions;
