import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from './client';
import type { components } from './schema.gen';

type Schemas = components['schemas'];

// prequal.adverseAction: the adverse-action notice stored with the loan's
// last ineligible decision on the bureau's data (ECOA, Reg B 12 CFR 1002.9;
// FCRA §615(a)), or null when there is none. The same object as
// quote.current's adverseAction, so a later visit shows the notice again.
// Types from the CUE schemas (#AdverseActionNotice).

export type AdverseAction = Schemas['AdverseActionNotice'];

const PROCEDURE = 'prequal.adverseAction';

export async function getAdverseAction({ signal }: { signal?: AbortSignal } = {}): Promise<AdverseAction | null> {
  return api.query<AdverseAction | null>(PROCEDURE, undefined, { signal });
}

export function getAdverseActionQueryOptions() {
  return queryOptions({
    queryKey: ['prequal', 'adverseAction'] as const,
    queryFn: ({ signal }) => getAdverseAction({ signal }),
  });
}

/** Only for a signed-in applicant: a visitor has no loan, so no notice. */
export function useAdverseAction({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getAdverseActionQueryOptions(), enabled });
}
