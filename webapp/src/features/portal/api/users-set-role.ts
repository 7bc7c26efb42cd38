import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';
import type { MutationConfig } from '@/lib/react-query';

import { auditQueryKey } from './audit-list';
import { staffUsersQueryKey, type StaffUser } from './users-list';

// users.setRole: gives a portal user another role of the access policy

export type SetStaffRoleInput = components['schemas']['SetStaffRoleInput'];

const PROCEDURE = 'users.setRole';

export async function setStaffRole(input: SetStaffRoleInput): Promise<StaffUser> {
  return api.mutate<StaffUser>(PROCEDURE, input);
}

/** The users and the audit log change with it. */
export function useSetStaffRole(config: MutationConfig<typeof setStaffRole> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: setStaffRole,
    onSuccess: async (user, input, ...rest) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: staffUsersQueryKey }),
        queryClient.invalidateQueries({ queryKey: auditQueryKey }),
      ]);
      return config.onSuccess?.(user, input, ...rest);
    },
  });
}
