import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';
import type { MutationConfig } from '@/lib/react-query';

import type { PortalCreditView } from './credit-get';
import { loanQueryKey } from './loan-get';
import { pipelineQueryKey } from './pipeline-get';

// portal.decide: records an underwriter's credit decision (loans.decide).
// The rules refuse a line above the maximum, a decline without reasons or
// a day in the past, each at its field (line, reasons, neededBy, note).

export type DecideInput = components['schemas']['DecideInput'];

const PROCEDURE = 'portal.decide';

export async function decide(input: DecideInput): Promise<PortalCreditView> {
  return api.mutate<PortalCreditView>(PROCEDURE, input);
}

export function useDecideMutation(config: MutationConfig<typeof decide> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: decide,
    onSuccess: async (view, input, ...rest) => {
      // The loan's status, line and credit view change; so does its row.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: loanQueryKey(input.loanId) }),
        queryClient.invalidateQueries({ queryKey: pipelineQueryKey }),
      ]);
      return config.onSuccess?.(view, input, ...rest);
    },
  });
}
