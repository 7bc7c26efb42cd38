import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';

// application.employment: the employment policy's answer
// (data.heloc.employment.history) for a person's saved employments: the
// gaps between them within the window, each with the saved explanation;
// where a new employment starts (nextStartDate); and the time since the
// last one ended when no job is current (trailingGap).

export type EmploymentHistory = components['schemas']['EmploymentHistory'];
export type EmploymentGap = components['schemas']['EmploymentGap'];
export type Party = components['schemas']['EmploymentHistoryInput']['party'];

const PROCEDURE = 'application.employment';

export async function getEmploymentHistory(party: Party, { signal }: { signal?: AbortSignal } = {}): Promise<EmploymentHistory> {
  return api.query<EmploymentHistory>(PROCEDURE, { party }, { signal });
}

/** Under the application's key, so a save of the application can ask it again. */
export const employmentHistoryQueryKey = (party: Party) => ['application', 'employment', party] as const;

export function getEmploymentHistoryQueryOptions(party: Party) {
  return queryOptions({
    queryKey: employmentHistoryQueryKey(party),
    queryFn: ({ signal }) => getEmploymentHistory(party, { signal }),
  });
}

export function useEmploymentHistory(party: Party) {
  return useQuery(getEmploymentHistoryQueryOptions(party));
}
