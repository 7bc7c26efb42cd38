import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';
import type { MutationConfig } from '@/lib/react-query';

import { auditQueryKey } from './audit-list';
import { staffUsersQueryKey, type StaffUser } from './users-list';

// users.invite: makes a portal user who cannot sign in yet and e-mails them a link to /portal/invite, where they choose a password and set up their authenticator

export type InviteStaffUserInput = components['schemas']['InviteStaffUserInput'];

const PROCEDURE = 'users.invite';

export async function inviteStaffUser(input: InviteStaffUserInput): Promise<StaffUser> {
  return api.mutate<StaffUser>(PROCEDURE, input);
}

/** The users and the audit log change with it. */
export function useInviteStaffUser(config: MutationConfig<typeof inviteStaffUser> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: inviteStaffUser,
    onSuccess: async (user, input, ...rest) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: staffUsersQueryKey }),
        queryClient.invalidateQueries({ queryKey: auditQueryKey }),
      ]);
      return config.onSuccess?.(user, input, ...rest);
    },
  });
}
