import {
  Checkbox,
  Group,
  NativeSelect,
  Radio,
  Stack,
  TextInput,
  type CheckboxGroupProps,
  type NativeSelectProps,
  type RadioGroupProps,
  type TextInputProps,
} from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';

import { formatDollars } from '@/lib/format';

import { useField } from './text-field';
import { dateToIso, dollarsOf, expandYear, hideSsn, isoToDate, maskDate, maskSsn, maskZip, showDollars } from './masks';

// The question pages' fields, bound to the surrounding Form by name. Each
// has a visible label tied to its control (Mantine's wrapper: label for=,
// aria-describedby naming the help text and the message, aria-invalid while
// a message shows). The form stores what the server takes (a number of
// dollars, 10 phone digits, yyyy-MM-dd, 9 SSN digits); the field shows it
// masked (spec §5). No rule is checked here: the form's schema does that.

type Bound<P> = Omit<P, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'defaultValue' | 'checked'> & { name: string };

/**
 * Whole dollars with $ and thousands separators ($250,000), added as they
 * are typed. The form holds the number, null while the field is empty, or
 * the text as typed when it is not a whole amount (letters, cents, a minus
 * sign), which the schema refuses with its message beside the field:
 * nothing typed is stripped.
 */
export function CurrencyField({ name, ...props }: Bound<TextInputProps>) {
  const { value, onChange, ...field } = useField(name, null);
  const [text, setText] = useState(() => showDollars(value));
  useEffect(() => {
    // A value set from outside (a reset with saved answers) is shown.
    setText((current) => (dollarsOf(current) === value ? current : showDollars(value)));
  }, [value]);
  return (
    <TextInput
      inputMode="numeric"
      autoComplete="off"
      placeholder="$"
      {...props}
      {...field}
      value={text}
      onChange={(e) => {
        const typed = e.currentTarget.value;
        const stored = dollarsOf(typed);
        setText(typeof stored === 'number' ? formatDollars(stored) : typed);
        onChange(stored);
      }}
    />
  );
}

/**
 * A text field whose stored value differs from what it shows: the field
 * keeps what is typed, the form what `store` makes of it. When the form's
 * value changes from outside (a reset with saved answers), the text follows.
 */
