import { Alert, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A sign-in error, announced as it appears (role="alert"). Rendered in
 * place of nothing rather than hidden, so a screen reader hears each new one.
 */
export function AuthAlert({ message, title }: { message: ReactNode | null; title?: string }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" title={title}>
      <Text fz="sm">{message}</Text>
    </Alert>
  );
}

/** Polite news (a code was sent): a status region that is always there, so each change is read out. */
export function AuthStatus({ message }: { message: ReactNode | null }) {
  return (
    <div role="status" aria-live="polite">
      {message ? (
        <Text fz="sm" c="harbor.9" fw={500}>
          {message}
        </Text>
      ) : null}
    </div>
  );
}
