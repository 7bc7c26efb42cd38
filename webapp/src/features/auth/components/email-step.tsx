import { Anchor, Button } from '@mantine/core';
import { useState } from 'react';

import { AuthAlert } from '@/components/auth/auth-alert';
import { Form } from '@/components/form/form';
import { TextField } from '@/components/form/text-field';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { authClients } from '@/lib/auth/auth-clients';
import { authErrorMessage, reportUnexpectedAuthError } from '@/lib/auth/auth-errors';

type Values = { email: string };

/** The applicant's first step: an e-mail address, to which signin/otp mails a code. */
export function EmailStep({
  defaultEmail,
  callbackUrl,
  onCodeSent,
  onUsePassword,
}: {
  defaultEmail: string;
  callbackUrl: string;
  onCodeSent: (email: string) => void;
  /** Offered when the server has the password provider. */
  onUsePassword?: (email: string) => void;
}) {
  // signin/otp takes a SignInInput with the e-mail alone.
  const form = useSchemaForm('SignInInput', {
    defaultValues: { email: defaultEmail },
    toInput: (v: Values) => ({ email: v.email.trim() }),
  });
  const [error, setError] = useState<string | null>(null);

  const submit = async ({ email }: { email: string }) => {
    setError(null);
    const res = await authClients.applicant.signIn('otp', { email }, { action: 'signin', callbackUrl });
    if (res.ok) {
      onCodeSent(email);
      return;
    }
    const code = res.error ?? 'Unknown';
    reportUnexpectedAuthError(authClients.applicant, code);
    const field = res.fields?.find((f) => f.path === 'email');
    if (field) form.setError('email', { type: 'server', message: field.message }, { shouldFocus: true });
    else setError(authErrorMessage(code, 'email'));
  };

  return (
    <Form form={form} onSubmit={submit} aria-label="Sign in">
      <AuthAlert message={error} />
      <TextField
        name="email"
        label="E-mail address"
        description="We’ll e-mail you a 6-digit code to sign in."
        type="email"
        autoComplete="email"
        inputMode="email"
        size="md"
      />
      <Button type="submit" size="md" fullWidth mt="xs" loading={form.formState.isSubmitting}>
        Continue
      </Button>
      {onUsePassword ? (
        <Anchor
          component="button"
          type="button"
          fz="sm"
          c="harbor.9"
          ta="center"
          onClick={() => onUsePassword(form.getValues('email').trim())}
        >
          Use a password instead
        </Anchor>
      ) : null}
    </Form>
  );
}
