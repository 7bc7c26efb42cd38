import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';

import { applicationQueryKey } from './get-application';

// Income verification (the income-verification page, #IncomeVerificationView):
// verification.income reads how the borrower and the coborrower chose to
// verify their income, which of their jobs are verified and which income
// documents they will still be asked for; verification.connectPayroll asks
// the payroll network (a sandbox in tests and demos) to verify a person's
// jobs; verification.incomeDocuments records that they will upload pay
// documents. Both mutations move the loan's status on, as a save does.

type Schemas = components['schemas'];

export type IncomeVerificationView = Schemas['IncomeVerificationView'];
export type IncomeVerificationPerson = Schemas['IncomeVerificationPerson'];
export type IncomeParty = Schemas['IncomeVerificationInput']['party'];
export type IncomeMethod = NonNullable<IncomeVerificationPerson['method']>;

export async function getIncomeVerification({ signal }: { signal?: AbortSignal } = {}): Promise<IncomeVerificationView> {
  const procedure = 'verification.income';
  return api.query<IncomeVerificationView>(procedure, undefined, { signal });
}

/** Under the application's key: a save of the application (page 4) changes what it says. */
export const incomeVerificationQueryKey = ['application', 'income-verification'] as const;

export function getIncomeVerificationQueryOptions() {
  return queryOptions({ queryKey: incomeVerificationQueryKey, queryFn: ({ signal }) => getIncomeVerification({ signal }) });
}

export function useIncomeVerification() {
  return useQuery(getIncomeVerificationQueryOptions());
}

export type VerifyIncomeInput = { party: IncomeParty; method: IncomeMethod };

/** connectPayroll for a payroll connection, incomeDocuments for documents. */
export async function verifyIncome({ party, method }: VerifyIncomeInput): Promise<IncomeVerificationView> {
  const procedure = method === 'payroll' ? 'verification.connectPayroll' : 'verification.incomeDocuments';
  return api.mutate<IncomeVerificationView>(procedure, { party });
}

/**
 * The answer becomes the cached verification.income; the application (its
 * jobs' verification), the stepper (the status moved) and the documents
 * asked are read again.
 */
export function useVerifyIncomeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyIncome,
    onSuccess: async (view) => {
      queryClient.setQueryData(incomeVerificationQueryKey, view);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: applicationQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['funnel', 'pages'] }),
        queryClient.invalidateQueries({ queryKey: ['documents'] }),
      ]);
    },
  });
}
