import { Group, Progress, Skeleton, Stack, Text } from '@mantine/core';

import { QueryError } from '@/components/ui/query-error';

import { useFunnelPosition } from '../hooks/use-funnel-position';

/** "Step N of M" and a bar, from the policy's step order. */
export function FunnelProgress() {
  const { query, position } = useFunnelPosition();

  if (query.isPending) {
    return (
      <Stack gap={8} aria-hidden="true">
        <Skeleton h={18} w={140} />
        <Skeleton h={8} />
      </Stack>
    );
  }
  if (query.isError) {
    return <QueryError title="We couldn’t load your progress" error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (!position || position.index < 0) return null;

  const step = position.index + 1;
  const total = position.steps.length;
  const current = position.steps[position.index]!;
  return (
    <Stack gap={8}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text fw={600} fz="sm" c="harbor.9">
          Step {step} of {total}
        </Text>
        <Text fz="sm" c="dimmed" ta="right" truncate>
          {current.label}
        </Text>
      </Group>
      <Progress value={(step / total) * 100} size="sm" radius="xl" aria-label={`Step ${step} of ${total}`} />
    </Stack>
  );
}
