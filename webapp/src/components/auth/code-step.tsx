import { Anchor, Button, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

import { Form } from '@/components/form/form';
import { TextField } from '@/components/form/text-field';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { authClients } from '@/lib/auth/auth-clients';
import { authErrorMessage, reportUnexpectedAuthError } from '@/lib/auth/auth-errors';

import { AuthAlert, AuthStatus } from './auth-alert';
import { showCodeRefusal } from './code-refusal';

type Values = { otpCode: string };

/**
 * The applicant's second step: the 6-digit code mailed by signin/otp, sent to
 * callback/otp. Focus lands on the code field; a new code can be asked for.
 */
export function CodeStep({
  email,
  callbackUrl,
  onSignedIn,
  onChangeEmail,
  submitLabel = 'Sign in',
}: {
  email: string;
  callbackUrl: string;
  onSignedIn: () => void | Promise<void>;
  onChangeEmail: () => void;
  /** The button's name, where signing in is part of something else (the funnel's contact step). */
  submitLabel?: string;
}) {
  // callback/otp takes the e-mail and the code (CodeSignInInput); spaces
  // typed in the code are dropped.
  const form = useSchemaForm('CodeSignInInput', {
    defaultValues: { otpCode: '' },
    toInput: (v: Values) => ({ email, otpCode: v.otpCode.replace(/\s/g, '') }),
  });
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  // Focus goes to the code field on arrival and after each refusal or new
  // code, once the form has re-rendered (the pressed button is disabled
  // while the call runs, which drops the focus).
  const [focusRequest, setFocusRequest] = useState(0);

  useEffect(() => {
    form.setFocus('otpCode');
  }, [form, focusRequest]);

  const submit = async ({ otpCode }: { otpCode: string }) => {
    setError(null);
    setStatus(null);
    const res = await authClients.applicant.signIn('otp', { email, otpCode }, { callbackUrl });
    if (res.ok) {
      await onSignedIn();
      return;
    }
    const errorCode = res.error ?? 'Unknown';
    reportUnexpectedAuthError(authClients.applicant, errorCode);
    const field = res.fields?.find((f) => f.path === 'otpCode');
    if (field) {
      form.setError('otpCode', { type: 'server', message: field.message }, { shouldFocus: true });
      return;
    }
    showCodeRefusal(form, errorCode, authErrorMessage(errorCode, 'code'), setError);
    setFocusRequest((n) => n + 1);
  };

  const resend = async () => {
    setError(null);
    setStatus(null);
    setResending(true);
    const res = await authClients.applicant.signIn('otp', { email }, { action: 'signin', callbackUrl });
    setResending(false);
    if (res.ok) {
      setStatus(`We sent a new code to ${email}. Codes expire after 10 minutes.`);
      form.reset({ otpCode: '' });
      setFocusRequest((n) => n + 1);
    } else {
      setError(authErrorMessage(res.error ?? 'Unknown', 'email'));
    }
  };

  return (
    <Form form={form} onSubmit={submit} aria-label="Enter your code">
      <AuthAlert message={error} />
      <AuthStatus message={status} />
      <TextField
        name="otpCode"
        label="6-digit code"
        description={`Sent to ${email}`}
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={7}
        size="md"
        styles={{ input: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' } }}
      />
      <Button type="submit" size="md" fullWidth mt="xs" loading={form.formState.isSubmitting}>
        {submitLabel}
      </Button>
      <Group justify="space-between" gap="xs">
        <Anchor component="button" type="button" fz="sm" c="harbor.9" onClick={() => void resend()} disabled={resending}>
          Send a new code
        </Anchor>
        <Anchor component="button" type="button" fz="sm" c="harbor.9" onClick={onChangeEmail}>
          Use a different e-mail
        </Anchor>
      </Group>
      <Text fz="xs" c="dimmed">
        No e-mail after a minute? Check your spam folder, or send a new code.
      </Text>
    </Form>
  );
}
