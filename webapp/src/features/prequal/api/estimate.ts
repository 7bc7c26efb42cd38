import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';


type Schemas = components['schemas'];

// prequal.estimate: the self-reported estimate (spec §2, step 7.5), decided
// by the eligibility and offer policies on the homeowner's own answers,
// before any credit pull. A mutation on the wire (each answer is stored as a
// decision), read here as a query keyed by the answers, so the page shows
// the one estimate for the answers it has.

/** creditScore, propertyType and hasFbm have defaults (the schema's), so a page may leave them out. */
export type EstimateInput = Omit<Schemas['EstimateInput'], 'creditScore' | 'propertyType' | 'hasFbm'> &
  Partial<Pick<Schemas['EstimateInput'], 'creditScore' | 'propertyType' | 'hasFbm'>>;
export type EstimateResult = Schemas['EstimateResult'];

const PROCEDURE = 'prequal.estimate';

export async function estimate(input: EstimateInput): Promise<EstimateResult> {
  return api.mutate<EstimateResult>(PROCEDURE, input);
}

export function getEstimateQueryOptions(input: EstimateInput) {
  return queryOptions({
    queryKey: ['prequal', 'estimate', input] as const,
    queryFn: () => estimate(input),
    // The same answers give the same estimate: asked once per visit of the page.
    staleTime: Infinity,
  });
}

export function useEstimate(input: EstimateInput | null) {
  return useQuery({ ...getEstimateQueryOptions(input ?? ({} as EstimateInput)), enabled: input !== null });
}
