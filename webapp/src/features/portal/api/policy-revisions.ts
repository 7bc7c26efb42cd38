import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';

// policy.revisions: every policy revision published with `heloc policy
// publish` or `rollback`, newest first, with who, when, why, from when, the
// checks it passed and its impact against the revision then in force
// (policy.read: administrators and compliance).

type Schemas = components['schemas'];

export type PolicyRevisions = Schemas['PolicyRevisions'];
export type PolicyRevision = Schemas['PolicyRevision'];
export type PolicyImpactLine = Schemas['PolicyImpactLine'];

const PROCEDURE = 'policy.revisions';

export async function getPolicyRevisions({ signal }: { signal?: AbortSignal } = {}): Promise<PolicyRevisions> {
  return api.query<PolicyRevisions>(PROCEDURE, undefined, { signal });
}

export function getPolicyRevisionsQueryOptions() {
  return queryOptions({ queryKey: ['portal', 'policyRevisions'] as const, queryFn: ({ signal }) => getPolicyRevisions({ signal }) });
}

export function usePolicyRevisions() {
  return useQuery(getPolicyRevisionsQueryOptions());
}
