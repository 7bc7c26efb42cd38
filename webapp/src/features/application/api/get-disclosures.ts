import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';

// application.disclosures: the documents to read in full before signing
// (the Home Equity Credit Agreement, Truth in Lending, the early disclosure
// and the home equity booklet), filled in with the loan's terms and names,
// each with the SHA-256 of its text; the e-sign consent; each person who
// signs, by the full legal name to type; and what is signed.

export type DisclosuresView = components['schemas']['DisclosuresView'];
export type Disclosure = components['schemas']['Disclosure'];
export type Signer = components['schemas']['Signer'];
export type SignatureRecord = components['schemas']['Signature'];

const PROCEDURE = 'application.disclosures';

export async function getDisclosures({ signal }: { signal?: AbortSignal } = {}): Promise<DisclosuresView> {
  return api.query<DisclosuresView>(PROCEDURE, undefined, { signal });
}

export const disclosuresQueryKey = ['application', 'disclosures'] as const;

export function getDisclosuresQueryOptions() {
  return queryOptions({ queryKey: disclosuresQueryKey, queryFn: ({ signal }) => getDisclosures({ signal }) });
}

export function useDisclosures() {
  return useQuery(getDisclosuresQueryOptions());
}
