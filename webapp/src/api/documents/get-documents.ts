import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/api/client';

import { normalizeDocumentsView } from './shape';
import type { DocumentsView } from './types';

export type { DocumentsView, UploadedDocument, RequiredDocument, DocumentParty, DocumentSide } from './types';

// documents.list: what the documents policy asks of the borrower and the
// coborrower (required, uploaded and missing per type), the files uploaded
// and whether the application is still open to changes.

const PROCEDURE = 'documents.list';

export async function getDocuments({ signal }: { signal?: AbortSignal } = {}): Promise<DocumentsView> {
  return normalizeDocumentsView(await api.query<DocumentsView>(PROCEDURE, undefined, { signal }));
}

/** The one key of the documents: uploads and removals write their answer here. */
export const documentsQueryKey = ['documents'] as const;

export function getDocumentsQueryOptions() {
  return queryOptions({ queryKey: documentsQueryKey, queryFn: ({ signal }) => getDocuments({ signal }) });
}

export function useDocuments() {
  return useQuery(getDocumentsQueryOptions());
}

/** Where an uploaded file is downloaded (its owner only). */
export function documentDownloadUrl(id: string): string {
  return `/api/documents/${encodeURIComponent(id)}`;
}
