import { Button, Flex, Group, Skeleton, VisuallyHidden } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';

import type { FunnelPage, FunnelPages } from '@/api/get-funnel-pages';

import { QueryError } from './query-error';

type StepLink = { to: string; label: string };

/**
 * Where Back and Continue go, from the funnel policy's answer alone: its
 * previous and next page, named when they lead out of the current flow
 * ("Continue to Personal info"). A page beside the flow (a summary, FAQs, a
 * page this loan does not see) gets one link back to where the loan is.
 */
function links({ area, pages, previous, next }: FunnelPages): { back?: StepLink; forward?: StepLink } {
  const named = (page: FunnelPage, verb: string) => ({
    to: page.path,
    label: page.area === area ? verb : `${verb} to ${page.label}`,
  });
  if (!pages.some((p) => p.state === 'current')) {
    const where = pages.find((p) => p.state !== 'done') ?? pages[pages.length - 1];
    return where ? { back: { to: where.path, label: `Back to ${where.label}` } } : {};
  }
  return {
    back: previous ? named(previous, 'Back') : undefined,
    forward: next ? named(next, 'Continue') : undefined,
  };
}

/**
 * Back and Continue through a flow whose order the server decides
 * (funnel.pages). On phones they stack full width, Continue on top.
 */
export function StepNavigation({ query }: { query: UseQueryResult<FunnelPages> }) {
  if (query.isPending || query.isPlaceholderData) {
    return (
      <Group justify="space-between" mt="xl">
        <VisuallyHidden role="status">Loading the way on</VisuallyHidden>
        <Skeleton h={42} w={90} aria-hidden="true" />
        <Skeleton h={42} w={120} aria-hidden="true" />
      </Group>
    );
  }
  if (query.isError) {
    return (
      <Flex mt="xl" direction="column">
        <QueryError title="We couldn’t load the next step" error={query.error} onRetry={() => void query.refetch()} />
      </Flex>
    );
  }
  const { back, forward } = links(query.data);
  if (!back && !forward) return null;
  return (
    <Flex
      component="nav"
      aria-label="Step"
      direction={{ base: 'column-reverse', sm: 'row' }}
      justify="space-between"
      gap="sm"
      mt="xl"
    >
      {back ? (
        <Button component={Link} to={back.to} variant="default" size="md">
          {back.label}
        </Button>
      ) : null}
      {forward ? (
        <Button component={Link} to={forward.to} size="md" ml={{ sm: 'auto' }}>
          {forward.label}
        </Button>
      ) : null}
    </Flex>
  );
}
