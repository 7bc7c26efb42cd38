import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';

// application.get: the signed-in applicant's application as stored (the
// SSN shown as ***-**-1234), where the loan is (applicationStatus), whether
// it is still theirs to change (readOnly once submitted) and whether it has
// a coborrower. Types from the CUE schemas (#Application, #Person, ...).

type Schemas = components['schemas'];

export type Application = Schemas['Application'];
export type Person = Schemas['Person'];
export type Address = Schemas['Address'];

export type ApplicationView = Schemas['ApplicationView'];

const PROCEDURE = 'application.get';

export async function getApplication({ signal }: { signal?: AbortSignal } = {}): Promise<ApplicationView> {
  return api.query<ApplicationView>(PROCEDURE, undefined, { signal });
}

/** The one key of the application: application.save writes its answer here. */
export const applicationQueryKey = ['application', 'get'] as const;

export function getApplicationQueryOptions() {
  return queryOptions({ queryKey: applicationQueryKey, queryFn: ({ signal }) => getApplication({ signal }) });
}

export function useApplication() {
  return useQuery(getApplicationQueryOptions());
}
