import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';

// conditions.list: what the borrower's loan team asks of them (underwriting
// conditions, spec §9): documents to upload, questions to answer, addresses
// or employments to give, and e-mails sent; each with where it stands.

type Schemas = components['schemas'];

export type BorrowerConditionsView = Schemas['BorrowerConditionsView'];
export type BorrowerCondition = Schemas['BorrowerCondition'];
export type ConditionAddress = Schemas['ConditionAddress'];
export type ConditionEmployment = Schemas['ConditionEmployment'];

const PROCEDURE = 'conditions.list';

export async function getConditions({ signal }: { signal?: AbortSignal } = {}): Promise<BorrowerConditionsView> {
  return api.query<BorrowerConditionsView>(PROCEDURE, undefined, { signal });
}

/** The one key of the borrower's conditions: answers write here. */
export const conditionsQueryKey = ['conditions'] as const;

export function getConditionsQueryOptions() {
  return queryOptions({ queryKey: conditionsQueryKey, queryFn: ({ signal }) => getConditions({ signal }) });
}

export function useConditions() {
  return useQuery(getConditionsQueryOptions());
}

/** Whether a condition still waits for the borrower. */
export function waitsForBorrower(c: BorrowerCondition): boolean {
  return c.status === 'open';
}

/** Whether a condition is still being worked (not cleared or waived). */
export function isOutstanding(c: BorrowerCondition): boolean {
  return c.status !== 'cleared' && c.status !== 'waived';
}
