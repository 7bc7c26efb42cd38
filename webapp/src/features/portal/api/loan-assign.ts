import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';
import type { MutationConfig } from '@/lib/react-query';

import { loanQueryKey, type PortalLoan } from './loan-get';
import { pipelineQueryKey } from './pipeline-get';

// portal.assign: sets a loan's loan officer, processor or partner tag (a
// field left out keeps its holder, "" empties the place). Answers the
// loan as portal.loan does; field errors name loanOfficerId or processorId.

export type AssignInput = components['schemas']['AssignInput'];

const PROCEDURE = 'portal.assign';

export async function assignLoan(input: AssignInput): Promise<PortalLoan> {
  return api.mutate<PortalLoan>(PROCEDURE, input);
}

export function useAssignLoanMutation(config: MutationConfig<typeof assignLoan> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: assignLoan,
    onSuccess: async (loan, input, ...rest) => {
      queryClient.setQueryData(loanQueryKey(input.loanId), loan);
      await queryClient.invalidateQueries({ queryKey: pipelineQueryKey });
      return config.onSuccess?.(loan, input, ...rest);
    },
  });
}
