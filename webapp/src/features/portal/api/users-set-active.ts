import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';
import type { MutationConfig } from '@/lib/react-query';

import { auditQueryKey } from './audit-list';
import { staffUsersQueryKey, type StaffUser } from './users-list';

// users.setActive: deactivates (their sessions end at once) or reactivates a portal user

export type SetStaffActiveInput = components['schemas']['SetStaffActiveInput'];

const PROCEDURE = 'users.setActive';

export async function setStaffActive(input: SetStaffActiveInput): Promise<StaffUser> {
  return api.mutate<StaffUser>(PROCEDURE, input);
}

/** The users and the audit log change with it. */
export function useSetStaffActive(config: MutationConfig<typeof setStaffActive> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: setStaffActive,
    onSuccess: async (user, input, ...rest) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: staffUsersQueryKey }),
        queryClient.invalidateQueries({ queryKey: auditQueryKey }),
      ]);
      return config.onSuccess?.(user, input, ...rest);
    },
  });
}
