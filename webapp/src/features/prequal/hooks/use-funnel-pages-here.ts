import { useLocation } from 'react-router';

import { useFunnelPages, type PrequalAnswers } from '@/api/get-funnel-pages';

import { usePrequalStore } from '../stores/prequal-store';

/**
 * funnel.pages for the funnel page being shown. A visitor without a loan
 * sends the answers kept in the prequal store; for a signed-in applicant's
 * loan the server uses the loan's own.
 */
export function useFunnelPagesHere() {
  const { pathname } = useLocation();
  const hasCoborrower = usePrequalStore((s) => s.hasCoborrower);
  const isSelfEmployed = usePrequalStore((s) => s.isSelfEmployed);
  const answers: PrequalAnswers = {};
  if (hasCoborrower !== null) answers.hasCoborrower = hasCoborrower;
  if (isSelfEmployed !== null) answers.isSelfEmployed = isSelfEmployed;
  return useFunnelPages({ path: pathname, answers });
}
