import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

import { holdPageQueries } from '@/api/client';

import type { AuthRealm } from './auth-client';
import { useSession } from './session-store';

/**
 * The one way a session ends in the app, whether the user asked (the Sign
 * out button) or the rules did (the resume check's automatic sign-out):
 *
 * 1. what the page is still fetching is abandoned: it is the user's own and
 *    ends with the session; left running it would be answered 401 once the
 *    session is gone (an error in the console of a page already left). What
 *    a page starts asking until the next page is on screen is held back
 *    unsent (holdPageQueries): the page that asked is left, and gives it up;
 * 2. `before` runs (the automatic sign-out deletes the server's session
 *    record there);
 * 3. the session ends and the app goes to `to`, with flushSync so that the
 *    next page is on screen before the session turns unauthenticated and no
 *    page that needs one sends the user to sign in with "SessionRequired".
 *    What the pages left had fetched is gone with them: the app keeps no
 *    query once no page shows it (gcTime 0, spec §7).
 *
 * Rejects when a step fails; the caller says so its own way.
 */
export function useSignOut(realm: AuthRealm): (to: string, before?: () => Promise<unknown>) => Promise<void> {
  const { signOut } = useSession(realm);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (to, before) => {
      const release = holdPageQueries();
      try {
        await queryClient.cancelQueries();
        await before?.();
        await signOut({ callbackUrl: to, redirect: () => navigate(to, { replace: true, flushSync: true }) });
      } finally {
        release();
      }
    },
    [queryClient, signOut, navigate],
  );
}
