import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';
import type { MutationConfig } from '@/lib/react-query';

import { loanConditionsQueryKey, type PortalCondition } from './conditions-list';

// portal.addCondition: sets a condition of the catalogue on the loan by its
// code, for the borrower or the coborrower, with a note the borrower sees.
// An e-mail condition's message goes at once. Field errors name code,
// party or note.

export type AddConditionInput = components['schemas']['AddConditionInput'];

const PROCEDURE = 'portal.addCondition';

export async function addCondition(input: AddConditionInput): Promise<PortalCondition> {
  return api.mutate<PortalCondition>(PROCEDURE, input);
}

export function useAddConditionMutation(config: MutationConfig<typeof addCondition> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: addCondition,
    onSuccess: async (condition, input, ...rest) => {
      await queryClient.invalidateQueries({ queryKey: loanConditionsQueryKey(input.loanId) });
      // The loan's documents tab counts a document condition's request.
      await queryClient.invalidateQueries({ queryKey: ['portal', 'loan', input.loanId] });
      return config.onSuccess?.(condition, input, ...rest);
    },
  });
}
