import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';

// consents.current: the wording of each consent the funnel asks for, with
// its version (data.heloc.consents, compliance-owned in rules/). The page
// shows this text and sends the version it showed, so the record says
// exactly what was agreed to. Anonymous. Types from the CUE schemas
// (#ConsentsCurrent).

export type ConsentKind = components['schemas']['ConsentKind'];

export type Consent = components['schemas']['ConsentText'];

const PROCEDURE = 'consents.current';

export async function getConsents({ signal }: { signal?: AbortSignal } = {}): Promise<Consent[]> {
  const data = await api.query<{ consents: Consent[] }>(PROCEDURE, undefined, { signal });
  return data.consents;
}

export function getConsentsQueryOptions() {
  return queryOptions({ queryKey: ['consents', 'current'] as const, queryFn: ({ signal }) => getConsents({ signal }) });
}

/** The current consents, by kind. */
export function useConsents() {
  return useQuery({
    ...getConsentsQueryOptions(),
    select: (consents) => Object.fromEntries(consents.map((c) => [c.kind, c])) as Partial<Record<ConsentKind, Consent>>,
  });
}
