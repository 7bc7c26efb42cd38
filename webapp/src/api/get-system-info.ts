import { queryOptions, useQuery } from '@tanstack/react-query';

import { PRODUCT_NAME } from '@/config/product';

import { api, SYSTEM_INFO_PROCEDURE } from './client';
import type { SystemInfo } from './types';

export const systemInfoQueryKey = ['system', 'info'] as const;

export function getSystemInfo({ signal }: { signal?: AbortSignal } = {}): Promise<SystemInfo> {
  return api.query<SystemInfo>(SYSTEM_INFO_PROCEDURE, undefined, { signal });
}

// What the server says about itself does not change while it runs, so this
// one query is kept for the page's life instead of the spec's no-cache
// default; it is fetched again on mount only after a failure (no data yet).
export function getSystemInfoQueryOptions() {
  return queryOptions({
    queryKey: systemInfoQueryKey,
    queryFn: ({ signal }) => getSystemInfo({ signal }),
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnMount: true,
  });
}

export function useSystemInfo() {
  return useQuery(getSystemInfoQueryOptions());
}

/** The product's name as the server states it, or the built-in one until it answers. */
export function useProductName(): string {
  return useSystemInfo().data?.productName || PRODUCT_NAME;
}
