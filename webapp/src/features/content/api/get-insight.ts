import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/api/client';
import { expectShape, is } from '@/api/shape';
import type { Insight } from '@/api/types';

import { insightsQueryKey, isInsightSummary } from './get-insights';

const PROCEDURE = 'content.insight';

export function insightQueryKey(slug: string) {
  return [...insightsQueryKey, slug] as const;
}

const isInsight = (v: unknown) => isInsightSummary(v) && is.shape({ body: is.string })(v);

export async function getInsight({ slug, signal }: { slug: string; signal?: AbortSignal }): Promise<Insight> {
  return expectShape<Insight>(PROCEDURE, await api.query(PROCEDURE, { slug }, { signal }), isInsight);
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
