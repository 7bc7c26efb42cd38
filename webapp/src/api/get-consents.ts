import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';
import { expectShape, is } from '@/api/shape';

// consents.current: the wording of each consent the funnel asks for, with
// its version (data.heloc.consents, compliance-owned in rules/). The page
// shows this text and sends the version it showed, so the record says
// exactly what was agreed to. Anonymous. Types from the CUE schemas
// (#ConsentsCurrent).

export type ConsentKind = components['schemas']['ConsentKind'];

export type Consent = components['schemas']['ConsentText'];

const PROCEDURE = 'consents.current';

const isConsents = is.shape({
  consents: is.arrayOf(is.shape({ kind: is.string, version: is.string, title: is.string, text: is.string })),
});

export async function getConsents({ signal }: { signal?: AbortSignal } = {}): Promise<Consent[]> {
  const data = expectShape<{ consents: Consent[] }>(PROCEDURE, await api.query(PROCEDURE, undefined, { signal }), isConsents);
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
