import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from './client';
import { expectShape, is } from './shape';
import type { FunnelSteps } from './types';

export const funnelStepsQueryKey = ['funnel', 'steps'] as const;

const PROCEDURE = 'funnel.steps';

const isFunnelSteps = is.shape({
  order: is.recordOf(is.number),
  sections: is.recordOf(is.string),
  prequalSteps: is.arrayOf(is.shape({ step: is.string, slug: is.string, label: is.string })),
});

export async function getFunnelSteps({ signal }: { signal?: AbortSignal } = {}): Promise<FunnelSteps> {
  return expectShape<FunnelSteps>(PROCEDURE, await api.query(PROCEDURE, undefined, { signal }), isFunnelSteps);
}

export function getFunnelStepsQueryOptions() {
  return queryOptions({
    queryKey: funnelStepsQueryKey,
    queryFn: ({ signal }) => getFunnelSteps({ signal }),
  });
}

export function useFunnelSteps() {
  return useQuery(getFunnelStepsQueryOptions());
}
