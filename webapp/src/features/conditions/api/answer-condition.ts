import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';
import type { MutationConfig } from '@/lib/react-query';

import { conditionsQueryKey, type BorrowerConditionsView } from './get-conditions';

// conditions.answer: the borrower's answer to one of their text, address or
// employment conditions (after submission too). It replaces an earlier
// answer while the condition is open; field errors name text, address or
// employment and their fields.

export type AnswerConditionInput = components['schemas']['AnswerConditionInput'];

const PROCEDURE = 'conditions.answer';

export async function answerCondition(input: AnswerConditionInput): Promise<BorrowerConditionsView> {
  return api.mutate<BorrowerConditionsView>(PROCEDURE, input);
}

export function useAnswerConditionMutation(config: MutationConfig<typeof answerCondition> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: answerCondition,
    onSuccess: async (view, input, ...rest) => {
      queryClient.setQueryData(conditionsQueryKey, view);
      await queryClient.invalidateQueries({ queryKey: conditionsQueryKey });
      return config.onSuccess?.(view, input, ...rest);
    },
  });
}
