import { errorMessage as wordError } from '@/lib/error-message';

/** What a failed portal action says: the server's field messages, its message, or that the fault is ours. */
export function errorMessage(err: unknown): string {
  return wordError(err, {
    fallback: 'Something went wrong on our side. Please try again.',
    fields: true,
    serverWords: ['UNAUTHORIZED', 'FORBIDDEN', 'CONFLICT', 'NOT_FOUND', 'TOO_MANY_REQUESTS'],
  });
}
