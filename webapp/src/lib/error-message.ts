// The one mapping from a failed call to what the page says. Every form and
// action words its failures through errorMessage; a page says only what is
// its own (what is kept, what a session is needed for, what a refusal
// means there), never which codes exist.

import { isTRPCClientError } from '@/api/trpc-client';

export type ErrorWords = {
  /** What is said when the fault is ours (or unknown): what is kept, and to try again. */
  fallback?: string;
  /** What the action needs a session for: "save this page" in "Sign in again to save this page." */
  signInTo?: string;
  /** What FORBIDDEN means here; without it, the server's message. */
  forbidden?: string;
  /** What CONFLICT means here; without it, the server's message. */
  conflict?: string;
  /** Whether the server's field messages are said here (a form shows them beside its fields instead). */
  fields?: boolean;
  /** Codes whose server message is said as it is, beyond BAD_REQUEST, NETWORK_ERROR and the ones worded above. */
  serverWords?: string[];
};

export const OUR_FAULT = 'Something went wrong on our side. Please try again in a moment.';
export const TOO_MANY_TRIES = 'Too many tries. Wait a few minutes and try again.';

/** What to say about err, in the page's words where it has them. */
export function errorMessage(err: unknown, words: ErrorWords = {}): string {
  const fallback = words.fallback ?? OUR_FAULT;
  if (!isTRPCClientError(err)) return fallback;
  if (words.fields && err.fields.length > 0) return err.fields.map((f) => f.message).join(' ');
  if (words.serverWords?.includes(err.code)) return err.message || fallback;
  switch (err.code) {
    case 'NETWORK_ERROR':
    case 'BAD_REQUEST':
      return err.message || fallback;
    case 'UNAUTHORIZED':
      return words.signInTo ? `Your session has ended. Sign in again to ${words.signInTo}.` : fallback;
    case 'FORBIDDEN':
      return words.forbidden ?? fallback;
    case 'CONFLICT':
      return words.conflict ?? fallback;
    case 'TOO_MANY_REQUESTS':
      return TOO_MANY_TRIES;
    case 'PAYLOAD_TOO_LARGE':
      return 'The file is too large. Try a smaller photo or PDF.';
  }
  return fallback;
}
