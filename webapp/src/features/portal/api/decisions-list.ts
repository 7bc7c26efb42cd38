import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';

// portal.decisions: the loan's stored policy decisions, newest first, a
// page at a time (decisions.read; each view audited): each with its
// entrypoint in words, a line of its result, its revision and time, its
// input and result, and the rules (METADATA) and table rows behind its
// reasons, explained by today's revision; the credit decisions only when
// asked (credit), the page decisions left out. The page also says whether
// the user may replay decisions and export the loan.

type Schemas = components['schemas'];

export type DecisionsPage = Schemas['DecisionsPage'];
export type StoredDecision = Schemas['StoredDecision'];
export type Explanation = Schemas['Explanation'];
export type TableRow = Schemas['TableRow'];

const PROCEDURE = 'portal.decisions';

export async function getDecisionsPage(
  loanId: string,
  entrypoint: string,
  cursor: string,
  { signal, credit = false }: { signal?: AbortSignal; credit?: boolean } = {},
): Promise<DecisionsPage> {
  const input = { loanId, ...(entrypoint ? { entrypoint } : {}), ...(credit ? { credit } : {}), ...(cursor ? { cursor } : {}) };
  return api.query<DecisionsPage>(PROCEDURE, input, { signal });
}

/** The loan's decisions, of every kind: the loan's key leads it. */
export const decisionsQueryKey = (loanId: string) => ['portal', 'loan', loanId, 'decisions'] as const;

/** credit: only the credit decisions (the page decisions left out). */
export function getDecisionsQueryOptions(loanId: string, entrypoint: string, { credit = false }: { credit?: boolean } = {}) {
  return infiniteQueryOptions({
    queryKey: [...decisionsQueryKey(loanId), entrypoint, credit ? 'credit' : 'all'],
    queryFn: ({ pageParam, signal }) => getDecisionsPage(loanId, entrypoint, pageParam, { signal, credit }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useLoanDecisions(loanId: string, entrypoint: string, options: { credit?: boolean } = {}) {
  return useInfiniteQuery(getDecisionsQueryOptions(loanId, entrypoint, options));
}
