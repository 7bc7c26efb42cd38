import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';
import type { MutationConfig } from '@/lib/react-query';

import { creditReportQueryKey, type CreditReport } from './get-credit-report';

// prequal.creditCheck: the soft pull, after the authorization (its version
// is recorded as a consent). Date of birth and SSN go to the server only:
// sealed there, never answered back, never kept in the browser.

export type CreditCheckInput = components['schemas']['CreditCheckInput'];

const PROCEDURE = 'prequal.creditCheck';

export async function creditCheck(input: CreditCheckInput): Promise<CreditReport> {
  return api.mutate<CreditReport>(PROCEDURE, input);
}

export function useCreditCheck(config: MutationConfig<typeof creditCheck> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: creditCheck,
    onSuccess: (report, ...rest) => {
      queryClient.setQueryData(creditReportQueryKey, report);
      return config.onSuccess?.(report, ...rest);
    },
  });
}
