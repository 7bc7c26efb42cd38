import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';

type Schemas = components['schemas'];

// The licensed-states table (data.heloc.licensing, in rules/), read two ways:
// licensing.lookup answers for one ZIP (the waitlist page's state and opening
// date), licensing.states lists them all for /license. Both anonymous.
// Types from the CUE schemas (#LicensingLookup, #LicensingStates).

export type LicensingLookup = Schemas['LicensingLookup'];
export type LicensedState = Schemas['LicensedState'];
export type Licensing = Schemas['LicensingStates'];

const LOOKUP = 'licensing.lookup';
const STATES = 'licensing.states';

/** The ZIP code's state and licence; with an address's `state`, whether it is the ZIP code's (stateMismatch). */
export async function lookupLicensing(zip: string, { signal, state }: { signal?: AbortSignal; state?: string } = {}): Promise<LicensingLookup> {
  return api.query<LicensingLookup>(LOOKUP, state ? { zip, state } : { zip }, { signal });
}

export function useLicensingLookup(zip: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['licensing', 'lookup', zip] as const,
    queryFn: ({ signal }) => lookupLicensing(zip, { signal }),
    enabled,
  });
}

export async function getLicensing({ signal }: { signal?: AbortSignal } = {}): Promise<Licensing> {
  return api.query<Licensing>(STATES, undefined, { signal });
}

export function getLicensingQueryOptions() {
  return queryOptions({ queryKey: ['licensing', 'states'] as const, queryFn: ({ signal }) => getLicensing({ signal }) });
}

export function useLicensing() {
  return useQuery(getLicensingQueryOptions());
}
