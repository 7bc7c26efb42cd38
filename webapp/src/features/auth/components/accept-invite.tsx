import { Alert, Anchor, Button, Group, Image, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';

import { isTRPCClientError } from '@/api/trpc-client';
import { AuthAlert } from '@/components/auth/auth-alert';
import { Form } from '@/components/form/form';
import { PasswordField, TextField } from '@/components/form/text-field';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { PageHeading } from '@/components/ui/page-heading';
import { QueryError } from '@/components/ui/query-error';
import { paths } from '@/config/paths';
import { useRouteDocumentTitle } from '@/lib/use-document-title';

import { useAcceptInvite, type AcceptedInvite, type AcceptInviteInput } from '../api/invite-accept';
import { useOfferAuthenticator, type AuthenticatorOffer } from '../api/invite-authenticator';
import { useInvitation, type Invitation } from '../api/invite-get';

// /portal/invite?token=...: the page an e-mailed invitation or
// authenticator reset opens. The invitee chooses a password (or, after a
// reset, enters theirs), adds the offered authenticator to their app, and
// proves it with a code; the recovery codes are then shown once, and they
// sign in on the portal's sign-in page.

type Values = { password: string; otpCode: string };

/** The secret in groups of four, as authenticator apps show it. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

function failure(err: unknown): string {
  if (!isTRPCClientError(err)) return 'Something went wrong on our side. Please try again in a moment.';
  if (err.code === 'NOT_FOUND' || err.code === 'TOO_MANY_REQUESTS' || err.code === 'NETWORK_ERROR') return err.message;
  return 'Something went wrong on our side. Please try again in a moment.';
}

function AuthenticatorSetup({ offer }: { offer: AuthenticatorOffer }) {
  return (
    <Stack gap="xs">
      <Title order={2} fz="h4">
        Set up your authenticator app
      </Title>
      <Text fz="sm">
        Scan this code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, ...), or type
        the setup key into it.
      </Text>
      <Image src={offer.qrCode} alt="QR code to add this account to an authenticator app" w={200} h={200} fit="contain" />
      <Text fz="sm" fw={500}>
        Setup key
      </Text>
      <Text
        ff="monospace"
        fz="md"
        fw={600}
        p="sm"
        bg="gray.0"
        style={{ borderRadius: 'var(--mantine-radius-sm)', wordBreak: 'break-all' }}
        data-testid="totp-secret"
        data-secret={offer.totpSecret}
      >
        {grouped(offer.totpSecret)}
      </Text>
      <Anchor href={offer.otpauthUrl} fz="sm" c="harbor.9">
        Open in the authenticator app on this device
      </Anchor>
    </Stack>
  );
}

function EnrolForm({
  token,
  invitation,
  offer,
  onAccepted,
}: {
  token: string;
  invitation: Invitation;
  offer: AuthenticatorOffer;
  onAccepted: (accepted: AcceptedInvite) => void;
}) {
  const form = useSchemaForm('AcceptInviteInput', {
    defaultValues: { password: '', otpCode: '' },
    toInput: (v: Values) => ({ token, password: v.password, otpCode: v.otpCode.replace(/\s/g, '') }),
  });
  const accept = useAcceptInvite();
  const [error, setError] = useState<string | null>(null);
  const reenrol = invitation.purpose === 'reenrol';

  const submit = async (input: AcceptInviteInput) => {
    setError(null);
    try {
      onAccepted(await accept.mutateAsync(input));
    } catch (err) {
      const fields = isTRPCClientError(err) ? err.fields : [];
      const ours = fields.filter((f) => f.path === 'password' || f.path === 'otpCode');
      // A wrong code is cleared for the next one, keeping its message.
      if (ours.some((f) => f.path === 'otpCode')) form.setValue('otpCode', '');
      ours.forEach((f, i) =>
        form.setError(f.path as keyof Values, { type: 'server', message: f.message }, { shouldFocus: i === 0 }),
      );
      if (ours.length === 0) setError(fields.length > 0 ? fields.map((f) => f.message).join(' ') : failure(err));
    }
  };

  return (
    <Form form={form} onSubmit={submit} aria-label={reenrol ? 'Set up a new authenticator' : 'Set up your account'}>
      <AuthAlert message={error} />
      <input type="email" name="username" autoComplete="username" value={invitation.email} readOnly hidden />
      <PasswordField
        name="password"
        label={reenrol ? 'Your password' : 'Choose a password'}
        description={reenrol ? 'The password you sign in with.' : 'At least 8 characters; a few unrelated words make a strong one.'}
        autoComplete={reenrol ? 'current-password' : 'new-password'}
        size="md"
      />
      <AuthenticatorSetup offer={offer} />
      <TextField
        name="otpCode"
        label="Code from your authenticator app"
        description="The 6 digits the app shows for this account now."
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={7}
        size="md"
      />
      <Button type="submit" size="md" fullWidth mt="xs" loading={form.formState.isSubmitting}>
        {reenrol ? 'Save my new authenticator' : 'Finish setting up my account'}
      </Button>
    </Form>
  );
}

function RecoveryCodes({ accepted }: { accepted: AcceptedInvite }) {
  return (
    <Stack gap="md">
      <Alert color="green" variant="light" title="Your account is ready">
        <Text fz="sm">Sign in with your e-mail address, your password and a code from your authenticator app.</Text>
      </Alert>
      <Title order={2} fz="h4">
        Save your recovery codes
      </Title>
      <Text fz="sm">
        If you lose your phone, each of these codes lets you sign in once instead of an authenticator code. They are shown
        only now: print them or keep them in a password manager.
      </Text>
      <List spacing={4} listStyleType="none" ff="monospace" aria-label="Recovery codes" data-testid="recovery-codes">
        {accepted.recoveryCodes.map((c) => (
          <List.Item key={c}>{c}</List.Item>
        ))}
      </List>
      <Button component={Link} to={paths.portalLogin} size="md" fullWidth>
        I saved my codes: sign in
      </Button>
    </Stack>
  );
}

/** The page of an e-mailed invitation or authenticator reset. */
export function AcceptInvite() {
  useRouteDocumentTitle();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [accepted, setAccepted] = useState<AcceptedInvite | null>(null);
  // Once accepted the link is spent (its invitation leaves the cache): it is
  // not asked for again, which would only answer NOT_FOUND (a failed request
  // in the browser's console, issue 22).
  const invitation = useInvitation(accepted ? '' : token);
  const offer = useOfferAuthenticator();
  // One offer per invitation shown: a new offer replaces the secret the app
  // may already hold.
  const offered = useRef('');
  const { mutate } = offer;

  useEffect(() => {
    if (!invitation.data || offered.current === token) return;
    offered.current = token;
    mutate({ token });
  }, [invitation.data, token, mutate]);

  if (accepted) return <RecoveryCodes accepted={accepted} />;

  const reenrol = invitation.data?.purpose === 'reenrol';
  const heading = (
    <PageHeading
      title={reenrol ? 'Set up a new authenticator' : 'Set up your portal account'}
      help={
        invitation.data
          ? reenrol
            ? `${invitation.data.firstName}, an administrator reset the authenticator of ${invitation.data.email}. Enter your password and add a new one.`
            : `Welcome, ${invitation.data.firstName}. Choose the password for ${invitation.data.email} and add the portal to your authenticator app.`
          : 'For the lender’s staff and partners who were sent an invitation.'
      }
    />
  );

  if (!token || (invitation.isError && isTRPCClientError(invitation.error) && invitation.error.code !== 'NETWORK_ERROR')) {
    return (
      <Stack gap="lg">
        {heading}
        <Alert color="red" variant="light" title="This link does not work">
          <Text fz="sm">
            {!token || (isTRPCClientError(invitation.error) && invitation.error.code === 'BAD_REQUEST')
              ? 'The link is not complete. Open it again from the e-mail, or ask an administrator to send you a new one.'
              : failure(invitation.error)}
          </Text>
        </Alert>
        <Group>
          <Anchor component={Link} to={paths.portalLogin} fz="sm" c="harbor.9">
            Go to staff sign in
          </Anchor>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      {heading}
      {invitation.isError ? (
        <QueryError title="We could not open your invitation" error={invitation.error} onRetry={() => void invitation.refetch()} />
      ) : offer.isError ? (
        <AuthAlert title="We could not set up an authenticator" message={failure(offer.error)} />
      ) : invitation.data && offer.data ? (
        <EnrolForm token={token} invitation={invitation.data} offer={offer.data} onAccepted={setAccepted} />
      ) : (
        <Stack gap="sm" aria-busy="true" aria-label="Loading your invitation">
          <Skeleton h={36} />
          <Skeleton h={200} w={200} />
          <Skeleton h={36} />
        </Stack>
      )}
    </Stack>
  );
}
