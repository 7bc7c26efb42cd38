import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';

// audit.list: the audit log, newest first, filtered by actor e-mail, loan,
// action and a range of days (UTC, both ends included), a page at a time
// (audit.read).

type Schemas = components['schemas'];

export type AuditEntry = Schemas['AuditEntry'];
export type AuditPage = Schemas['AuditPage'];
export type AuditFilters = Omit<Schemas['AuditListInput'], 'after' | 'limit'>;

const PROCEDURE = 'audit.list';

/** The filters without their empty fields: the schema takes an absent field as no filter. */
function given(filters: AuditFilters): AuditFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== '')) as AuditFilters;
}

export async function getAuditPage(
  filters: AuditFilters,
  after: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AuditPage> {
  const input = { ...given(filters), ...(after ? { after } : {}) };
  return api.query<AuditPage>(PROCEDURE, input, { signal });
}

/** Every page of the audit log, whatever the filters: a change of users or loans invalidates it. */
export const auditQueryKey = ['portal', 'audit'] as const;

export function getAuditQueryOptions(filters: AuditFilters) {
  return infiniteQueryOptions({
    queryKey: [...auditQueryKey, given(filters)],
    queryFn: ({ pageParam, signal }) => getAuditPage(filters, pageParam, { signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next || undefined,
  });
}

export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery(getAuditQueryOptions(filters));
}
