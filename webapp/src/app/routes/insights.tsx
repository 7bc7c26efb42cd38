import { Container, Stack } from '@mantine/core';

import { PageHeading } from '@/components/ui/page-heading';
import { InsightList } from '@/features/content/components/insight-list';
import { useRouteDocumentTitle } from '@/lib/use-document-title';

export default function InsightsRoute() {
  useRouteDocumentTitle();
  return (
    <Container py={{ base: 'xl', md: 64 }}>
      <Stack gap="xl">
        <PageHeading
          title="Insights"
          help="Plain-language guides to home equity, borrowing costs and making the most of your home."
        />
        <InsightList headingOrder={2} />
      </Stack>
    </Container>
  );
}
