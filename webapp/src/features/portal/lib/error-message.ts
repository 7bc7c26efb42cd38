import { isTRPCClientError } from '@/api/trpc-client';

/** What a failed portal action says: the server's field messages, its message, or that the fault is ours. */
export function errorMessage(err: unknown): string {
  if (!isTRPCClientError(err)) return 'Something went wrong on our side. Please try again.';
  if (err.fields.length > 0) return err.fields.map((f) => f.message).join(' ');
  return err.message || 'Something went wrong on our side. Please try again.';
}
