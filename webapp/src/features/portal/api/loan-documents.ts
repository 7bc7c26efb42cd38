import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';
import { keepUp } from '@/lib/keep-up';

import { loanQueryKey } from './loan-get';

// portal.documents: what the documents policy requires of the borrower and
// the coborrower, what they uploaded and what is missing, with the files
// (downloaded from /api/documents/<id>, each download audited). The same
// #DocumentsView the borrower's upload page reads.

type Schemas = components['schemas'];

export type LoanDocumentsView = Schemas['DocumentsView'];
export type LoanRequiredDocument = Schemas['RequiredDocument'];
export type LoanUploadedDocument = Schemas['UploadedDocument'];

const PROCEDURE = 'portal.documents';

export async function getLoanDocuments(loanId: string, { signal }: { signal?: AbortSignal } = {}): Promise<LoanDocumentsView> {
  const view = await api.query<LoanDocumentsView>(PROCEDURE, { loanId }, { signal });
  // A list the server left empty may come as null.
  return {
    ...view,
    uploads: view.uploads ?? [],
    requirements: {
      ...view.requirements,
      documents: { borrower: view.requirements.documents.borrower ?? [], coborrower: view.requirements.documents.coborrower },
    },
  };
}

export const loanDocumentsQueryKey = (loanId: string) => [...loanQueryKey(loanId), 'documents'] as const;

export function getLoanDocumentsQueryOptions(loanId: string) {
  return queryOptions({ queryKey: loanDocumentsQueryKey(loanId), queryFn: ({ signal }) => getLoanDocuments(loanId, { signal }) });
}

export function useLoanDocuments(loanId: string) {
  return useQuery({ ...getLoanDocumentsQueryOptions(loanId), ...keepUp });
}

/** Where a portal user downloads a loan's document: the server checks their access to its loan and records the download. */
export function loanDocumentUrl(id: string): string {
  return `/api/documents/${encodeURIComponent(id)}`;
}

/** The kinds of file a browser shows itself, which the server sends inline to be previewed in the page. */
export const previewableTypes = ['application/pdf', 'image/png', 'image/jpeg'] as const;

/**
 * Where the loan page previews a document inline (a PDF in a frame, an
 * image): the same download, with the same access check and audit entry,
 * sent to be shown in the portal's own page only.
 */
export function loanDocumentPreviewUrl(id: string): string {
  return `${loanDocumentUrl(id)}?preview=1`;
}
