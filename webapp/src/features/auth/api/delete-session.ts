import { useMutation } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { DeleteSessionResult } from '@/api/types';
import type { MutationConfig } from '@/lib/react-query';

/** Ends the applicant's server session (identity.deleteSession). */
export function deleteSession(): Promise<DeleteSessionResult> {
  return api.mutate<DeleteSessionResult>('identity.deleteSession');
}

/**
 * Ends the session as a mutation. What the page fetched as the applicant is
 * not fetched again here: without a session it would be answered 401 (the
 * sign-out that follows leaves the page, and the app keeps no query no page
 * shows).
 */
export function useDeleteSession(config: MutationConfig<typeof deleteSession> = {}) {
  return useMutation({ ...config, mutationFn: deleteSession });
}
