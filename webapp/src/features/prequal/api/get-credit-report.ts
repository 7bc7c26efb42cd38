import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';

// prequal.creditReport: the soft pull's report stored with the loan, or
// null before one. Applicant only. Types from the CUE schemas (#CreditReport).

type Schemas = components['schemas'];

export type CreditReport = Schemas['CreditReport'];
export type ReportMortgage = CreditReport['mortgages'][number];
export type ReportLiability = CreditReport['liabilities'][number];

const PROCEDURE = 'prequal.creditReport';

export async function getCreditReport({ signal }: { signal?: AbortSignal } = {}): Promise<CreditReport | null> {
  return api.query<CreditReport | null>(PROCEDURE, undefined, { signal });
}

/** The one key of the report: prequal.creditCheck writes its answer here. */
export const creditReportQueryKey = ['prequal', 'creditReport'] as const;

export function getCreditReportQueryOptions() {
  return queryOptions({ queryKey: creditReportQueryKey, queryFn: ({ signal }) => getCreditReport({ signal }) });
}

export function useCreditReport({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getCreditReportQueryOptions(), enabled });
}
