import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';
import type { MutationConfig } from '@/lib/react-query';

import { auditQueryKey } from './audit-list';
import { staffUsersQueryKey, type StaffUser } from './users-list';

// users.resendInvite: e-mails a new link to a user who has not finished setting up (earlier links stop working)

export type StaffUserIdInput = components['schemas']['StaffUserIdInput'];

const PROCEDURE = 'users.resendInvite';

export async function resendInvite(input: StaffUserIdInput): Promise<StaffUser> {
  return api.mutate<StaffUser>(PROCEDURE, input);
}

/** The users and the audit log change with it. */
export function useResendInvite(config: MutationConfig<typeof resendInvite> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: resendInvite,
    onSuccess: async (user, input, ...rest) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: staffUsersQueryKey }),
        queryClient.invalidateQueries({ queryKey: auditQueryKey }),
      ]);
      return config.onSuccess?.(user, input, ...rest);
    },
  });
}
