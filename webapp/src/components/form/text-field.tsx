import { Checkbox, PasswordInput, TextInput, type CheckboxProps, type PasswordInputProps, type TextInputProps } from '@mantine/core';
import { useController, useFormContext } from 'react-hook-form';

import { formatPhone, phoneDigits } from '@/lib/format';

// No rules here: the form's schema resolver checks every field (useSchemaForm).
type Bound<P> = Omit<P, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'checked'> & { name: string };

export function useField(name: string, defaultValue: unknown = '') {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control, defaultValue });
  return { ...field, error: fieldState.error?.message };
}

/** A text input bound to the surrounding Form, its message beside it. */
export function TextField({ name, ...props }: Bound<TextInputProps>) {
  return <TextInput {...props} {...useField(name)} />;
}

/** A password input bound to the surrounding Form. */
export function PasswordField({ name, ...props }: Bound<PasswordInputProps>) {
  return <PasswordInput {...props} {...useField(name)} />;
}

/**
 * A US phone number shown as (ddd) ddd-dddd while it is typed (spec §5).
 * The form holds its digits, at most 10 (#Phone stores them so), and the
 * field shows them formatted.
 */
export function PhoneField({ name, ...props }: Bound<TextInputProps>) {
  const { onChange, value, ...field } = useField(name);
  return (
    <TextInput
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder="(415) 555-0101"
      {...props}
      {...field}
      value={formatPhone(typeof value === 'string' ? value : '')}
      onChange={(e) => onChange(phoneDigits(e.currentTarget.value))}
    />
  );
}

/**
 * A checkbox bound to the surrounding Form, its message beneath it. For a
 * consent the label is the agreement itself, so what is ticked is what is
 * read; a longer wording goes in `description`.
 */
export function CheckboxField({ name, ...props }: Bound<CheckboxProps>) {
  const { value, ...field } = useField(name, false);
  return <Checkbox {...props} {...field} checked={Boolean(value)} aria-invalid={field.error ? true : undefined} />;
}
