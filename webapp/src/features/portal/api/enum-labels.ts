import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';

// content.labels: the schema's one table of the words for its
// enumerations (#EnumLabels), for a value the server sends as it is stored
// (a document's kind). The words change only with a release: read once.

export type EnumLabels = components['schemas']['EnumLabels'];

export const enumLabelsQueryKey = ['content', 'labels'] as const;

export function getEnumLabelsQueryOptions() {
  return queryOptions({
    queryKey: enumLabelsQueryKey,
    queryFn: ({ signal }) => api.query<EnumLabels>('content.labels', undefined, { signal }),
    staleTime: Infinity,
  });
}

export function useEnumLabels() {
  return useQuery(getEnumLabelsQueryOptions());
}
