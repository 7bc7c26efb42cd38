import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';

import { applicationQueryKey } from './get-application';
import { disclosuresQueryKey } from './get-disclosures';

// application.sign: the e-sign consent, every document acknowledged with the
// hash of the text read, and each person's typed full legal name. Refused
// with field errors at consent, documents ("The disclosures changed; read
// them again" when a text changed since it was read) and
// signatures.<i>.name. Each signature is recorded with the server's time,
// the client's address and browser; the loan's status moves on.

export type SignInput = components['schemas']['SignInput'];
export type SignResult = components['schemas']['SignResult'];

const PROCEDURE = 'application.sign';

export async function signDisclosures(input: SignInput): Promise<SignResult> {
  return api.mutate<SignResult>(PROCEDURE, input);
}

/** The signed disclosures and the application become the cached answers; the stepper is asked again. */
export function useSignDisclosuresMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signDisclosures,
    onSuccess: async (result) => {
      queryClient.setQueryData(disclosuresQueryKey, result.disclosures);
      queryClient.setQueryData(applicationQueryKey, result.application);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['funnel', 'pages'] }),
        queryClient.invalidateQueries({ queryKey: ['routing'] }),
      ]);
    },
  });
}
