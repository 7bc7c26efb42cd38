import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';
import type { MutationConfig } from '@/lib/react-query';

import { loanConditionsQueryKey, type PortalCondition } from './conditions-list';

// portal.clearCondition: clears (satisfied) or waives (no longer needed) one
// of the loan's conditions, with a note; who and when are recorded. A
// condition resolved already answers CONFLICT.

export type ClearConditionInput = components['schemas']['ClearConditionInput'];

const PROCEDURE = 'portal.clearCondition';

export async function clearCondition(input: ClearConditionInput): Promise<PortalCondition> {
  return api.mutate<PortalCondition>(PROCEDURE, input);
}

export function useClearConditionMutation(config: MutationConfig<typeof clearCondition> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: clearCondition,
    onSuccess: async (condition, input, ...rest) => {
      await queryClient.invalidateQueries({ queryKey: loanConditionsQueryKey(input.loanId) });
      await queryClient.invalidateQueries({ queryKey: ['portal', 'loan', input.loanId] });
      return config.onSuccess?.(condition, input, ...rest);
    },
  });
}
