import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';

// prequal.valuation: the automated valuation of the applicant's home
// (`avm`, then `avmCascade` when the first has low confidence), or null
// when there is none. Applicant only. Types from the CUE schemas (#ValuationResult).

export type Valuation = components['schemas']['ValuationResult'];

const PROCEDURE = 'prequal.valuation';

export async function getValuation({ signal }: { signal?: AbortSignal } = {}): Promise<Valuation | null> {
  return api.query<Valuation | null>(PROCEDURE, undefined, { signal });
}

export function getValuationQueryOptions() {
  return queryOptions({ queryKey: ['prequal', 'valuation'] as const, queryFn: ({ signal }) => getValuation({ signal }) });
}

export function useValuation({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getValuationQueryOptions(), enabled });
}
