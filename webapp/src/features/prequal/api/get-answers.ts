import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';

// prequal.answers: the signed-in applicant's prequalification answers, as
// stored (sealed) on their loan, and the loan's applicationStatus. A page
// prefills from these once the account exists, so another device or a
// closed tab loses nothing. Types from the CUE schemas (#PrequalAnswers,
// #AnswersResult).

type Schemas = components['schemas'];

export type PrequalAnswers = Schemas['PrequalAnswers'];
export type CreditRange = Schemas['CreditRange'];
export type PropertyUsage = Schemas['PropertyUsage'];
export type LoanReason = Schemas['LoanPurpose'];
export type Relationship = Schemas['Relationship'];
export type AnswerAddress = Schemas['Address'];
export type AnsweredMortgage = Schemas['MortgageAnswer'];

export type SavedAnswers = Schemas['AnswersResult'];

const PROCEDURE = 'prequal.answers';

export async function getAnswers({ signal }: { signal?: AbortSignal } = {}): Promise<SavedAnswers> {
  return api.query<SavedAnswers>(PROCEDURE, undefined, { signal });
}

/** The one key of the saved answers: prequal.save writes its answer here. */
export const answersQueryKey = ['prequal', 'answers'] as const;

export function getAnswersQueryOptions() {
  return queryOptions({ queryKey: answersQueryKey, queryFn: ({ signal }) => getAnswers({ signal }) });
}

/** The saved answers; asked only once the applicant is signed in. */
export function useSavedAnswers({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getAnswersQueryOptions(), enabled });
}
