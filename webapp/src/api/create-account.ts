import { useMutation } from '@tanstack/react-query';

import type { MutationConfig } from '@/lib/react-query';

import { api } from './client';
import type { components } from './schema.gen';

type Schemas = components['schemas'];

// identity.createAccount (README "Sign-in and sessions"); the types come
// from the CUE schemas.

export type CreateAccountInput = Schemas['CreateAccountInput'];
export type CreateAccountResult = Schemas['CreateAccountResult'];

const PROCEDURE = 'identity.createAccount';

/**
 * Starts an applicant account (and a loan at the first prequalification
 * step) and mails a sign-in code. For an address that already has an
 * account it only mails a code, so the answer never says which it was.
 */
export async function createAccount(input: CreateAccountInput): Promise<CreateAccountResult> {
  return api.mutate<CreateAccountResult>(PROCEDURE, input);
}

/** Nothing cached depends on an account that has no session yet, so nothing is invalidated. */
export function useCreateAccount(config: MutationConfig<typeof createAccount> = {}) {
  return useMutation({ ...config, mutationFn: createAccount });
}
