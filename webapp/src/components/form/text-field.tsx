import { Checkbox, PasswordInput, TextInput, type CheckboxProps, type PasswordInputProps, type TextInputProps } from '@mantine/core';
import { useController, useFormContext, type RegisterOptions } from 'react-hook-form';

import { formatPhone } from '@/lib/format';

type Bound<P> = Omit<P, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'required' | 'checked'> & {
  name: string;
  rules?: RegisterOptions;
};

function useField(name: string, rules?: RegisterOptions, defaultValue: unknown = '') {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control, rules, defaultValue });
  return { ...field, error: fieldState.error?.message, required: Boolean(rules?.required) };
}

/** A text input bound to the surrounding Form, its message beside it. */
export function TextField({ name, rules, ...props }: Bound<TextInputProps>) {
  return <TextInput {...props} {...useField(name, rules)} />;
}

/** A password input bound to the surrounding Form. */
export function PasswordField({ name, rules, ...props }: Bound<PasswordInputProps>) {
  return <PasswordInput {...props} {...useField(name, rules)} />;
}

/**
 * A US phone number shown as (ddd) ddd-dddd while it is typed (spec §5). The
 * form holds the formatted text; phoneDigits() gives the 10 digits to send.
 */
export function PhoneField({ name, rules, ...props }: Bound<TextInputProps>) {
  const { onChange, ...field } = useField(name, rules);
  return (
    <TextInput
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder="(415) 555-0101"
      {...props}
      {...field}
      onChange={(e) => onChange(formatPhone(e.currentTarget.value))}
    />
  );
}

/** A checkbox bound to the surrounding Form, its message beneath it. */
export function CheckboxField({ name, rules, ...props }: Bound<CheckboxProps>) {
  const { value, required, ...field } = useField(name, rules, false);
  return (
    <Checkbox
      {...props}
      {...field}
      checked={Boolean(value)}
      aria-required={required || undefined}
      aria-invalid={field.error ? true : undefined}
    />
  );
}
