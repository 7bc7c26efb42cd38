import { useMutation } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';
import type { MutationConfig } from '@/lib/react-query';

type Schemas = components['schemas'];

// prequal.joinWaitlist: keeps a visitor's contact (sealed) for when we are
// licensed in their state (the licensing table in rules/), and says when
// that is, if known. Anonymous and limited per client address. Types from
// the CUE schemas (#JoinWaitlistInput, #JoinWaitlistResult).

export type JoinWaitlistInput = Schemas['JoinWaitlistInput'];
export type JoinWaitlistResult = Schemas['JoinWaitlistResult'];

const PROCEDURE = 'prequal.joinWaitlist';

export async function joinWaitlist(input: JoinWaitlistInput): Promise<JoinWaitlistResult> {
  return api.mutate<JoinWaitlistResult>(PROCEDURE, input);
}

export function useJoinWaitlist(config: MutationConfig<typeof joinWaitlist> = {}) {
  return useMutation({ ...config, mutationFn: joinWaitlist });
}
