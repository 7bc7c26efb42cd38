import type { ReactNode } from 'react';
import { useLocation } from 'react-router';

import { PageHeading } from '@/components/ui/page-heading';
import { StepNavigation } from '@/components/ui/step-navigation';
import { APPLICATION_PREFIX } from '@/config/paths';

import { pageCopy } from '../content/page-copy';
import { useApplicationPages } from '../hooks/use-application-pages';

/**
 * One application page: its heading under its section's name, help, and the
 * way back and on; a question page (`form`) has its own Back and Continue.
 */
export function ApplicationPage({ children, form = false }: { children?: ReactNode; form?: boolean }) {
  const { pathname } = useLocation();
  const copy = pageCopy[pathname.slice(APPLICATION_PREFIX.length)];
  const query = useApplicationPages();
  const current = query.isPlaceholderData ? undefined : query.data?.pages.find((p) => p.state === 'current');

  return (
    <>
      <PageHeading eyebrow={current?.section ?? undefined} title={copy?.heading ?? ''} help={copy?.help} />
      {children}
      {form ? null : <StepNavigation query={query} />}
    </>
  );
}
