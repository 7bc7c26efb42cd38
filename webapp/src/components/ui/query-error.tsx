import { Alert, Button, Group, Text } from '@mantine/core';

import { isTRPCClientError } from '@/api/trpc-client';

/** A failed load, said plainly, with a way to try again. */
export function QueryError({ title, error, onRetry }: { title: string; error: unknown; onRetry?: () => void }) {
  const detail =
    isTRPCClientError(error) && error.code === 'NETWORK_ERROR'
      ? error.message
      : 'Something went wrong on our side. Please try again in a moment.';
  return (
    <Alert color="red" variant="light" title={title}>
      <Group justify="space-between" gap="sm" align="center">
        <Text fz="sm">{detail}</Text>
        {onRetry ? (
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            Try again
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
}
