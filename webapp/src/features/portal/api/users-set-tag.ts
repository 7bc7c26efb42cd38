import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';
import type { MutationConfig } from '@/lib/react-query';

import { auditQueryKey } from './audit-list';
import { staffUsersQueryKey, type StaffUser } from './users-list';

// users.setTag: sets the loanOfficerTag that makes the loans carrying it a user's (empty for none)

export type SetStaffTagInput = components['schemas']['SetStaffTagInput'];

const PROCEDURE = 'users.setTag';

export async function setStaffTag(input: SetStaffTagInput): Promise<StaffUser> {
  return api.mutate<StaffUser>(PROCEDURE, input);
}

/** The users and the audit log change with it. */
export function useSetStaffTag(config: MutationConfig<typeof setStaffTag> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: setStaffTag,
    onSuccess: async (user, input, ...rest) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: staffUsersQueryKey }),
        queryClient.invalidateQueries({ queryKey: auditQueryKey }),
      ]);
      return config.onSuccess?.(user, input, ...rest);
    },
  });
}
