import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';

// portal.exports: whether the loan's application has been submitted (only
// then is it exported), the loan systems offered, and the loan's exports
// so far, newest first (loans.export).

type Schemas = components['schemas'];

export type ExportsView = Schemas['ExportsView'];
export type LoanExport = Schemas['Export'];
export type ExportTarget = Schemas['ExportTarget'];

const PROCEDURE = 'portal.exports';

export async function getExports(loanId: string, { signal }: { signal?: AbortSignal } = {}): Promise<ExportsView> {
  return api.query<ExportsView>(PROCEDURE, { loanId }, { signal });
}

export const exportsQueryKey = (loanId: string) => ['portal', 'loan', loanId, 'exports'] as const;

export function getExportsQueryOptions(loanId: string) {
  return queryOptions({ queryKey: exportsQueryKey(loanId), queryFn: ({ signal }) => getExports(loanId, { signal }) });
}

export function useLoanExports(loanId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getExportsQueryOptions(loanId), enabled });
}

/** Where a user who may export the loan downloads an export's MISMO file, as sent. */
export function exportFileUrl(loanId: string, exportId: string): string {
  return `/api/portal/exports/${encodeURIComponent(loanId)}/${encodeURIComponent(exportId)}`;
}
