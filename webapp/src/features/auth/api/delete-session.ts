import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { DeleteSessionResult } from '@/api/types';
import type { MutationConfig } from '@/lib/react-query';

/** Ends the applicant's server session (identity.deleteSession). */
export function deleteSession(): Promise<DeleteSessionResult> {
  return api.mutate<DeleteSessionResult>('identity.deleteSession');
}

/** Whatever was fetched as the signed-in applicant is stale once the session is gone. */
export function useDeleteSession(config: MutationConfig<typeof deleteSession> = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = config;
  return useMutation({
    ...rest,
    mutationFn: deleteSession,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries();
      await onSuccess?.(...args);
    },
  });
}
