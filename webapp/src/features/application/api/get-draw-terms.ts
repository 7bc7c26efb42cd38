import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';
import { expectShape, is } from '@/api/shape';

// application.drawTerms: the line of the loan's offer, its origination fee
// and the bounds of the first draw (data.heloc.offer.draw: at least the
// program's minimum, at most the line less the fee), in dollars.

export type DrawTerms = components['schemas']['DisbursementTerms'];

const PROCEDURE = 'application.drawTerms';

const isDrawTerms = is.shape({ line: is.number, originationFee: is.number, minimumDraw: is.number, maximumDraw: is.number });

export async function getDrawTerms({ signal }: { signal?: AbortSignal } = {}): Promise<DrawTerms> {
  return expectShape<DrawTerms>(PROCEDURE, await api.query(PROCEDURE, undefined, { signal }), isDrawTerms);
}

export const drawTermsQueryKey = ['application', 'drawTerms'] as const;

export function getDrawTermsQueryOptions() {
  return queryOptions({ queryKey: drawTermsQueryKey, queryFn: ({ signal }) => getDrawTerms({ signal }) });
}

export function useDrawTerms() {
  return useQuery(getDrawTermsQueryOptions());
}
