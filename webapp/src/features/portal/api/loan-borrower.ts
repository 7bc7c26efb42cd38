import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';

import { loanQueryKey } from './loan-get';

// portal.borrower: the people on the loan and the draw's bank account,
// each sensitive field (SSN, date of birth, income, account numbers)
// masked; canUnmask says whether the user may show one (portal.unmask).
// The server records each opening in the audit log.

type Schemas = components['schemas'];

export type PortalBorrower = Schemas['PortalBorrower'];
export type PortalPerson = Schemas['PortalPerson'];
export type SensitiveField = Schemas['SensitiveField'];

const PROCEDURE = 'portal.borrower';

export async function getLoanBorrower(loanId: string, { signal }: { signal?: AbortSignal } = {}): Promise<PortalBorrower> {
  return api.query<PortalBorrower>(PROCEDURE, { loanId }, { signal });
}

export const loanBorrowerQueryKey = (loanId: string) => [...loanQueryKey(loanId), 'borrower'] as const;

export function getLoanBorrowerQueryOptions(loanId: string) {
  return queryOptions({ queryKey: loanBorrowerQueryKey(loanId), queryFn: ({ signal }) => getLoanBorrower(loanId, { signal }) });
}

export function useLoanBorrower(loanId: string) {
  return useQuery(getLoanBorrowerQueryOptions(loanId));
}
