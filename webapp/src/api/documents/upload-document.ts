import { useMutation, useQueryClient } from '@tanstack/react-query';

import { botCheck } from '@/api/client';
import { expectDefinition } from '@/api/answers';
import { BOT_CHECK_ACTION, TRPCClientError } from '@/api/trpc-client';
import type { MutationConfig } from '@/lib/react-query';

import { documentsQueryKey } from './get-documents';
import { normalizeDocumentsView } from './shape';
import type { DocumentParty, DocumentSide, DocumentsView } from './types';

// POST /api/documents: one file as multipart/form-data (type, party, side,
// conditionId, file), with the headers every mutation carries (X-Same-Origin and the
// human-check token). The server sniffs the type from the bytes and answers
// in tRPC's shape: the DocumentsView after the upload, or an error whose
// fields (file, type, party, side) are shown beside the upload control.

export const UPLOAD_URL = '/api/documents';
const PATH = 'documents.upload';

export type UploadDocumentInput = {
  type: string;
  party: DocumentParty;
  side?: DocumentSide | null;
  /** The underwriting condition the file answers (an entry's condition.id); taken after submission too. */
  conditionId?: string | null;
  file: File;
};

type Envelope = { result?: { data?: unknown }; error?: Parameters<typeof TRPCClientError.fromShape>[0] };

export async function uploadDocument(
  { type, party, side, conditionId, file }: UploadDocumentInput,
  { signal }: { signal?: AbortSignal } = {},
): Promise<DocumentsView> {
  const token = await botCheck.getToken(BOT_CHECK_ACTION);
  const form = new FormData();
  form.append('type', type);
  form.append('party', party);
  if (side) form.append('side', side);
  if (conditionId) form.append('conditionId', conditionId);
  form.append('file', file, file.name);

  let res: Response;
  try {
    res = await fetch(UPLOAD_URL, {
      method: 'POST',
      credentials: 'same-origin',
      // No Content-Type: the browser writes the multipart boundary.
      headers: { 'X-Same-Origin': '1', 'X-Recaptcha-Token': token, Accept: 'application/json' },
      body: form,
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new TRPCClientError('The file could not be sent. Check your connection and try again.', {
      code: 'NETWORK_ERROR',
      httpStatus: 0,
      path: PATH,
      cause,
    });
  }

  let body: Envelope | null;
  try {
    body = (await res.json()) as Envelope | null;
  } catch (cause) {
    throw new TRPCClientError(
      res.status === 413 ? 'The file is too large.' : `Unexpected response from the server (HTTP ${res.status}).`,
      {
        code: res.status === 413 ? 'PAYLOAD_TOO_LARGE' : res.ok ? 'PARSE_ERROR' : 'INTERNAL_SERVER_ERROR',
        httpStatus: res.status,
        path: PATH,
        fields: res.status === 413 ? [{ path: 'file', message: 'The file is too large.' }] : undefined,
        cause,
      },
    );
  }
  if (body && typeof body === 'object' && body.error) throw TRPCClientError.fromShape(body.error, PATH, res.status);
  if (body && typeof body === 'object' && body.result) return normalizeDocumentsView(expectDefinition<DocumentsView>(PATH, body.result.data, 'DocumentsView'));
  throw new TRPCClientError(`Unexpected response from the server (HTTP ${res.status}).`, {
    code: 'PARSE_ERROR',
    httpStatus: res.status,
    path: PATH,
  });
}

/** Uploads a file; its answer becomes the cached documents.list, so the missing counts update. */
export function useUploadDocumentMutation(config: MutationConfig<typeof uploadDocument> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: (input: UploadDocumentInput) => uploadDocument(input),
    onSuccess: async (view, input, ...rest) => {
      queryClient.setQueryData(documentsQueryKey, view);
      await queryClient.invalidateQueries({ queryKey: documentsQueryKey });
      return config.onSuccess?.(view, input, ...rest);
    },
  });
}
