import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';
import type { MutationConfig } from '@/lib/react-query';

import { exportsQueryKey, type LoanExport } from './decisions-exports';

// portal.export: the submitted application as MISMO 3.4 XML, checked for
// what the chosen loan system needs and sent to it (loans.export; audited).
// A file the system refused is answered as an export whose status is
// failed; an application that lacks what the system needs is refused with
// a field error per missing field (borrower.ssn, property.value, ...).

export type ExportInput = components['schemas']['ExportInput'];

const PROCEDURE = 'portal.export';

export async function exportLoan(input: ExportInput): Promise<LoanExport> {
  return api.mutate<LoanExport>(PROCEDURE, input);
}

export function useExportLoanMutation(config: MutationConfig<typeof exportLoan> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: exportLoan,
    onSuccess: async (sent, input, ...rest) => {
      await queryClient.invalidateQueries({ queryKey: exportsQueryKey(input.loanId) });
      return config.onSuccess?.(sent, input, ...rest);
    },
    onError: async (error, input, ...rest) => {
      // A refusal records nothing; a failure to reach the system would.
      await queryClient.invalidateQueries({ queryKey: exportsQueryKey(input.loanId) });
      return config.onError?.(error, input, ...rest);
    },
  });
}
