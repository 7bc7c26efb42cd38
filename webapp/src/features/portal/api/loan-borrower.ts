import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';
import { expectShape, is } from '@/api/shape';

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

const isSensitive = is.arrayOf(is.shape({ field: is.string, label: is.string, masked: is.string, hasValue: is.boolean }));

const isView = is.shape({
  people: is.arrayOf(is.shape({ party: is.string, firstName: is.string, lastName: is.string, sensitive: isSensitive })),
  disbursement: is.nullable(is.shape({ accountHolderName: is.string, sensitive: isSensitive })),
  started: is.boolean,
  canUnmask: is.boolean,
});

export async function getLoanBorrower(loanId: string, { signal }: { signal?: AbortSignal } = {}): Promise<PortalBorrower> {
  return expectShape<PortalBorrower>(PROCEDURE, await api.query(PROCEDURE, { loanId }, { signal }), isView);
}

export const loanBorrowerQueryKey = (loanId: string) => [...loanQueryKey(loanId), 'borrower'] as const;

export function getLoanBorrowerQueryOptions(loanId: string) {
  return queryOptions({ queryKey: loanBorrowerQueryKey(loanId), queryFn: ({ signal }) => getLoanBorrower(loanId, { signal }) });
}

export function useLoanBorrower(loanId: string) {
  return useQuery(getLoanBorrowerQueryOptions(loanId));
}
