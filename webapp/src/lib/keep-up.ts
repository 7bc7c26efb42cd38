import type { QueryStatus } from '@tanstack/react-query';

// Pages that keep up (issue 23 "Pages that keep up"): what the loan team
// or the borrower does elsewhere (a condition set, a document reviewed or
// uploaded, a decision) shows on the page without a reload. The queries
// that carry it are fetched again when the window regains focus and every
// KEEP_UP_MS while the page is visible (TanStack Query pauses the interval
// in a hidden tab). A query that failed stops polling: its error and its
// Try again stay on the page rather than failing again every few seconds.

/** How often a visible page asks again, in milliseconds. */
export const KEEP_UP_MS = 10_000;

/** The options of a query that keeps up; spread them into its options. */
export const keepUp = {
  refetchOnWindowFocus: true,
  // Any query's state will do: the options are spread into queries of every type.
  refetchInterval: (query: { state: { status: QueryStatus } }) => (query.state.status === 'error' ? false : KEEP_UP_MS),
} as const;
