import { Group, Skeleton } from '@mantine/core';
import { useLocation } from 'react-router';

import { PageHeading } from '@/components/ui/page-heading';
import { StepNavigation, type StepLink } from '@/components/ui/step-navigation';
import { paths } from '@/config/paths';

import { stepCopy } from '../content/step-copy';
import { useFunnelPosition } from '../hooks/use-funnel-position';
import type { FlowPosition } from '../lib/funnel-flow';

function slugOf(pathname: string): string {
  return pathname.split('/').filter(Boolean).pop() ?? '';
}

function links(position: FlowPosition | undefined): { back: StepLink; next?: StepLink } {
  const back = { to: position?.previous?.path ?? paths.home };
  if (position?.next) return { back, next: { to: position.next.path } };
  const isLast = position !== undefined && position.index >= 0 && position.index === position.steps.length - 1;
  return isLast ? { back, next: { to: paths.application['1']!, label: 'Continue to the application' } } : { back };
}

/** One funnel page: its question, help, and the way back and on. */
export function FunnelStepPage() {
  const { pathname } = useLocation();
  const copy = stepCopy[slugOf(pathname)];
  const { query, position } = useFunnelPosition();

  return (
    <>
      <PageHeading title={copy?.heading ?? ''} help={copy?.help} />
      {query.isPending ? (
        <Group justify="space-between" mt="xl" aria-hidden="true">
          <Skeleton h={42} w={90} />
          <Skeleton h={42} w={120} />
        </Group>
      ) : (
        <StepNavigation {...links(position)} />
      )}
    </>
  );
}
