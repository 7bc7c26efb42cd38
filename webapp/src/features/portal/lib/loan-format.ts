import { paths } from '@/config/paths';
import { formatDateTime, formatDollars } from '@/lib/format';

// How the pipeline and the loan page write a loan's facts.

/** The loan's page: /portal/loan?id=... */
export function loanPath(loanId: string): string {
  return `${paths.portalLoan}?id=${encodeURIComponent(loanId)}`;
}

/** A line in whole dollars, "$175,000"; "No offer yet" without one. */
export function formatAmount(amount: number | null): string {
  return amount === null ? 'No offer yet' : formatDollars(amount);
}

/** A time from the server as "Nov 27, 2026, 3:04 PM"; empty without one, anything unreadable as given. */
export function dateTime(at: string | null | undefined): string {
  return formatDateTime(at);
}

/** A portal user's name, or their e-mail without one. */
export function personName(u: { firstName: string; lastName: string; email: string }): string {
  return `${u.firstName} ${u.lastName}`.trim() || u.email;
}
