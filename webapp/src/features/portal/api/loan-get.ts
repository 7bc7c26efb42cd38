import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';
import { keepUp } from '@/lib/keep-up';

// portal.loan: one loan's summary (the pipeline's row for it, the
// borrower's phone, the coborrower's name, when it was submitted), who may
// join its team, and which of the loan page's actions the user may take.

export type PortalLoan = components['schemas']['PortalLoan'];

const PROCEDURE = 'portal.loan';

export async function getLoan(loanId: string, { signal }: { signal?: AbortSignal } = {}): Promise<PortalLoan> {
  return api.query<PortalLoan>(PROCEDURE, { loanId }, { signal });
}

/** The loan's key; the keys of its tabs start with it. */
export const loanQueryKey = (loanId: string) => ['portal', 'loan', loanId] as const;

export function getLoanQueryOptions(loanId: string) {
  return queryOptions({ queryKey: loanQueryKey(loanId), queryFn: ({ signal }) => getLoan(loanId, { signal }) });
}

export function useLoan(loanId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getLoanQueryOptions(loanId), ...keepUp, enabled });
}
