import { isTRPCClientError, TRPCClientError } from '@/api/trpc-client';
import { errorMessage } from '@/lib/error-message';

/** The fields of POST /api/documents whose errors belong beside the upload control. */
const UPLOAD_FIELDS = ['file', 'type', 'party', 'side'];

/** What to say beside an upload control when a file is refused or not sent. */
export function uploadErrorMessage(err: unknown): string {
  const fallback = 'Something went wrong on our side and the file was not saved. Please try again.';
  if (!isTRPCClientError(err)) return fallback;
  const fields = err.fields.filter((f) => UPLOAD_FIELDS.includes(f.path) || f.path === '');
  if (fields.length > 0) return fields.map((f) => f.message).join(' ');
  if (err.httpStatus === 413) return errorMessage(new TRPCClientError(err.message, { code: 'PAYLOAD_TOO_LARGE', httpStatus: 413, path: err.path }));
  return errorMessage(err, {
    fallback,
    fields: true,
    signInTo: 'upload this file',
    forbidden: 'Your application has been submitted, so its documents can no longer be changed.',
  });
}
