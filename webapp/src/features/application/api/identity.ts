import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';
import type { MutationConfig } from '@/lib/react-query';

import { applicationQueryKey } from './get-application';

// The identity-verification page's procedures (server/loans/identity.go):
// verification.identityStatus, the IDs a person may verify with (the
// documents table's ID subtypes, each with the sides it needs) and each
// person's last check and uploaded sides; verification.identity, which asks
// the identity provider to check a person's ID once its sides are uploaded
// as idDocument documents. A refused check names idType, sides or party.

type Schemas = components['schemas'];

export type IdentityView = Schemas['IdentityView'];
export type IdentityPerson = Schemas['IdentityPerson'];
export type IdentityIdType = Schemas['IdentityIdType'];
export type VerifyIdentityInput = Schemas['VerifyIdentityInput'];
export type VerifyIdentityResult = Schemas['VerifyIdentityResult'];

const STATUS = 'verification.identityStatus';
const VERIFY = 'verification.identity';

export const identityQueryKey = ['verification', 'identityStatus'] as const;

export async function getIdentity({ signal }: { signal?: AbortSignal } = {}): Promise<IdentityView> {
  return api.query<IdentityView>(STATUS, undefined, { signal });
}

export function getIdentityQueryOptions() {
  return queryOptions({ queryKey: identityQueryKey, queryFn: ({ signal }) => getIdentity({ signal }) });
}

export function useIdentity() {
  return useQuery(getIdentityQueryOptions());
}

export async function verifyIdentity(input: VerifyIdentityInput): Promise<VerifyIdentityResult> {
  return api.mutate<VerifyIdentityResult>(VERIFY, input);
}

/**
 * The answer's view and application become the cached ones; the stepper
 * (funnel.pages) is asked again, since the status may have moved.
 */
export function useVerifyIdentityMutation(config: MutationConfig<typeof verifyIdentity> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: verifyIdentity,
    onSuccess: async (result, input, ...rest) => {
      queryClient.setQueryData(identityQueryKey, result.identity);
      queryClient.setQueryData(applicationQueryKey, result.application);
      await queryClient.invalidateQueries({ queryKey: ['funnel', 'pages'] });
      return config.onSuccess?.(result, input, ...rest);
    },
  });
}
