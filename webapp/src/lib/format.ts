// Made at the first date shown, not when the module loads: the first
// Intl formatter loads the locale data, ~60 ms of a throttled phone's main
// thread that would otherwise block the page while it hydrates.
let dateFormat: Intl.DateTimeFormat | undefined;
function dateFormatter(): Intl.DateTimeFormat {
  dateFormat ??= new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  return dateFormat;
}

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
  return date && !Number.isNaN(date.getTime()) ? dateFormatter().format(date) : value;
}

/** The digits of a US phone number as typed, at most 10; a leading country code 1 is dropped. */
export function phoneDigits(value: string): string {
  const digits = value.replace(/\D/g, '');
  return (digits.length > 10 && digits.startsWith('1') ? digits.slice(1) : digits).slice(0, 10);
}

/** Spec §5: a phone number shown as (ddd) ddd-dddd, built up as it is typed. */
export function formatPhone(value: string): string {
  const d = phoneDigits(value);
  if (d.length === 0) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}
