import { useLocation } from 'react-router';

import { PageHeading } from '@/components/ui/page-heading';
import { StepNavigation } from '@/components/ui/step-navigation';

import { useQuestionTerms } from '../api/get-question-terms';
import { stepCopyFor } from '../content/step-copy';
import { useFunnelPagesHere } from '../hooks/use-funnel-pages-here';

function slugOf(pathname: string): string {
  return pathname.split('/').filter(Boolean).pop() ?? '';
}

/** One funnel page: its question, help, and the way back and on. */
export function FunnelStepPage() {
  const { pathname } = useLocation();
  const copy = stepCopyFor(slugOf(pathname), useQuestionTerms());
  const query = useFunnelPagesHere();

  return (
    <>
      <PageHeading title={copy?.heading ?? ''} help={copy?.help} />
      <StepNavigation query={query} />
    </>
  );
}
