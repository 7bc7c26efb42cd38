import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';

import { loanQueryKey } from './loan-get';

// portal.application: the whole application as staff read it, every
// enumeration already in words (the schema's #EnumLabels, applied by the
// server), with the credit report's summary and the CLTV and DTI of the
// rules' latest preview offer. portal.hmda: the demographic (HMDA)
// answers, asked only by a user granted hmda.read (they are not for
// underwriting). The server records each opening in the audit log.

type Schemas = components['schemas'];

export type PortalApplication = Schemas['PortalApplication'];
export type PortalApplicant = Schemas['PortalApplicant'];
export type PortalDebt = Schemas['PortalDebt'];
export type PortalCreditSummary = Schemas['PortalCreditSummary'];
export type PortalFigures = Schemas['PortalFigures'];
export type PortalHmdaView = Schemas['PortalHmdaView'];

export const loanApplicationQueryKey = (loanId: string) => [...loanQueryKey(loanId), 'application'] as const;
export const loanHmdaQueryKey = (loanId: string) => [...loanQueryKey(loanId), 'hmda'] as const;

export function getLoanApplicationQueryOptions(loanId: string) {
  return queryOptions({
    queryKey: loanApplicationQueryKey(loanId),
    queryFn: ({ signal }) => api.query<PortalApplication>('portal.application', { loanId }, { signal }),
  });
}

export function useLoanApplication(loanId: string) {
  // Not kept up by polling: each opening is audited.
  return useQuery(getLoanApplicationQueryOptions(loanId));
}

export function useLoanHmda(loanId: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: loanHmdaQueryKey(loanId),
    queryFn: ({ signal }) => api.query<PortalHmdaView>('portal.hmda', { loanId }, { signal }),
    enabled,
  });
}
