import { useEffect } from 'react';

import { useApplicantSession } from '@/features/auth/stores/session-store';

import { useQuote, type Quote } from '../../api/get-quote';
import { useGoToIneligible } from '../outcome/remember-outcome';

export type CurrentOffer =
  | { status: 'pending' }
  | { status: 'signedOut' }
  | { status: 'error'; error: Error; retry: () => void }
  /** No offer: the page is on its way to the ineligible page, or (no page named) shows the reasons. */
  | { status: 'ineligible'; quote: Quote }
  | { status: 'ready'; quote: Quote };

/**
 * The signed-in applicant's preview offer (quote.current with their
 * session's e-mail and the origination fee). An ineligible answer goes to
 * its ineligible page with its reasons, never onward.
 */
export function useCurrentOffer(): CurrentOffer {
  const session = useApplicantSession();
  const email = session.status === 'authenticated' ? session.data?.user.email : null;
  const quote = useQuote(email);
  const goToIneligible = useGoToIneligible();
  const data = quote.data;

  useEffect(() => {
    if (data) goToIneligible(data.eligibility, 'bureau');
  }, [data, goToIneligible]);

  if (session.status === 'loading') return { status: 'pending' };
  if (session.status === 'unauthenticated') return { status: 'signedOut' };
  if (quote.isPending) return { status: 'pending' };
  if (quote.isError) return { status: 'error', error: quote.error, retry: () => void quote.refetch() };
  const q = quote.data;
  if (!q.eligibility.eligible || !q.offer.eligible) return { status: 'ineligible', quote: q };
  return { status: 'ready', quote: q };
}
