import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';
import { keepUp } from '@/lib/keep-up';

// portal.conditions: a loan's underwriting conditions (spec §9) with the
// catalogue to add from, for a portal user who may manage them
// (conditions.manage: canManage) or read the loan.

type Schemas = components['schemas'];

export type PortalConditionsView = Schemas['PortalConditionsView'];
export type PortalCondition = Schemas['PortalCondition'];
export type ConditionCatalogEntry = Schemas['ConditionCatalogEntry'];
export type ConditionStatus = Schemas['ConditionStatus'];
export type ConditionKind = Schemas['ConditionKind'];

const PROCEDURE = 'portal.conditions';

export async function getLoanConditions(loanId: string, { signal }: { signal?: AbortSignal } = {}): Promise<PortalConditionsView> {
  return api.query<PortalConditionsView>(PROCEDURE, { loanId }, { signal });
}

/** The one key of a loan's conditions: adding and clearing write here. */
export const loanConditionsQueryKey = (loanId: string) => ['portal', 'loan', loanId, 'conditions'] as const;

export function getLoanConditionsQueryOptions(loanId: string) {
  return queryOptions({ queryKey: loanConditionsQueryKey(loanId), queryFn: ({ signal }) => getLoanConditions(loanId, { signal }) });
}

export function useLoanConditions(loanId: string) {
  return useQuery({ ...getLoanConditionsQueryOptions(loanId), ...keepUp });
}
