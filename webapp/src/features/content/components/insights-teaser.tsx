import { Anchor, Box, Container, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';

import { paths } from '@/config/paths';

import { InsightList } from './insight-list';

export function InsightsTeaser() {
  return (
    <Box component="section" aria-labelledby="insights-teaser-title" bg="var(--app-surface)">
      <Container py={{ base: 48, md: 72 }}>
        <Stack gap="xl">
          <Group justify="space-between" align="baseline">
            <Title order={2} id="insights-teaser-title">
              Insights
            </Title>
            <Anchor underline="hover" component={Link} to={paths.insights} fw={500} c="harbor.9">
              All insights
            </Anchor>
          </Group>
          <InsightList limit={3} />
        </Stack>
      </Container>
    </Box>
  );
}
