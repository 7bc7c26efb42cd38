import { TextInput, type TextInputProps } from '@mantine/core';
import { useEffect, useState } from 'react';

import { digitsOf } from '@/components/form/masks';
import { useField } from '@/components/form/text-field';
import { formatMonth } from '@/lib/format';

// Employment dates are asked as MM/YYYY (spec §5, screens.md) and stored as
// the yyyy-MM-dd the schema takes (#Date). A start is the month's first
// day; an end is its last, so that a job ending in January and the next
// starting in March leave February (28 days) between them, not 59 days, and
// the gap rule (more than 31 days, data.heloc.employment.history) counts
// what a person means by the months they typed.

/** What is typed, shown as MM/YYYY while it is typed: a slash after the month. */
export function maskMonth(typed: string): string {
  const d = digitsOf(typed, 6);
  return d.length <= 2 ? d : `${d.slice(0, 2)}/${d.slice(2)}`;
}

/**
 * The stored date of a typed MM/YYYY: the month's first day (`start`) or
 * last day (`end`), once month and year are there; else null. A month out
 * of 01-12 is stored as typed (2026-13-01) for the schema to refuse.
 */
export function monthToIso(text: string, edge: 'start' | 'end'): string | null {
  const m = /^(\d{2})\/(\d{4})$/.exec(text);
  if (!m) return null;
  const month = Number(m[1]);
  const year = Number(m[2]);
  if (edge === 'start' || month < 1 || month > 12) return `${m[2]}-${m[1]}-01`;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${m[2]}-${m[1]}-${String(last).padStart(2, '0')}`;
}

/** A stored yyyy-MM-dd shown as MM/YYYY; anything else is shown as it is. */
export function isoToMonth(value: string | null | undefined): string {
  if (!value) return '';
  const m = /^(\d{4})-(\d{2})-\d{2}$/.exec(value);
  return m ? `${m[2]}/${m[1]}` : value;
}

/** A yyyy-MM-dd date as "March 2026", for the gaps and where an entry starts. */
export function monthName(iso: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(iso) ? formatMonth(iso) : iso;
}

// The schema's message for a date is about yyyy-MM-dd, which this field
// never shows; beside a month field it says what to type here instead.
const SCHEMA_DATE_MESSAGE = 'Enter a real date, as yyyy-MM-dd.';
const MONTH_MESSAGE = 'Enter the month and year as MM/YYYY, like 03/2024.';

type Bound = Omit<TextInputProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'defaultValue'> & {
  name: string;
  /** Which day of the month is stored: the first (a start) or the last (an end). */
  edge: 'start' | 'end';
};

/**
 * A month typed as MM/YYYY, the slash added as it is typed. The form holds
 * yyyy-MM-dd once month and year are complete, and '' until then (the page
 * asks for it with its own message).
 */
export function MonthField({ name, edge, ...props }: Bound) {
  const { value, onChange, error, ...field } = useField(name);
  const stored = typeof value === 'string' ? value : '';
  const [text, setText] = useState(() => isoToMonth(stored));
  useEffect(() => {
    // Follow a value set from outside (a reset with the saved application);
    // keep what is typed while it stands for the same stored value.
    setText((current) => ((monthToIso(current, edge) ?? '') === stored ? current : isoToMonth(stored)));
  }, [stored, edge]);
  return (
    <TextInput
      inputMode="numeric"
      placeholder="MM/YYYY"
      maxLength={7}
      {...props}
      {...field}
      error={error === SCHEMA_DATE_MESSAGE ? MONTH_MESSAGE : error}
      value={text}
      onChange={(e) => {
        const typed = maskMonth(e.currentTarget.value);
        setText(typed);
        onChange(monthToIso(typed, edge) ?? '');
      }}
    />
  );
}
