// The one place dates and times are worded. A day is the server's: a
// yyyy-MM-dd date, or the day of a timestamp, read in UTC, as the server
// decides and records dates (the same on the prerendered page and in the
// browser). A moment with its time of day is the reader's, in their time
// zone. Anything unreadable is shown as given.
//
// The formatters are made at the first date shown, not when the module
// loads: the first Intl formatter loads the locale data, ~60 ms of a
// throttled phone's main thread that would otherwise block the page while
// it hydrates.
const formats = new Map<string, Intl.DateTimeFormat>();
function formatter(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', options);
    formats.set(key, f);
  }
  return f;
}

/** A yyyy-MM-dd date or an RFC 3339 timestamp as a Date; undefined for anything else. */
function readDate(value: string | Date): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = dateOnly
    ? new Date(Date.UTC(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3])))
    : /^\d{4}-\d{2}-\d{2}T/.test(value)
      ? new Date(value)
      : undefined;
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
}

const shown = (value: string | Date) => (value instanceof Date ? '' : value);

/**
 * A day as "March 4, 2026", read in UTC: "2026-03-04" (spec §5: yyyy-MM-dd),
 * an RFC 3339 timestamp, or a Date (today: formatDate(new Date())).
 */
export function formatDate(value: string | Date): string {
  const date = readDate(value);
  return date ? formatter('day', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(date) : shown(value);
}

/** A day's month as "March 2026", read in UTC. */
export function formatMonth(value: string | Date): string {
  const date = readDate(value);
  return date ? formatter('month', { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(date) : shown(value);
}

/**
 * A moment with its time of day, in the reader's time zone: "Nov 27, 2026,
 * 3:04 PM" (short), with the seconds (medium), or "November 27, 2026 at
 * 3:04 PM" (long). Empty without one.
 */
export function formatDateTime(value: string | Date | null | undefined, style: 'short' | 'medium' | 'long' = 'short'): string {
  if (!value) return '';
  const date = readDate(value);
  const options: Intl.DateTimeFormatOptions =
    style === 'long' ? { dateStyle: 'long', timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: style };
  return date ? formatter(`moment-${style}`, options).format(date) : shown(value);
}

/** A moment's time of day in the reader's time zone: "3:04 PM". */
export function formatTime(value: string | Date): string {
  const date = readDate(value);
  return date ? formatter('time', { hour: 'numeric', minute: '2-digit' }).format(date) : shown(value);
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

// ---- Money and rates ----

// Made at the first amount shown, like the date formatters above.
let dollars: Intl.NumberFormat | undefined;
let cents: Intl.NumberFormat | undefined;

/** Whole dollars: 250000 → $250,000 (a fraction is rounded to the dollar). */
export function formatDollars(value: number): string {
  dollars ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
  return dollars.format(Math.round(value));
}

/** Integer cents as dollars and cents: 60417 → $604.17. Whole cents only: the policy rounded them. */
export function formatCents(value: number): string {
  cents ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return cents.format(Math.round(value) / 100);
}

/** A rate in percent, to two decimals: 7.5 → 7.50%. */
export function formatRate(value: number): string {
  return `${value.toFixed(2)}%`;
}

/** A fraction as a whole percent: 0.8 → 80%. */
export function formatFraction(value: number): string {
  return `${Math.round(value * 100)}%`;
}
