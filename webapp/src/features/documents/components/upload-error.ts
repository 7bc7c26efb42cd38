import { isTRPCClientError } from '@/api/trpc-client';

/** The fields of POST /api/documents whose errors belong beside the upload control. */
const UPLOAD_FIELDS = ['file', 'type', 'party', 'side'];

/** What to say beside an upload control when a file is refused or not sent. */
export function uploadErrorMessage(err: unknown): string {
  const fallback = 'Something went wrong on our side and the file was not saved. Please try again.';
  if (!isTRPCClientError(err)) return fallback;
  const fields = err.fields.filter((f) => UPLOAD_FIELDS.includes(f.path) || f.path === '');
  if (fields.length > 0) return fields.map((f) => f.message).join(' ');
  if (err.fields.length > 0) return err.fields.map((f) => f.message).join(' ');
  if (err.code === 'NETWORK_ERROR') return err.message;
  if (err.code === 'UNAUTHORIZED') return 'Your session has ended. Sign in again to upload this file.';
  if (err.code === 'FORBIDDEN') return 'Your application has been submitted, so its documents can no longer be changed.';
  if (err.code === 'TOO_MANY_REQUESTS') return 'Too many tries. Wait a few minutes and try again.';
  if (err.code === 'PAYLOAD_TOO_LARGE' || err.httpStatus === 413) return 'The file is too large. Try a smaller photo or PDF.';
  if (err.code === 'BAD_REQUEST') return err.message;
  return fallback;
}
