import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';
import { expectShape, is } from '@/api/shape';

// prequal.valuation: the automated valuation of the applicant's home
// (`avm`, then `avmCascade` when the first has low confidence), or null
// when there is none. Applicant only. Types from the CUE schemas (#ValuationResult).

export type Valuation = components['schemas']['ValuationResult'];

const PROCEDURE = 'prequal.valuation';

const isValuation = is.nullable(is.shape({ value: is.number, confidence: is.string, source: is.string, asOf: is.string }));

export async function getValuation({ signal }: { signal?: AbortSignal } = {}): Promise<Valuation | null> {
  return expectShape<Valuation | null>(PROCEDURE, await api.query(PROCEDURE, undefined, { signal }), isValuation);
}

export function getValuationQueryOptions() {
  return queryOptions({ queryKey: ['prequal', 'valuation'] as const, queryFn: ({ signal }) => getValuation({ signal }) });
}

export function useValuation({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getValuationQueryOptions(), enabled });
}
