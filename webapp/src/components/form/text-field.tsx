import { PasswordInput, TextInput, type PasswordInputProps, type TextInputProps } from '@mantine/core';
import { useController, useFormContext, type RegisterOptions } from 'react-hook-form';

type Bound<P> = Omit<P, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'required'> & {
  name: string;
  rules?: RegisterOptions;
};

function useField(name: string, rules?: RegisterOptions) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control, rules, defaultValue: '' });
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
