import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';
import { expectShape, is } from '@/api/shape';

// portal.decisions: the loan's stored policy decisions, newest first, a
// page at a time (decisions.read; each view audited): each with its
// entrypoint in words, a line of its result, its revision and time, its
// input and result, and the rules (METADATA) and table rows behind its
// reasons, explained by today's revision. The page also says whether the
// user may replay decisions and export the loan.

type Schemas = components['schemas'];

export type DecisionsPage = Schemas['DecisionsPage'];
export type StoredDecision = Schemas['StoredDecision'];
export type Explanation = Schemas['Explanation'];
export type TableRow = Schemas['TableRow'];

const PROCEDURE = 'portal.decisions';

const isPage = is.shape({
  items: is.arrayOf(
    is.shape({
      id: is.string,
      title: is.string,
      revision: is.string,
      createdAt: is.string,
      explanation: is.shape({ reasons: is.arrayOf(is.shape({ code: is.string })), rows: is.arrayOf(is.shape({ field: is.string })) }),
    }),
  ),
  nextCursor: is.nullable(is.string),
  kinds: is.arrayOf(is.shape({ entrypoint: is.string, title: is.string, count: is.number })),
  revision: is.string,
  canReplay: is.boolean,
  canExport: is.boolean,
});

export async function getDecisionsPage(
  loanId: string,
  entrypoint: string,
  cursor: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<DecisionsPage> {
  const input = { loanId, ...(entrypoint ? { entrypoint } : {}), ...(cursor ? { cursor } : {}) };
  return expectShape<DecisionsPage>(PROCEDURE, await api.query(PROCEDURE, input, { signal }), isPage);
}

/** The loan's decisions, of every kind: the loan's key leads it. */
export const decisionsQueryKey = (loanId: string) => ['portal', 'loan', loanId, 'decisions'] as const;

export function getDecisionsQueryOptions(loanId: string, entrypoint: string) {
  return infiniteQueryOptions({
    queryKey: [...decisionsQueryKey(loanId), entrypoint],
    queryFn: ({ pageParam, signal }) => getDecisionsPage(loanId, entrypoint, pageParam, { signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useLoanDecisions(loanId: string, entrypoint: string) {
  return useInfiniteQuery(getDecisionsQueryOptions(loanId, entrypoint));
}
