import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { api } from '@/api/client';
import { documentsQueryKey } from '@/api/documents/get-documents';
import type { components } from '@/api/schema.gen';
import { keepUp } from '@/lib/keep-up';

// conditions.list: what the borrower's loan team asks of them (underwriting
// conditions, spec §9): documents to upload, questions to answer, addresses
// or employments to give, and e-mails sent; each with where it stands. It
// keeps up (lib/keep-up): a condition the team sets or clears shows without
// a reload.

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
  return queryOptions({ queryKey: conditionsQueryKey, queryFn: ({ signal }) => getConditions({ signal }), ...keepUp });
}

export function useConditions() {
  useFollowDocuments();
  return useQuery(getConditionsQueryOptions());
}

/**
 * Asks for the conditions again whenever an upload or a removal writes its
 * answer to the documents' cache: whether a document condition still needs
 * a file ("Needed from you") is the server's to say, once the file is in.
 */
function useFollowDocuments() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'success' || !event.action.manual) return;
        if (event.query.queryKey[0] !== documentsQueryKey[0]) return;
        void queryClient.invalidateQueries({ queryKey: conditionsQueryKey });
      }),
    [queryClient],
  );
}

/** Whether a condition still waits for the borrower. */
export function waitsForBorrower(c: BorrowerCondition): boolean {
  return c.status === 'open';
}

/** Whether a condition is still being worked (not cleared or waived). */
export function isOutstanding(c: BorrowerCondition): boolean {
  return c.status !== 'cleared' && c.status !== 'waived';
}
