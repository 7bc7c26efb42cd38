import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

import type { InsightSummary } from '@/api/types';
import { insightPath } from '@/config/paths';
import { formatDate } from '@/lib/format';

export function InsightCard({ insight, headingOrder = 3 }: { insight: InsightSummary; headingOrder?: 2 | 3 }) {
  return (
    <Card component="article" withBorder radius="lg" padding="lg" h="100%">
      <Stack gap="xs">
        <Title order={headingOrder} fz="lg" lh={1.35}>
          <Anchor underline="hover" component={Link} to={insightPath(insight.slug)} c="harbor.9" inherit>
            {insight.title}
          </Anchor>
        </Title>
        <Text fz="sm" c="dimmed">
          {insight.author} · <time dateTime={insight.publishedAt}>{formatDate(insight.publishedAt)}</time>
        </Text>
        <Text fz="sm">{insight.summary}</Text>
      </Stack>
    </Card>
  );
}
