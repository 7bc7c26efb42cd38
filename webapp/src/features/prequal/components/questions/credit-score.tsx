import { Skeleton, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import { QueryError } from '@/components/ui/query-error';
import { useApplicantSession } from '@/lib/auth/session-store';

import { useCreditReport } from '../../api/get-credit-report';
import { getQuoteQueryOptions } from '../../api/get-quote';
import { useGoToIneligible } from '../outcome/remember-outcome';
import { AccountNeeded, CreditCheckForm, ReportSummary } from './credit-check-form';
import { AnswersForm, QuestionPage } from './question-form';

/**
 * After the pull, Continue asks the rules first: a refusal the report
 * alone settles (heloc.eligibility.decision's `settled`, such as a score
 * below the minimum while the lowest score decides) goes to its page now,
 * rather than after the coborrower and mortgage questions that cannot
 * change it. Anything else, or a quote that does not load, goes on: the
 * preview offer decides then.
 */
function useSettledRefusal() {
  const queryClient = useQueryClient();
  const session = useApplicantSession();
  const goToIneligible = useGoToIneligible();
  const email = session.status === 'authenticated' ? session.data?.user.email : null;
  return useCallback(async (): Promise<'next' | 'stay'> => {
    if (!email) return 'next';
    try {
      const quote = await queryClient.fetchQuery({ ...getQuoteQueryOptions(email), staleTime: 0 });
      if (quote.eligibility.settled && goToIneligible(quote.eligibility)) return 'stay';
    } catch {
      // The preview offer asks again and shows its own error.
    }
    return 'next';
  }, [email, queryClient, goToIneligible]);
}

function CreditCheckStep() {
  const report = useCreditReport({ enabled: true });
  const settledRefusal = useSettledRefusal();
  if (report.isPending) return <Skeleton h={120} aria-hidden="true" />;
  if (report.isError) return <QueryError title="We couldn’t load your credit check" error={report.error} onRetry={() => void report.refetch()} />;
  if (!report.data) return <CreditCheckForm party="borrower" onChecked={() => void report.refetch()} />;
  // Pulled: the score, then Continue saves the step as done.
  return (
    <Stack gap="lg">
      <ReportSummary report={report.data} />
      <AnswersForm answers={{}} onSaved={settledRefusal}>
        {null}
      </AnswersForm>
    </Stack>
  );
}

/** credit-score (initial setup) and credit-check (/prequal): the soft pull. */
export function CreditScorePage() {
  return <QuestionPage slug="credit-score">{(_answers, signedIn) => (signedIn ? <CreditCheckStep /> : <AccountNeeded />)}</QuestionPage>;
}
