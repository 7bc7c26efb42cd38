import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { Insight } from '@/api/types';

import { insightsQueryKey } from './get-insights';

const PROCEDURE = 'content.insight';

export function insightQueryKey(slug: string) {
  return [...insightsQueryKey, slug] as const;
}

export async function getInsight({ slug, signal }: { slug: string; signal?: AbortSignal }): Promise<Insight> {
  return api.query<Insight>(PROCEDURE, { slug }, { signal });
}

export function getInsightQueryOptions(slug: string) {
  return queryOptions({
    queryKey: insightQueryKey(slug),
    queryFn: ({ signal }) => getInsight({ slug, signal }),
  });
}

export function useInsight(slug: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getInsightQueryOptions(slug), enabled: enabled && slug !== '' });
}
