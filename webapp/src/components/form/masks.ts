// The display masks of spec §5, kept apart from the fields so they can be
// tested alone. Each pair turns what a person types into what the form
// stores (and so what the schema validates and the server receives), and
// the stored value back into what the field shows.

import { formatDollars } from '@/lib/format';

/** The digits of a text, at most `max`. */
export function digitsOf(value: string, max = Infinity): string {
  return value.replace(/\D/g, '').slice(0, max);
}

// ---- Dates: MM/DD/YYYY on screen, yyyy-MM-dd stored (spec §5) ----

/** What is typed, shown as MM/DD/YYYY while it is typed: slashes added after the month and the day. */
export function maskDate(typed: string): string {
  const d = digitsOf(typed, 8);
  if (d.length <= 2) return d;
  if (d.length <= 4) return `${d.slice(0, 2)}/${d.slice(2)}`;
  return `${d.slice(0, 2)}/${d.slice(2, 4)}/${d.slice(4)}`;
}

/** A two-digit year is taken as 20xx (spec §5): 03/04/26 is March 4, 2026. */
export function expandYear(text: string): string {
  const m = /^(\d{2})\/(\d{2})\/(\d{2})$/.exec(text);
  return m ? `${m[1]}/${m[2]}/20${m[3]}` : text;
}

/**
 * The stored form of a typed date: yyyy-MM-dd once the month, day and year
 * are all there (a two-digit year as 20xx), else null. The numbers are not
 * checked here: 13/45/2026 becomes 2026-13-45, which the schema refuses
 * with its own message.
 */
export function dateToIso(text: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(expandYear(text));
  return m ? `${m[3]}-${m[1]}-${m[2]}` : null;
}

/** A stored yyyy-MM-dd shown as MM/DD/YYYY; anything else is shown as it is. */
export function isoToDate(value: string | null | undefined): string {
  if (!value) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : value;
}

// ---- Social Security numbers: ddd-dd-dddd while typed, ***-**-1234 after ----

/** The digits typed so far, shown as ddd-dd-dddd. */
export function maskSsn(typed: string): string {
  const d = digitsOf(typed, 9);
  if (d.length <= 3) return d;
  if (d.length <= 5) return `${d.slice(0, 3)}-${d.slice(3)}`;
  return `${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}`;
}

/** The number hidden but its last four digits, once the field is left (spec §5). */
export function hideSsn(digits: string): string {
  if (digits.length < 9) return maskSsn(digits);
  return `***-**-${digits.slice(5)}`;
}

// ---- ZIP codes: 5 digits ----

export function maskZip(typed: string): string {
  return digitsOf(typed, 5);
}

// ---- Money: $ and thousands separators, whole dollars (formatDollars, @/lib/format) ----

/**
 * What a money field stores of what is typed: the whole dollars when it
 * holds nothing but digits (with the $, commas and spaces the field
 * shows), null when it is empty, and otherwise the text as it was typed,
 * which the schema refuses with its message. Letters, a decimal point or a
 * minus sign are never stripped: "abc12x" is not $12.
 */
export function dollarsOf(typed: string): number | string | null {
  const bare = typed.replace(/[\s$,]/g, '');
  if (bare === '') return null;
  if (!/^\d+$/.test(bare)) return typed;
  const n = Number(bare);
  return Number.isSafeInteger(n) ? n : typed;
}

/** A stored amount as a money field shows it: 250000 → $250,000; text as it was typed; nothing for null. */
export function showDollars(stored: unknown): string {
  if (typeof stored === 'number') return formatDollars(stored);
  return typeof stored === 'string' ? stored : '';
}
