import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';

// funnel.steps: the funnel's step order and the full application's section
// labels as the rules hold them (data.heloc.funnel, rules/heloc/funnel:
// spec §2's "Personal Info", ...). Pages that title a section read its
// label here, never a copy of their own. Anonymous and the same for
// everyone until the rules change.

export type FunnelSteps = components['schemas']['FunnelSteps'];

export function getFunnelStepsQueryOptions() {
  return queryOptions({
    queryKey: ['funnel', 'steps'] as const,
    queryFn: ({ signal }) => api.query<FunnelSteps>('funnel.steps', undefined, { signal }),
    staleTime: Infinity,
  });
}

export function useFunnelSteps() {
  return useQuery(getFunnelStepsQueryOptions());
}
