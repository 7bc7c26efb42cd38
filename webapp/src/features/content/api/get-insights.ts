import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { InsightList } from '@/api/types';

export const insightsQueryKey = ['content', 'insights'] as const;

const PROCEDURE = 'content.insights';

export async function getInsights({ signal }: { signal?: AbortSignal } = {}): Promise<InsightList> {
  return api.query<InsightList>(PROCEDURE, undefined, { signal });
}

export function getInsightsQueryOptions() {
  return queryOptions({
    queryKey: insightsQueryKey,
    queryFn: ({ signal }) => getInsights({ signal }),
  });
}

export function useInsights() {
  return useQuery(getInsightsQueryOptions());
}
