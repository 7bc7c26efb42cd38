import { Anchor, Button, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';

import type { Insight } from '@/api/types';
import { isTRPCClientError } from '@/api/trpc-client';
import { QueryError } from '@/components/ui/query-error';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';

import { useInsight } from '../api/get-insight';

export function paragraphs(body: string): string[] {
  return body
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

function BackToInsights() {
  return (
    <Anchor underline="hover" component={Link} to={paths.insights} fw={500} c="harbor.9">
      <span aria-hidden="true">← </span>All insights
    </Anchor>
  );
}

function NotFound() {
  return (
    <Stack gap="md" align="flex-start">
      <Title order={1}>We couldn’t find that article</Title>
      <Text c="dimmed">It may have been moved or taken down. Our other articles are on the insights page.</Text>
      <Button component={Link} to={paths.insights} variant="light">
        See all insights
      </Button>
    </Stack>
  );
}

function Loading() {
  return (
    <Stack gap="md" role="status" aria-busy="true">
      <VisuallyHidden>
        <Title order={1}>Loading the article</Title>
      </VisuallyHidden>
      <Skeleton h={36} w="85%" />
      <Skeleton h={16} w={220} />
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} h={16} w={i % 2 ? '92%' : '100%'} />
      ))}
    </Stack>
  );
}

function Article({ insight }: { insight: Insight }) {
  return (
    <Stack component="article" gap="lg">
      <Stack gap="xs">
        <Title order={1}>{insight.title}</Title>
        <Text c="dimmed" fz="sm">
          {insight.author} · <time dateTime={insight.publishedAt}>{formatDate(insight.publishedAt)}</time>
        </Text>
      </Stack>
      <Text fz="lg" fw={500} c="gray.8">
        {insight.summary}
      </Text>
      {paragraphs(insight.body).map((p, i) => (
        <Text key={i} lh={1.75}>
          {p}
        </Text>
      ))}
    </Stack>
  );
}

/** One insight post by slug, with its loading, failure and not-found states. */
export function InsightPost({ slug }: { slug: string }) {
  const insight = useInsight(slug);
  const notFound = slug === '' || (insight.isError && isTRPCClientError(insight.error) && insight.error.code === 'NOT_FOUND');

  let content;
  if (notFound) content = <NotFound />;
  else if (insight.isPending) content = <Loading />;
  else if (insight.isError)
    content = (
      <Stack gap="md">
        <Title order={1}>Insight</Title>
        <QueryError title="We couldn’t load this article" error={insight.error} onRetry={() => void insight.refetch()} />
      </Stack>
    );
  else content = <Article insight={insight.data} />;

  return (
    <Stack gap="xl">
      <BackToInsights />
      {content}
    </Stack>
  );
}
