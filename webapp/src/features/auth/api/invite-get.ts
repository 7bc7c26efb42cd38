import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';

// invite.get: who an e-mailed link (/portal/invite?token=...) is for, and
// whether it is an invitation or a new authenticator to set up; NOT_FOUND
// once the link is used, expired or tried too often. Nobody is signed in.

export type Invitation = components['schemas']['Invitation'];

const PROCEDURE = 'invite.get';

export async function getInvitation(token: string, { signal }: { signal?: AbortSignal } = {}): Promise<Invitation> {
  return api.query<Invitation>(PROCEDURE, { token }, { signal });
}

export const invitationQueryKey = (token: string) => ['invite', token] as const;

export function getInvitationQueryOptions(token: string) {
  return queryOptions({ queryKey: invitationQueryKey(token), queryFn: ({ signal }) => getInvitation(token, { signal }) });
}

export function useInvitation(token: string) {
  return useQuery({ ...getInvitationQueryOptions(token), enabled: token !== '' });
}
