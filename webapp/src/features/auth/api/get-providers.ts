import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import type { AuthProviders, AuthRealm } from '@/lib/auth/auth-client';
import { authClients } from '@/lib/auth/auth-clients';

/** GET providers of a realm: the sign-in methods its server offers. */
export function getProviders(realm: AuthRealm, { signal }: { signal?: AbortSignal } = {}): Promise<AuthProviders> {
  return authClients[realm].getProviders({ signal });
}

export function getProvidersQueryOptions(realm: AuthRealm) {
  return queryOptions({
    queryKey: ['auth', realm, 'providers'] as const,
    queryFn: ({ signal }) => getProviders(realm, { signal }),
  });
}

/**
 * The realm's sign-in methods. Spec §8: when they cannot be fetched (a
 * network error or a non-2xx answer), the sign-in page cannot work, and the
 * user is sent to the error page.
 */
export function useProviders(realm: AuthRealm) {
  const query = useQuery(getProvidersQueryOptions(realm));
  const navigate = useNavigate();
  const failed = query.isError;
  useEffect(() => {
    if (failed) void navigate(paths.error, { replace: true });
  }, [failed, navigate]);
  return query;
}
