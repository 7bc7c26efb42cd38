import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';

// application.draft: what was typed on a page and not yet saved with
// Continue, kept on the server (sealed) so a refresh, a closed tab or
// another device loses at most the field being typed. Not validated: a
// draft is the form's values as they were.

// #ApplicationDraft, with its open `{...}` as what a draft holds
// (openapi-typescript renders an open struct as Record<string, never>).
export type Draft = Omit<components['schemas']['ApplicationDraft'], 'draft'> & { draft: Record<string, unknown> | null };

const PROCEDURE = 'application.draft';

export async function getDraft(path: string, { signal }: { signal?: AbortSignal } = {}): Promise<Draft> {
  return api.query<Draft>(PROCEDURE, { path }, { signal });
}

export const draftQueryKey = (path: string) => ['application', 'draft', path] as const;

export function getDraftQueryOptions(path: string) {
  return queryOptions({ queryKey: draftQueryKey(path), queryFn: ({ signal }) => getDraft(path, { signal }) });
}

export function useDraft(path: string) {
  return useQuery(getDraftQueryOptions(path));
}
