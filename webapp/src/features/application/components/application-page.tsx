import { Group, Skeleton } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';

import { PageHeading } from '@/components/ui/page-heading';
import { StepNavigation, type StepLink } from '@/components/ui/step-navigation';
import { APPLICATION_PREFIX, paths } from '@/config/paths';

import { pageCopy } from '../content/page-copy';
import { useApplicationPosition } from '../hooks/use-application-position';
import type { ApplicationPosition } from '../lib/application-flow';

function links(position: ApplicationPosition): { back?: StepLink; next?: StepLink } {
  if (position.sectionIndex < 0) {
    // Summary, business information and FAQs sit beside the sections.
    return { back: { to: paths.application['1']!, label: 'Go to your application' } };
  }
  const back = position.previous
    ? { to: position.previous.path }
    : position.isFirst
      ? { to: paths.initialSetup['preview-offer']!, label: 'Back to your offer' }
      : undefined;
  return { back, next: position.next ? { to: position.next.path } : undefined };
}

/** One application page: its heading, help, and the way back and on. */
export function ApplicationPage({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  const copy = pageCopy[pathname.slice(APPLICATION_PREFIX.length)];
  const { query, position } = useApplicationPosition();
  const section = position?.sections[position.sectionIndex];

  return (
    <>
      <PageHeading eyebrow={section?.label} title={copy?.heading ?? ''} help={copy?.help} />
      {children}
      {query.isPending ? (
        <Group justify="space-between" mt="xl" aria-hidden="true">
          <Skeleton h={42} w={90} />
          <Skeleton h={42} w={120} />
        </Group>
      ) : position ? (
        <StepNavigation {...links(position)} />
      ) : null}
    </>
  );
}
