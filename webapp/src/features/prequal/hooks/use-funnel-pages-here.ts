import { useLocation } from 'react-router';

import { useFunnelPages, type FunnelPagesInput } from '@/api/get-funnel-pages';

import { usePrequalStore } from '../stores/prequal-store';

/** funnel.pages' input for a page: a visitor without a loan sends the answers kept in their browser. */
export function funnelPagesInput(path: string): FunnelPagesInput {
  const { answers } = usePrequalStore.getState();
  return Object.keys(answers).length > 0 ? { path, answers: answers as FunnelPagesInput['answers'] } : { path };
}

/**
 * funnel.pages for the funnel page being shown. A visitor without a loan
 * sends the answers kept in the prequal store; for a signed-in applicant's
 * loan the server uses the loan's own.
 */
export function useFunnelPagesHere() {
  const { pathname } = useLocation();
  const answers = usePrequalStore((s) => s.answers);
  const input: FunnelPagesInput = Object.keys(answers).length > 0 ? { path: pathname, answers: answers as FunnelPagesInput['answers'] } : { path: pathname };
  return useFunnelPages(input);
}
