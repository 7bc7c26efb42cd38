import { Skeleton, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation } from 'react-router';

import { QueryError } from '@/components/ui/query-error';
import { PREQUAL_PREFIX } from '@/config/paths';
import { useApplicantSession } from '@/lib/auth/session-store';

import { useCreditReport } from '../../api/get-credit-report';
import type { PrequalAnswers } from '../../api/get-answers';
import { getQuoteQueryOptions } from '../../api/get-quote';
import { SAVE_ANSWERS_DEFINITION } from '../../api/save-answers';
import { useSaveAnswers } from '../../hooks/use-answers';
import { useGoToIneligible } from '../outcome/remember-outcome';
import { PrequalAccountStep } from './credit-check-account';
import { AccountNeeded, CreditCheckForm, ReportSummary } from './credit-check-form';
import { QuestionForm, QuestionPage } from './question-form';

/**
 * After the pull, Continue asks the rules first: a refusal the report
 * alone settles (heloc.eligibility.decision's `settled`, such as a score
 * below the minimum while the lowest score decides) goes to its page now,
 * rather than after the coborrower and mortgage questions that cannot
 * change it. Anything else, or a quote that does not load, goes on: the
 * preview offer decides then. The rules are asked before the step is
 * saved, so that a settled refusal never moves the loan on to the next
 * question (the server keeps it at the credit check, and a borrower who
 * signs in again is shown the refusal: issue 22).
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
  const { pathname } = useLocation();
  const onPrequal = pathname.startsWith(PREQUAL_PREFIX);
  const report = useCreditReport({ enabled: true });
  const settledRefusal = useSettledRefusal();
  const { save } = useSaveAnswers();
  if (report.isPending) return <Skeleton h={120} aria-hidden="true" />;
  if (report.isError) return <QueryError title="We couldn’t load your credit check" error={report.error} onRetry={() => void report.refetch()} />;
  // On the /prequal path the decision is shown at once after the pull: a
  // refusal the report alone settles goes to its page now; otherwise the
  // score shows here. The initial setup shows the score first, and its
  // Continue asks the same question.
  if (!report.data)
    return (
      <CreditCheckForm
        onChecked={async () => {
          if (onPrequal && (await settledRefusal()) === 'stay') return;
          await report.refetch();
        }}
      />
    );
  // Pulled: the score, then Continue saves the step as done.
  return (
    <Stack gap="lg">
      <ReportSummary report={report.data} />
      <QuestionForm<{ answers: PrequalAnswers }, typeof SAVE_ANSWERS_DEFINITION>
        definition={SAVE_ANSWERS_DEFINITION}
        defaultValues={{ answers: {} }}
        toInput={() => ({ path: pathname, answers: {} })}
        onSave={async () => {
          if ((await settledRefusal()) === 'stay') return 'stay';
          await save(pathname, {});
          return 'next';
        }}
      >
        {null}
      </QuestionForm>
    </Stack>
  );
}

/**
 * credit-score (initial setup) and credit-check (/prequal): the soft pull.
 * On the /prequal path, whose questions come before any account, the
 * account is made here first; the initial setup's visitor made theirs at
 * the landing funnel's contact step.
 */
export function CreditScorePage() {
  const { pathname } = useLocation();
  const onPrequal = pathname.startsWith(PREQUAL_PREFIX);
  return (
    <QuestionPage slug={onPrequal ? 'credit-check' : 'credit-score'}>
      {(_answers, signedIn) => (signedIn ? <CreditCheckStep /> : onPrequal ? <PrequalAccountStep /> : <AccountNeeded />)}
    </QuestionPage>
  );
}
