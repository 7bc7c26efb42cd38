import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/api/client';
import { expectShape, is } from '@/api/shape';

// The licensed-states table (data.heloc.licensing, in rules/), read two ways:
// licensing.lookup answers for one ZIP (the waitlist page's state and opening
// date), licensing.states lists them all for /license. Both anonymous. Typed
// from the contract until the CUE definitions are generated.

export type LicensingLookup = {
  zip: string;
  state: string | null;
  stateName: string | null;
  licensed: boolean;
  /** yyyy-MM-dd when a licence is expected; null when not known. */
  opensOn: string | null;
};

export type LicensedState = {
  code: string;
  name: string;
  licensed: boolean;
  licenseNumber: string | null;
  opensOn: string | null;
};

export type Licensing = { company: string; nmlsId: string; states: LicensedState[] };

const LOOKUP = 'licensing.lookup';
const STATES = 'licensing.states';

const isLookup = is.shape({
  zip: is.string,
  state: is.nullable(is.string),
  stateName: is.nullable(is.string),
  licensed: is.boolean,
  opensOn: is.nullable(is.string),
});

const isLicensing = is.shape({
  company: is.string,
  nmlsId: is.string,
  states: is.arrayOf(
    is.shape({ code: is.string, name: is.string, licensed: is.boolean, licenseNumber: is.nullable(is.string), opensOn: is.nullable(is.string) }),
  ),
});

export async function lookupLicensing(zip: string, { signal }: { signal?: AbortSignal } = {}): Promise<LicensingLookup> {
  return expectShape<LicensingLookup>(LOOKUP, await api.query(LOOKUP, { zip }, { signal }), isLookup);
}

export function useLicensingLookup(zip: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['licensing', 'lookup', zip] as const,
    queryFn: ({ signal }) => lookupLicensing(zip, { signal }),
    enabled,
  });
}

export async function getLicensing({ signal }: { signal?: AbortSignal } = {}): Promise<Licensing> {
  return expectShape<Licensing>(STATES, await api.query(STATES, undefined, { signal }), isLicensing);
}

export function getLicensingQueryOptions() {
  return queryOptions({ queryKey: ['licensing', 'states'] as const, queryFn: ({ signal }) => getLicensing({ signal }) });
}

export function useLicensing() {
  return useQuery(getLicensingQueryOptions());
}
