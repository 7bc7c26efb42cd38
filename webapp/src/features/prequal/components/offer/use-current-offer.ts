import { useEffect } from 'react';

import { useApplicantSession } from '@/lib/auth/session-store';

import { combinedOutcome, missingOf, reasonsOf, type MissingFact, type Reason } from '../../api/decision';
import { useQuote, type Quote } from '../../api/get-quote';
import { useGoToIneligible } from '../outcome/remember-outcome';

export type CurrentOffer =
  | { status: 'pending' }
  | { status: 'signedOut' }
  | { status: 'error'; error: Error; retry: () => void }
  /** A fact the decision needs is missing: the page asks for it. Never a decline. */
  | { status: 'notDecided'; quote: Quote; missing: MissingFact[] }
  /**
   * No offer: a decline (on its way to its ineligible page, or, with no page
   * named, its reasons and notice shown in place), or answers that may not
   * qualify (no notice).
   */
  | { status: 'ineligible'; quote: Quote; reasons: Reason[]; decline: boolean }
  | { status: 'ready'; quote: Quote; email: string };

/**
 * The signed-in applicant's preview offer (quote.current with their
 * session's e-mail and the origination fee), read by its outcome: a decline
 * with a page goes to its ineligible page, never onward; a missing fact is
 * asked for; only an eligible outcome is an offer.
 */
export function useCurrentOffer(): CurrentOffer {
  const session = useApplicantSession();
  const email = session.status === 'authenticated' ? session.data?.user.email : null;
  const quote = useQuote(email);
  const goToIneligible = useGoToIneligible();
  const data = quote.data;

  useEffect(() => {
    if (!data || combinedOutcome(data.eligibility, data.offer) !== 'ineligible') return;
    // The eligibility policy's page; else a page the offer's refusal names.
    const page = data.eligibility.ineligiblePage ?? data.offer.reasons?.find((r) => r.page)?.page ?? null;
    goToIneligible({ ...(data.eligibility.eligible ? data.offer : data.eligibility), outcome: 'ineligible', ineligiblePage: page });
  }, [data, goToIneligible]);

  if (session.status === 'loading') return { status: 'pending' };
  if (session.status === 'unauthenticated') return { status: 'signedOut' };
  if (quote.isPending) return { status: 'pending' };
  if (quote.isError) return { status: 'error', error: quote.error, retry: () => void quote.refetch() };
  const q = quote.data;
  const outcome = combinedOutcome(q.eligibility, q.offer);
  if (outcome === 'notDecided') return { status: 'notDecided', quote: q, missing: missingOf(q.eligibility, q.offer) };
  if (outcome !== 'eligible') return { status: 'ineligible', quote: q, reasons: reasonsOf(q.eligibility, q.offer), decline: outcome === 'ineligible' };
  return { status: 'ready', quote: q, email: email! };
}
