import { Card, SimpleGrid, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';

import { QueryError } from '@/components/ui/query-error';

import { useInsights } from '../api/get-insights';
import { InsightCard } from './insight-card';

/** Insights from the server: all of them, or the first few as a teaser. */
export function InsightList({ limit, headingOrder = 3 }: { limit?: number; headingOrder?: 2 | 3 }) {
  const insights = useInsights();

  if (insights.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} role="status" aria-busy="true">
        <VisuallyHidden>Loading insights</VisuallyHidden>
        {Array.from({ length: limit ?? 3 }, (_, i) => (
          <Card key={i} withBorder radius="lg" padding="lg">
            <Stack gap="xs">
              <Skeleton h={22} w="80%" />
              <Skeleton h={14} w="40%" />
              <Skeleton h={14} />
              <Skeleton h={14} w="90%" />
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    );
  }
  if (insights.isError) {
    return <QueryError title="We couldn’t load our insights" error={insights.error} onRetry={() => void insights.refetch()} />;
  }
  const items = limit ? insights.data.items.slice(0, limit) : insights.data.items;
  if (items.length === 0) {
    return <Text c="dimmed">No insights have been published yet. Please check back soon.</Text>;
  }
  return (
    <SimpleGrid component="ul" cols={{ base: 1, sm: 2, md: 3 }} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map((insight) => (
        <li key={insight.slug}>
          <InsightCard insight={insight} headingOrder={headingOrder} />
        </li>
      ))}
    </SimpleGrid>
  );
}
