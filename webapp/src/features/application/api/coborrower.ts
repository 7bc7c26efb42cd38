import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';

import type { DisclosuresView } from './get-disclosures';
import type { SignInput } from './sign-disclosures';

// The coborrower acts for themselves (issue 23 item 4). The borrower's
// pages read coborrower.status ("waiting for <name>") and send the
// invitation (again) with coborrower.invite. The coborrower's own page
// (/app/coborrower, in their own sign-in) reads coborrower.get and
// coborrower.disclosures, and gives their credit check authorization,
// declarations, demographic information and signature; the server refuses
// the borrower's session each of these.

type Schemas = components['schemas'];

export type CoborrowerStatus = Schemas['CoborrowerStatus'];
export type CoborrowerView = Schemas['CoborrowerView'];
export type CoborrowerAuthorizationInput = Schemas['CoborrowerAuthorizationInput'];

export const coborrowerStatusQueryKey = ['coborrower', 'status'] as const;
export const coborrowerViewQueryKey = ['coborrower', 'get'] as const;
export const coborrowerDisclosuresQueryKey = ['coborrower', 'disclosures'] as const;

/** The borrower's view of their coborrower. */
export function useCoborrowerStatus(enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: coborrowerStatusQueryKey,
      queryFn: ({ signal }) => api.query<CoborrowerStatus>('coborrower.status', undefined, { signal }),
      enabled,
    }),
  );
}

/** The invitation e-mailed (again) to the coborrower. */
export function useInviteCoborrowerMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.mutate<CoborrowerStatus>('coborrower.invite', undefined),
    onSuccess: (status) => queryClient.setQueryData(coborrowerStatusQueryKey, status),
  });
}

/** The coborrower's own page. */
export function useCoborrowerView() {
  return useQuery(
    queryOptions({
      queryKey: coborrowerViewQueryKey,
      queryFn: ({ signal }) => api.query<CoborrowerView>('coborrower.get', undefined, { signal }),
    }),
  );
}

export function useCoborrowerDisclosures(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: coborrowerDisclosuresQueryKey,
      queryFn: ({ signal }) => api.query<DisclosuresView>('coborrower.disclosures', undefined, { signal }),
      enabled,
    }),
  );
}

type CoborrowerSave = 'coborrower.authorize' | 'coborrower.declarations' | 'coborrower.demographics';

/** One of the coborrower's own saves; its answer is the page's view. */
export function useCoborrowerSaveMutation<I>(procedure: CoborrowerSave) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => api.mutate<CoborrowerView>(procedure, input),
    onSuccess: async (view) => {
      queryClient.setQueryData(coborrowerViewQueryKey, view);
      await queryClient.invalidateQueries({ queryKey: coborrowerDisclosuresQueryKey });
    },
  });
}

/** The coborrower's own consent and signature. */
export function useCoborrowerSignMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignInput) => api.mutate<DisclosuresView>('coborrower.sign', input),
    onSuccess: async (view) => {
      queryClient.setQueryData(coborrowerDisclosuresQueryKey, view);
      await queryClient.invalidateQueries({ queryKey: coborrowerViewQueryKey });
    },
  });
}
