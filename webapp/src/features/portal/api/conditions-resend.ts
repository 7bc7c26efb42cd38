import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';
import type { MutationConfig } from '@/lib/react-query';

import { loanConditionsQueryKey, type PortalCondition } from './conditions-list';

// portal.resendCondition: e-mails an open e-mail condition's request to the
// person again (a reminder, or a first message that did not go). Another
// kind, a resolved condition, or one e-mailed less than a minute ago
// answers CONFLICT.

export type ConditionRefInput = components['schemas']['ConditionRefInput'];

const PROCEDURE = 'portal.resendCondition';

export async function resendCondition(input: ConditionRefInput): Promise<PortalCondition> {
  return api.mutate<PortalCondition>(PROCEDURE, input);
}

export function useResendConditionMutation(config: MutationConfig<typeof resendCondition> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: resendCondition,
    onSuccess: async (condition, input, ...rest) => {
      await queryClient.invalidateQueries({ queryKey: loanConditionsQueryKey(input.loanId) });
      return config.onSuccess?.(condition, input, ...rest);
    },
  });
}
