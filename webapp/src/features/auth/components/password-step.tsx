import { Anchor, Button } from '@mantine/core';
import { useEffect, useState } from 'react';

import { AuthAlert } from '@/components/auth/auth-alert';
import { Form } from '@/components/form/form';
import { PasswordField, TextField } from '@/components/form/text-field';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { authClients } from '@/lib/auth/auth-clients';
import { authErrorMessage, reportUnexpectedAuthError } from '@/lib/auth/auth-errors';

type Values = { email: string; password: string };

/** The applicant's optional password (callback/password), for those who set one. */
export function PasswordStep({
  defaultEmail,
  callbackUrl,
  onSignedIn,
  onUseCode,
}: {
  defaultEmail: string;
  callbackUrl: string;
  onSignedIn: () => void | Promise<void>;
  onUseCode: (email: string) => void;
}) {
  // callback/password takes the e-mail and the password (PasswordSignInInput).
  const form = useSchemaForm('PasswordSignInInput', {
    defaultValues: { email: defaultEmail, password: '' },
    toInput: (v: Values) => ({ email: v.email.trim(), password: v.password }),
  });
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    form.setFocus(defaultEmail ? 'password' : 'email');
  }, [form, defaultEmail]);

  const submit = async ({ email, password }: Values) => {
    setError(null);
    const res = await authClients.applicant.signIn('password', { email, password }, { callbackUrl });
    if (res.ok) {
      await onSignedIn();
      return;
    }
    const code = res.error ?? 'Unknown';
    reportUnexpectedAuthError(authClients.applicant, code);
    setError(authErrorMessage(code, 'password'));
    if (code === 'CredentialsSignin') form.resetField('password');
  };

  return (
    <Form form={form} onSubmit={submit} aria-label="Sign in with a password">
      <AuthAlert message={error} />
      <TextField name="email" label="E-mail address" type="email" autoComplete="email" inputMode="email" size="md" />
      <PasswordField name="password" label="Password" autoComplete="current-password" size="md" />
      <Button type="submit" size="md" fullWidth mt="xs" loading={form.formState.isSubmitting}>
        Sign in
      </Button>
      <Anchor component="button" type="button" fz="sm" c="harbor.9" ta="center" onClick={() => onUseCode(form.getValues('email').trim())}>
        E-mail me a code instead
      </Anchor>
    </Form>
  );
}
