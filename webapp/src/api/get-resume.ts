import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from './client';
import type { components } from './schema.gen';

type Schemas = components['schemas'];

// routing.resume: the resume redirect and auto sign-out policy
// (data.heloc.routing.resume; spec §2 "Resume redirect rule", §4). The app
// sends where the user is and came from; the server adds the session and the
// loan. The types come from the CUE schemas (#ResumeInput, #ResumeResult).

/** previousPath is the previous in-app path in this tab; "" when there is none. */
export type ResumeInput = Schemas['ResumeInput'];
export type ResumeResult = Schemas['ResumeResult'];
export type ResumeAction = ResumeResult['action'];

const PROCEDURE = 'routing.resume';

export async function getResume(input: ResumeInput, { signal }: { signal?: AbortSignal } = {}): Promise<ResumeResult> {
  return api.query<ResumeResult>(PROCEDURE, input, { signal });
}

export function getResumeQueryOptions(input: ResumeInput) {
  return queryOptions({
    queryKey: ['routing', 'resume', input] as const,
    queryFn: ({ signal }) => getResume(input, { signal }),
  });
}

export function useResume(input: ResumeInput, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getResumeQueryOptions(input), enabled });
}