function useMaskedText(
  value: unknown,
  show: (stored: string) => string,
  store: (text: string) => string,
): [string, (text: string) => string] {
  const stored = typeof value === 'string' ? value : '';
  const [text, setText] = useState(() => show(stored));
  useEffect(() => {
    setText((current) => (store(current) === stored ? current : show(stored)));
    // show and store are pure functions of their argument.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stored]);
  const change = (typed: string) => {
    setText(typed);
    return store(typed);
  };
  return [text, change];
}

/**
 * A date typed as MM/DD/YYYY, slashes added as it is typed; a two-digit
 * year becomes 20xx when the field is left (spec §5). The form holds
 * yyyy-MM-dd once the date is complete, and what is typed until then (the
 * schema refuses it with its message).
 */
export function DateField({ name, ...props }: Bound<TextInputProps>) {
  const { value, onChange, onBlur, error, ...field } = useField(name);
  const toStored = (text: string) => dateToIso(text) ?? text;
  const [text, change] = useMaskedText(value, isoToDate, toStored);
  return (
    <TextInput
      inputMode="numeric"
      placeholder="MM/DD/YYYY"
      maxLength={10}
      {...props}
      {...field}
      // The schema states the format the server takes (yyyy-MM-dd); the
      // person reads and types the one this field shows.
      error={error?.replaceAll('yyyy-MM-dd', 'MM/DD/YYYY')}
      value={text}
      onChange={(e) => onChange(change(maskDate(e.currentTarget.value)))}
      onBlur={() => {
        const expanded = expandYear(text);
        if (expanded !== text) onChange(change(expanded));
        onBlur();
      }}
    />
  );
}

/**
 * A Social Security number, shown ddd-dd-dddd while it is typed and
 * ***-**-1234 once the field is left (spec §5). The form holds the digits.
 * Nothing is remembered by the browser (autocomplete off).
 */
export function SsnField({ name, ...props }: Bound<TextInputProps>) {
  const { value, onChange, onBlur, ...field } = useField(name);
  const digits = typeof value === 'string' ? value : '';
  const [focused, setFocused] = useState(false);
  return (
    <TextInput
      inputMode="numeric"
      autoComplete="off"
      spellCheck={false}
      placeholder="123-45-6789"
      maxLength={11}
      {...props}
      {...field}
      value={focused ? maskSsn(digits) : hideSsn(digits)}
      onFocus={() => setFocused(true)}
      onChange={(e) => onChange(maskSsn(e.currentTarget.value).replace(/-/g, ''))}
      onBlur={() => {
        setFocused(false);
        onBlur();
      }}
    />
  );
}

/** A 5-digit ZIP code: only digits are kept. */
export function ZipField({ name, ...props }: Bound<TextInputProps>) {
  const { value, onChange, ...field } = useField(name);
  return (
    <TextInput
      inputMode="numeric"
      autoComplete="postal-code"
      maxLength={5}
      {...props}
      {...field}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange(maskZip(e.currentTarget.value))}
    />
  );
}

export type Choice<V extends string> = { value: V; label: ReactNode; description?: ReactNode };

type ChoiceProps<V extends string> = Omit<Bound<RadioGroupProps>, 'children'> & {
  choices: readonly Choice<V>[];
  /** Side by side (yes/no) rather than one under the other. */
  inline?: boolean;
};

/**
 * A single-choice question: a radio group named by its label (the
 * question), its message beside it. The form holds the chosen value, or
 * null before one is chosen.
 */
export function ChoiceField<V extends string>({ name, choices, inline = false, ...props }: ChoiceProps<V>) {
  const { value, onChange, onBlur, ref, error, ...field } = useField(name, null);
  const invalid = error ? true : undefined;
  const radios = choices.map((c, i) => (
    <Radio
      key={c.value}
      value={c.value}
      label={c.label}
      description={c.description}
      aria-invalid={invalid}
      error={Boolean(error)}
      onBlur={onBlur}
      // Focus on the first radio when the form points at this question.
      ref={i === 0 ? ref : undefined}
    />
  ));
  return (
    <Radio.Group
      {...props}
      {...field}
      error={error}
      value={typeof value === 'string' ? value : null}
      onChange={(v) => onChange(v as V)}
    >
      {inline ? (
        <Group gap="xl" mt="xs">
          {radios}
        </Group>
      ) : (
        <Stack gap="sm" mt="xs">
          {radios}
        </Stack>
      )}
    </Radio.Group>
  );
}

const yesNo = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const;

/**
 * A yes/no question: a radio group of Yes and No named by the question. The
 * form holds true or false, or null before an answer.
 */
export function YesNoField({ name, ...props }: Omit<Bound<RadioGroupProps>, 'children'>) {
  const { value, onChange, onBlur, ref, error, ...field } = useField(name, null);
  const invalid = error ? true : undefined;
  return (
    <Radio.Group
      {...props}
      {...field}
      error={error}
      value={value === true ? 'yes' : value === false ? 'no' : null}
      onChange={(v) => onChange(v === 'yes')}
    >
      <Group gap="xl" mt="xs">
        {yesNo.map((c, i) => (
          <Radio
            key={c.value}
            value={c.value}
            label={c.label}
            aria-invalid={invalid}
            error={Boolean(error)}
            onBlur={onBlur}
            ref={i === 0 ? ref : undefined}
          />
        ))}
      </Group>
    </Radio.Group>
  );
}

/**
 * Several choices of one question ("Which debts would you like to pay
 * off?"): a group of checkboxes named by the question. The form holds the
 * chosen values, in the order of the choices.
 */
export function CheckboxGroupField<V extends string>({
  name,
  choices,
  ...props
}: Omit<Bound<CheckboxGroupProps>, 'children'> & { choices: readonly Choice<V>[] }) {
  const { value, onChange, onBlur, ref, error, ...field } = useField(name, []);
  const chosen = Array.isArray(value) ? (value as string[]) : [];
  return (
    <Checkbox.Group
      {...props}
      {...field}
      error={error}
      value={chosen}
      onChange={(v) => onChange(choices.map((c) => c.value).filter((c) => v.includes(c)))}
    >
      <Stack gap="sm" mt="xs">
        {choices.map((c, i) => (
          <Checkbox
            key={c.value}
            value={c.value}
            label={c.label}
            description={c.description}
            aria-invalid={error ? true : undefined}
            onBlur={onBlur}
            ref={i === 0 ? ref : undefined}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

/**
 * A single choice from a longer list (a name suffix): the browser's own
 * select, labelled, which phones show as their picker. The first option is
 * `none` (its label), chosen while the form holds null.
 */
export function SelectField<V extends string>({
  name,
  choices,
  none = 'Choose one',
  ...props
}: Omit<Bound<NativeSelectProps>, 'data' | 'children'> & { choices: readonly { value: V; label: string }[]; none?: string }) {
  const { value, onChange, ...field } = useField(name, null);
  return (
    <NativeSelect
      {...props}
      {...field}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange(e.currentTarget.value === '' ? null : (e.currentTarget.value as V))}
      data={[{ value: '', label: none }, ...choices.map((c) => ({ value: c.value, label: c.label }))]}
    />
  );
}
