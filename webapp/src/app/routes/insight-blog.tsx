import { Container, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';

import { PageHeading } from '@/components/ui/page-heading';
import { useInsight } from '@/features/content/api/get-insight';
import { InsightList } from '@/features/content/components/insight-list';
import { InsightPost } from '@/features/content/components/insight-post';
import { useRouteDocumentTitle } from '@/lib/use-document-title';

/** /insight-blog without ?slug=: the posts to choose from, not "not found". */
function AllInsights() {
  return (
    <Stack gap="xl">
      <PageHeading title="Insights" help="Plain-language guides to home equity, borrowing costs and making the most of your home." />
      <InsightList headingOrder={2} />
    </Stack>
  );
}

export default function InsightBlogRoute() {
  const [params] = useSearchParams();
  const slug = params.get('slug') ?? '';
  const title = useInsight(slug).data?.title;
  useRouteDocumentTitle(slug === '' ? 'Insights' : title);
  return slug === '' ? (
    <Container py={{ base: 'xl', md: 64 }}>
      <AllInsights />
    </Container>
  ) : (
    <Container size={760} py={{ base: 'xl', md: 64 }}>
      <InsightPost slug={slug} />
    </Container>
  );
}
