import { Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';

import type { AccountControlProps } from '@/components/layouts/account-slot';
import { paths } from '@/config/paths';
import type { AuthRealm } from '@/lib/auth/auth-client';
import { authErrorMessage } from '@/lib/auth/auth-errors';
import { useSession } from '@/lib/auth/session-store';
import { useSignOut } from '@/lib/auth/use-sign-out';

async function toast(message: string, color: string) {
  // Loaded on use: the toast store stays out of the first page's code.
  const { notifications } = await import('@mantine/notifications');
  notifications.show({ message, color });
}

/** Signs the realm's user out, leaves for `to`, and says so. */
function SignOutButton({
  realm,
  to,
  onSignedOut,
  variant = 'default',
  compact = false,
}: {
  realm: AuthRealm;
  to: string;
  onSignedOut?: () => void;
  variant?: 'default' | 'white' | 'outline';
  /** Compact in the portal's and the task pages' headers, which share a phone's width with more. */
  compact?: boolean;
}) {
  const signOut = useSignOut(realm);
  const [busy, setBusy] = useState(false);

  const click = async () => {
    setBusy(true);
    try {
      await signOut(to);
      onSignedOut?.();
      void toast('You are signed out.', 'harbor');
    } catch {
      void toast(authErrorMessage('CredentialsSignin', 'signOut'), 'red');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button variant={variant} size={compact ? 'xs' : 'sm'} onClick={() => void click()} loading={busy} style={{ flexShrink: 0 }}>
      Sign out
    </Button>
  );
}

/** A role as staff read it: loanOfficer → Loan officer. */
export function roleLabel(role: string): string {
  const words = role
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function PortalAccount() {
  const { status, data } = useSession('portal');
  if (status !== 'authenticated' || !data) {
    return (
      <Button component={Link} to={paths.portalLogin} variant="white" size="xs">
        Sign in
      </Button>
    );
  }
  const { user } = data;
  const name = user.name || `${user.firstName} ${user.lastName}`.trim() || user.email;
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <Stack gap={0} align="flex-end" miw={0}>
        <Text fz="sm" fw={500} c="white" truncate maw={{ base: 140, sm: 260 }}>
          <VisuallyHidden>Signed in as </VisuallyHidden>
          {name}
        </Text>
        {user.role ? (
          <Text fz="xs" c="harbor.0" truncate maw={{ base: 140, sm: 260 }}>
            {roleLabel(user.role)}
          </Text>
        ) : null}
      </Stack>
      <SignOutButton realm="portal" to={paths.portalLogin} variant="white" compact />
    </Group>
  );
}

function ApplicantAccount({ place, onSignedOut }: { place: 'site' | 'task'; onSignedOut?: () => void }) {
  const { status } = useSession('applicant');
  if (status === 'authenticated') {
    return (
      <SignOutButton
        realm="applicant"
        to={paths.home}
        onSignedOut={onSignedOut}
        variant={place === 'site' ? 'outline' : 'default'}
        compact={place === 'task'}
      />
    );
  }
  if (place !== 'site') return null;
  return (
    <Button component={Link} to={paths.appLogin} variant="outline">
      Sign in
    </Button>
  );
}

/**
 * The headers' account control (handed to them by the app): Sign in, or for
 * a signed-in user Sign out; in the portal also the user's name and role.
 * onSignedOut clears what the browser keeps of the applicant (the app passes it).
 */
export function AccountControl({ place, onSignedOut }: AccountControlProps & { onSignedOut?: () => void }) {
  return place === 'portal' ? <PortalAccount /> : <ApplicantAccount place={place} onSignedOut={onSignedOut} />;
}
