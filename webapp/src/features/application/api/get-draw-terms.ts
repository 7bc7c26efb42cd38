import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';

// application.drawTerms: the line of the loan's offer, its origination fee
// and the bounds of the first draw (data.heloc.offer.draw: at least the
// program's minimum, at most the line less the fee), in dollars.

export type DrawTerms = components['schemas']['DisbursementTerms'];

const PROCEDURE = 'application.drawTerms';

export async function getDrawTerms({ signal }: { signal?: AbortSignal } = {}): Promise<DrawTerms> {
  return api.query<DrawTerms>(PROCEDURE, undefined, { signal });
}

export const drawTermsQueryKey = ['application', 'drawTerms'] as const;

export function getDrawTermsQueryOptions() {
  return queryOptions({ queryKey: drawTermsQueryKey, queryFn: ({ signal }) => getDrawTerms({ signal }) });
}

export function useDrawTerms() {
  return useQuery(getDrawTermsQueryOptions());
}
