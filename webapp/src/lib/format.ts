const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/**
 * A date from the server as "March 4, 2026", read in UTC: "2026-03-04"
 * (spec §5: yyyy-MM-dd) or an RFC 3339 timestamp. Anything else is shown as given.
 */
export function formatDate(value: string): string {
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = dateOnly
    ? new Date(Date.UTC(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3])))
    : /^\d{4}-\d{2}-\d{2}T/.test(value)
      ? new Date(value)
      : undefined;
  return date && !Number.isNaN(date.getTime()) ? dateFormat.format(date) : value;
}
