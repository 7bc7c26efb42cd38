import { formatDate } from '@/lib/format';

// How the pipeline and the loan page word a loan's status once decided.

type Status = { statusLabel: string; creditStatus: string | null; neededBy: string | null };

/** The status in words; a suspension says the day the information is needed by. */
export function statusText(row: Status): string {
  if (row.creditStatus === 'suspend' && row.neededBy) return `${row.statusLabel} by ${formatDate(row.neededBy)}`;
  return row.statusLabel;
}

/** "Decide by Dec 20, 2026": Reg B's 30 days from submission end then. */
export function decideByText(day: string): string {
  return `Decide by ${formatDate(day)}`;
}
