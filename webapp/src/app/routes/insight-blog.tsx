import { Container } from '@mantine/core';
import { useSearchParams } from 'react-router';

import { useInsight } from '@/features/content/api/get-insight';
import { InsightPost } from '@/features/content/components/insight-post';
import { useRouteDocumentTitle } from '@/lib/use-document-title';

export default function InsightBlogRoute() {
  const [params] = useSearchParams();
  const slug = params.get('slug') ?? '';
  useRouteDocumentTitle(useInsight(slug).data?.title);
  return (
    <Container size={760} py={{ base: 'xl', md: 64 }}>
      <InsightPost slug={slug} />
    </Container>
  );
}
