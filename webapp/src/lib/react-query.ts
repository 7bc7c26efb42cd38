import { QueryClient, type DefaultOptions, type UseMutationOptions } from '@tanstack/react-query';

// Spec §7 "Query defaults": no retry, no caching, refetch on mount always,
// no refetch on reconnect or focus.
export const queryConfig = {
  queries: {
    retry: false,
    gcTime: 0,
    staleTime: 0,
    refetchOnMount: 'always',
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  },
  mutations: {
    retry: false,
  },
} satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryConfig });
}

/** The options a caller may add to a mutation hook (bulletproof-react's MutationConfig). */
export type MutationConfig<TFn extends (...args: never[]) => Promise<unknown>> = Omit<
  UseMutationOptions<Awaited<ReturnType<TFn>>, Error, Parameters<TFn>[0]>,
  'mutationFn'
>;
