import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';
import type { MutationConfig } from '@/lib/react-query';

import { invitationQueryKey } from './invite-get';

// invite.accept: the password (a new one for an invitation, the current
// one for a new authenticator) and a code from the offered authenticator;
// answers the ten recovery codes, once. The link then stops working.

export type AcceptInviteInput = components['schemas']['AcceptInviteInput'];
export type AcceptedInvite = components['schemas']['AcceptedInvite'];

const PROCEDURE = 'invite.accept';

export async function acceptInvite(input: AcceptInviteInput): Promise<AcceptedInvite> {
  return api.mutate<AcceptedInvite>(PROCEDURE, input);
}

/** The link is spent: its invitation is no longer cached. */
export function useAcceptInvite(config: MutationConfig<typeof acceptInvite> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: acceptInvite,
    onSuccess: (data, input, ...rest) => {
      queryClient.removeQueries({ queryKey: invitationQueryKey(input.token) });
      return config.onSuccess?.(data, input, ...rest);
    },
  });
}
