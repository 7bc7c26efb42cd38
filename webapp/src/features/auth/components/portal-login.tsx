import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

import { AuthAlert } from '@/components/auth/auth-alert';
import { showCodeRefusal } from '@/components/auth/code-refusal';
import { Form } from '@/components/form/form';
import { PasswordField, TextField } from '@/components/form/text-field';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { PageHeading } from '@/components/ui/page-heading';
import { paths } from '@/config/paths';
import { authClients } from '@/lib/auth/auth-clients';
import { authErrorMessage, loginPageMessage, reportUnexpectedAuthError } from '@/lib/auth/auth-errors';
import { safeCallbackPath } from '@/lib/auth/callback-url';
import { useSession } from '@/lib/auth/session-store';
import { useRouteDocumentTitle } from '@/lib/use-document-title';

import { useProviders } from '../api/get-providers';

type Credentials = { email: string; password: string };

/** callback/credentials with whatever the step has; every step sends e-mail and password again. */
function signInWith(fields: Credentials & { otpCode?: string }, callbackUrl: string) {
  const { otpCode, ...rest } = fields;
  return authClients.portal.signIn('credentials', otpCode ? { ...rest, otpCode } : rest, { callbackUrl });
}

function PasswordForm({
  callbackUrl,
  onSignedIn,
  onSecondFactor,
}: {
  callbackUrl: string;
  onSignedIn: () => Promise<void>;
  onSecondFactor: (credentials: Credentials) => void;
}) {
  // callback/credentials takes a PortalSignInInput; the code comes later.
  const form = useSchemaForm('PortalSignInInput', {
    defaultValues: { email: '', password: '' },
    toInput: (v: Credentials) => ({ email: v.email.trim(), password: v.password }),
  });
  const [error, setError] = useState<string | null>(null);

  const submit = async ({ email, password }: Credentials) => {
    setError(null);
    const credentials = { email, password };
    const res = await signInWith(credentials, callbackUrl);
    if (res.ok) return onSignedIn();
    const code = res.error ?? 'Unknown';
    if (code === 'SecondFactorRequired') return onSecondFactor(credentials);
    reportUnexpectedAuthError(authClients.portal, code);
    const fields = (res.fields ?? []).filter((f) => f.path === 'email' || f.path === 'password');
    fields.forEach((f, i) => form.setError(f.path as keyof Credentials, { type: 'server', message: f.message }, { shouldFocus: i === 0 }));
    if (fields.length > 0) return;
    setError(authErrorMessage(code, 'portalPassword'));
    if (code === 'CredentialsSignin') form.resetField('password');
  };

  return (
    <Form form={form} onSubmit={submit} aria-label="Sign in">
      <AuthAlert message={error} />
      <TextField name="email" label="E-mail address" type="email" autoComplete="username" inputMode="email" size="md" />
      <PasswordField name="password" label="Password" autoComplete="current-password" size="md" />
      <Button type="submit" size="md" fullWidth mt="xs" loading={form.formState.isSubmitting}>
        Sign in
      </Button>
    </Form>
  );
}

type CodeValues = { otpCode: string };

function SecondFactorForm({
  credentials,
  callbackUrl,
  onSignedIn,
  onStartOver,
}: {
  credentials: Credentials;
  callbackUrl: string;
  onSignedIn: () => Promise<void>;
  onStartOver: () => void;
}) {
  const [recovery, setRecovery] = useState(false);
  // The same call with the code now given (PortalCodeSignInInput): an
  // authenticator code without its spaces, or a recovery code in lowercase.
  const form = useSchemaForm('PortalCodeSignInInput', {
    defaultValues: { otpCode: '' },
    toInput: (v: CodeValues) => ({ ...credentials, otpCode: v.otpCode.replace(/\s/g, '').toLowerCase() }),
  });
  const [error, setError] = useState<string | null>(null);
  // After the form re-renders: the pressed button is disabled while the call runs, which drops the focus.
  const [focusRequest, setFocusRequest] = useState(0);

  useEffect(() => {
    form.setFocus('otpCode');
  }, [form, recovery, focusRequest]);

  const submit = async ({ otpCode }: { otpCode: string }) => {
    setError(null);
    const res = await signInWith({ ...credentials, otpCode }, callbackUrl);
    if (res.ok) return onSignedIn();
    const errorCode = res.error ?? 'Unknown';
    reportUnexpectedAuthError(authClients.portal, errorCode);
    const field = res.fields?.find((f) => f.path === 'otpCode');
    if (field) {
      form.setError('otpCode', { type: 'server', message: field.message }, { shouldFocus: true });
      return;
    }
    showCodeRefusal(form, errorCode, authErrorMessage(errorCode, recovery ? 'recoveryCode' : 'portalCode'), setError);
    setFocusRequest((n) => n + 1);
  };

  const switchKind = () => {
    setError(null);
    form.reset({ otpCode: '' });
    setRecovery((r) => !r);
  };

  return (
    <Form form={form} onSubmit={submit} aria-label="Second factor">
      <AuthAlert message={error} />
      {recovery ? (
        <TextField
          key="recovery"
          name="otpCode"
          label="Recovery code"
          description="One of the ten codes you saved when your account was set up, like abcde-12345. Each works once."
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          size="md"
        />
      ) : (
        <TextField
          key="totp"
          name="otpCode"
          label="Authenticator code"
          description="The 6-digit code your authenticator app shows for this account."
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          size="md"
        />
      )}
      <Button type="submit" size="md" fullWidth mt="xs" loading={form.formState.isSubmitting}>
        Verify and sign in
      </Button>
      <Anchor component="button" type="button" fz="sm" c="harbor.9" ta="center" onClick={switchKind}>
        {recovery ? 'Use your authenticator app' : 'Use a recovery code'}
      </Anchor>
      <Anchor component="button" type="button" fz="sm" c="harbor.9" ta="center" onClick={onStartOver}>
        Start over
      </Anchor>
    </Form>
  );
}

/**
 * /portal/login: e-mail and password, then the authenticator code (or a
 * recovery code) when the server answers SecondFactorRequired; each try
 * sends all three to callback/credentials.
 */
export function PortalLogin() {
  useRouteDocumentTitle();
  const [params] = useSearchParams();
  const callbackUrl = safeCallbackPath(params.get('callbackUrl')) ?? paths.portal;
  const pageError = params.get('error');
  useProviders('portal');
  const session = useSession('portal');
  const navigate = useNavigate();
  const [credentials, setCredentials] = useState<Credentials | null>(null);

  const onSignedIn = async () => {
    await session.refetch();
    await navigate(callbackUrl, { replace: true });
  };

  return (
    <Stack gap="lg">
      {credentials ? (
        <PageHeading title="Enter your authenticator code" help="Open the authenticator app you set up for the portal." />
      ) : (
        <PageHeading title="Staff sign in" help="For the lender’s staff and partners. Use your work e-mail address." />
      )}
      {pageError && !credentials ? (
        <Alert color={pageError === 'SessionRequired' ? 'harbor' : 'red'} variant="light">
          <Text fz="sm">{loginPageMessage(pageError)}</Text>
        </Alert>
      ) : null}
      {credentials ? (
        <SecondFactorForm
          credentials={credentials}
          callbackUrl={callbackUrl}
          onSignedIn={onSignedIn}
          onStartOver={() => setCredentials(null)}
        />
      ) : (
        <PasswordForm callbackUrl={callbackUrl} onSignedIn={onSignedIn} onSecondFactor={setCredentials} />
      )}
    </Stack>
  );
}
