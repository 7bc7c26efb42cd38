import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';
import { keepUp } from '@/lib/keep-up';

import { loanQueryKey } from './loan-get';

// portal.credit: the loan's credit decision (null before one) and what one
// may be: the actions, the reasons a decline may give (Reg B Form C-1) and
// how many, and the lines the rules allow on the application's figures.

export type PortalCreditView = components['schemas']['PortalCreditView'];
export type CreditDecisionView = components['schemas']['CreditDecisionView'];

const PROCEDURE = 'portal.credit';

export async function getCredit(loanId: string, { signal }: { signal?: AbortSignal } = {}): Promise<PortalCreditView> {
  return api.query<PortalCreditView>(PROCEDURE, { loanId }, { signal });
}

/** The loan's credit decision: under the loan's key, so a decision refreshes the loan too. */
export const creditQueryKey = (loanId: string) => [...loanQueryKey(loanId), 'credit'] as const;

export function getCreditQueryOptions(loanId: string) {
  return queryOptions({ queryKey: creditQueryKey(loanId), queryFn: ({ signal }) => getCredit(loanId, { signal }) });
}

export function useCredit(loanId: string) {
  return useQuery({ ...getCreditQueryOptions(loanId), ...keepUp });
}
