import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/api/client';
import { expectShape, is } from '@/api/shape';
import type { InsightList } from '@/api/types';

export const insightsQueryKey = ['content', 'insights'] as const;

const PROCEDURE = 'content.insights';

export const isInsightSummary = is.shape({ slug: is.string, title: is.string, summary: is.string, author: is.string, publishedAt: is.string });

export async function getInsights({ signal }: { signal?: AbortSignal } = {}): Promise<InsightList> {
  const data = await api.query(PROCEDURE, undefined, { signal });
  return expectShape<InsightList>(PROCEDURE, data, is.shape({ items: is.arrayOf(isInsightSummary) }));
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
