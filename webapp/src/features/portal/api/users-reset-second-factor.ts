import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';
import type { MutationConfig } from '@/lib/react-query';

import { auditQueryKey } from './audit-list';
import { staffUsersQueryKey, type StaffUser } from './users-list';

// users.resetSecondFactor: takes a user's authenticator and recovery codes away, ends their sessions and e-mails them a link to set up a new authenticator

export type StaffUserIdInput = components['schemas']['StaffUserIdInput'];

const PROCEDURE = 'users.resetSecondFactor';

export async function resetSecondFactor(input: StaffUserIdInput): Promise<StaffUser> {
  return api.mutate<StaffUser>(PROCEDURE, input);
}

/** The users and the audit log change with it. */
export function useResetSecondFactor(config: MutationConfig<typeof resetSecondFactor> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: resetSecondFactor,
    onSuccess: async (user, input, ...rest) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: staffUsersQueryKey }),
        queryClient.invalidateQueries({ queryKey: auditQueryKey }),
      ]);
      return config.onSuccess?.(user, input, ...rest);
    },
  });
}
