import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';

// application.employment: the employment policy's answer
// (data.heloc.employment.history) for a person's employments: the gaps
// between them within the window, each with the saved explanation; where
// a new employment starts (nextStartDate); the time since the last one
// ended when no job is current (trailingGap); and whether the history is
// complete, with what is missing (a previous employer until the window is
// covered, a gap's explanation) in the policy's words. Without employments
// it reads the saved ones; with them, the employments as page 4 holds them
// (only their dates), so that the page asks before it lets the borrower
// go on.

export type EmploymentHistory = components['schemas']['EmploymentHistory'];
export type EmploymentGap = components['schemas']['EmploymentGap'];
export type EmploymentDates = components['schemas']['EmploymentDates'];
export type EmploymentMissing = components['schemas']['EmploymentMissing'];
export type Party = components['schemas']['EmploymentHistoryInput']['party'];

const PROCEDURE = 'application.employment';

export async function getEmploymentHistory(
  party: Party,
  { employments, signal }: { employments?: EmploymentDates[]; signal?: AbortSignal } = {},
): Promise<EmploymentHistory> {
  return api.query<EmploymentHistory>(PROCEDURE, employments ? { party, employments } : { party }, { signal });
}

/** Under the application's key, so a save of the application can ask it again. */
export const employmentHistoryQueryKey = (party: Party, employments?: EmploymentDates[]) =>
  employments ? (['application', 'employment', party, employments] as const) : (['application', 'employment', party] as const);

export function getEmploymentHistoryQueryOptions(party: Party, employments?: EmploymentDates[]) {
  return queryOptions({
    queryKey: employmentHistoryQueryKey(party, employments),
    queryFn: ({ signal }) => getEmploymentHistory(party, { employments, signal }),
  });
}

/** The policy's answer for the person's saved employments. */
export function useEmploymentHistory(party: Party) {
  return useQuery(getEmploymentHistoryQueryOptions(party));
}

/**
 * The policy's answer for the employments as typed; while a new answer is
 * on its way the previous one stays (isPlaceholderData).
 */
export function useTypedEmploymentHistory(party: Party, employments: EmploymentDates[]) {
  return useQuery({ ...getEmploymentHistoryQueryOptions(party, employments), placeholderData: keepPreviousData });
}
