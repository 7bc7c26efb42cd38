import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';

// users.list: every portal user with their role, state and tag, and the
// access policy's roles (users.read).

type Schemas = components['schemas'];

export type StaffUser = Schemas['StaffUser'];
export type StaffUsersView = Schemas['StaffUsersView'];
export type StaffEnrolment = Schemas['StaffEnrolment'];

const PROCEDURE = 'users.list';

export async function getStaffUsers({ signal }: { signal?: AbortSignal } = {}): Promise<StaffUsersView> {
  return api.query<StaffUsersView>(PROCEDURE, undefined, { signal });
}

/** The one key of the users: every users.* change invalidates it. */
export const staffUsersQueryKey = ['portal', 'users'] as const;

export function getStaffUsersQueryOptions() {
  return queryOptions({ queryKey: staffUsersQueryKey, queryFn: ({ signal }) => getStaffUsers({ signal }) });
}

export function useStaffUsers() {
  return useQuery(getStaffUsersQueryOptions());
}
