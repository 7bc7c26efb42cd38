import { Group, Progress, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';

import { QueryError } from '@/components/ui/query-error';

import { useFunnelPagesHere } from '../hooks/use-funnel-pages-here';

/** "Step N of M" and a bar, from the pages the funnel policy returns for this visitor. */
export function FunnelProgress() {
  const query = useFunnelPagesHere();

  if (query.isPending) {
    return (
      <Stack gap={8}>
        <VisuallyHidden role="status">Loading your progress</VisuallyHidden>
        <Skeleton h={18} w={140} aria-hidden="true" />
        <Skeleton h={8} aria-hidden="true" />
      </Stack>
    );
  }
  if (query.isError) {
    return <QueryError title="We couldn’t load your progress" error={query.error} onRetry={() => void query.refetch()} />;
  }

  // The policy counts the journey (the landing funnel and the initial setup are one, name to preview offer).
  const { pages, progress } = query.data;
  const current = pages.find((p) => p.state === 'current');
  if (!progress || !current) return null;
  const { step, of: total } = progress;
  return (
    <Stack gap={8} aria-busy={query.isPlaceholderData}>
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
