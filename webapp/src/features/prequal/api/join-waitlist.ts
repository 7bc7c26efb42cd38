import { useMutation } from '@tanstack/react-query';

import { api } from '@/api/client';
import { expectShape, is } from '@/api/shape';
import type { MutationConfig } from '@/lib/react-query';

// prequal.joinWaitlist: keeps a visitor's contact (sealed) for when we are
// licensed in their state (the licensing table in rules/), and says when
// that is, if known. Anonymous and limited per client address. Typed from the
// issue's contract until the CUE definitions are generated.

export type JoinWaitlistInput = {
  firstName: string;
  lastName: string;
  email: string;
  zip: string;
  /** 10 digits, or null when not given. */
  phone?: string | null;
};

export type JoinWaitlistResult = { state: string; stateName: string; opensOn: string | null };

const PROCEDURE = 'prequal.joinWaitlist';

export async function joinWaitlist(input: JoinWaitlistInput): Promise<JoinWaitlistResult> {
  return expectShape<JoinWaitlistResult>(
    PROCEDURE,
    await api.mutate(PROCEDURE, input),
    is.shape({ state: is.string, stateName: is.string, opensOn: is.nullable(is.string) }),
  );
}

export function useJoinWaitlist(config: MutationConfig<typeof joinWaitlist> = {}) {
  return useMutation({ ...config, mutationFn: joinWaitlist });
}
