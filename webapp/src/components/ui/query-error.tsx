import { Alert, Button, Group, Text } from '@mantine/core';

import { errorMessage } from '@/lib/error-message';

/** A failed load, said plainly, with a way to try again. */
export function QueryError({ title, error, onRetry }: { title: string; error: unknown; onRetry?: () => void }) {
  const detail = errorMessage(error);
  return (
    <Alert color="red" variant="light" title={title}>
      <Group justify="space-between" gap="sm" align="center">
        <Text fz="sm">{detail}</Text>
        {onRetry ? (
          <Button size="xs" variant="white" color="red.9" onClick={onRetry}>
            Try again
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
}
