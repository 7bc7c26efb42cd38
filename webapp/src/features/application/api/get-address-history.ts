import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';

// application.addressHistory: the day, today, that a person's addresses
// must reach back to on page 1, the months that is, and the rules' words
// when they do not (heloc.identity.residence_history). The page asks for
// former addresses by it; the save refuses by the same rule.

export type AddressHistory = components['schemas']['AddressHistory'];

const PROCEDURE = 'application.addressHistory';

export function getAddressHistoryQueryOptions() {
  return queryOptions({
    queryKey: ['application', 'addressHistory'] as const,
    queryFn: ({ signal }) => api.query<AddressHistory>(PROCEDURE, undefined, { signal }),
  });
}

export function useAddressHistory() {
  return useQuery(getAddressHistoryQueryOptions());
}
