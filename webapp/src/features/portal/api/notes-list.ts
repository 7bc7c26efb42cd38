import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';

// portal.notes: the loan team's working notes on a loan, newest first, each
// with its author and time, for a portal user who may read the loan.

export type LoanNotes = components['schemas']['LoanNotes'];
export type LoanNote = components['schemas']['LoanNote'];

const PROCEDURE = 'portal.notes';

export async function getLoanNotes(loanId: string, { signal }: { signal?: AbortSignal } = {}): Promise<LoanNotes> {
  return api.query<LoanNotes>(PROCEDURE, { loanId }, { signal });
}

/** The one key of a loan's notes: adding a note writes here. */
export const loanNotesQueryKey = (loanId: string) => ['portal', 'loan', loanId, 'notes'] as const;

export function getLoanNotesQueryOptions(loanId: string) {
  return queryOptions({ queryKey: loanNotesQueryKey(loanId), queryFn: ({ signal }) => getLoanNotes(loanId, { signal }) });
}

export function useLoanNotes(loanId: string) {
  return useQuery(getLoanNotesQueryOptions(loanId));
}
