import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/api/client';

import { applicationQueryKey, type ApplicationView } from './get-application';

// application.submit: hands the application to the lender. Refused (with
// field errors naming what is missing: applicationStatus, disbursement,
// documents, identity, disclosures) until every step is done; afterwards
// the application is read-only (readOnly, status applicationSubmitted).

const PROCEDURE = 'application.submit';

export async function submitApplication(): Promise<ApplicationView> {
  return api.mutate<ApplicationView>(PROCEDURE, undefined);
}

/** The submitted application becomes application.get; the stepper and anything of the loan are asked again. */
export function useSubmitApplicationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitApplication,
    onSuccess: async (submitted) => {
      queryClient.setQueryData(applicationQueryKey, submitted);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['funnel', 'pages'] }),
        queryClient.invalidateQueries({ queryKey: ['routing'] }),
      ]);
    },
  });
}
