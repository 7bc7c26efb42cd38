import { Skeleton, Stack } from '@mantine/core';

import { QueryError } from '@/components/ui/query-error';

import { useCreditReport } from '../../api/get-credit-report';
import { AccountNeeded, CreditCheckForm, ReportSummary } from './credit-check-form';
import { AnswersForm, QuestionPage } from './question-form';

function CreditCheckStep() {
  const report = useCreditReport({ enabled: true });
  if (report.isPending) return <Skeleton h={120} aria-hidden="true" />;
  if (report.isError) return <QueryError title="We couldn’t load your credit check" error={report.error} onRetry={() => void report.refetch()} />;
  if (!report.data) return <CreditCheckForm party="borrower" onChecked={() => void report.refetch()} />;
  // Pulled: the score, then Continue saves the step as done.
  return (
    <Stack gap="lg">
      <ReportSummary report={report.data} />
      <AnswersForm answers={{}}>{null}</AnswersForm>
    </Stack>
  );
}

/** credit-score (initial setup) and credit-check (/prequal): the soft pull. */
export function CreditScorePage() {
  return <QuestionPage slug="credit-score">{(_answers, signedIn) => (signedIn ? <CreditCheckStep /> : <AccountNeeded />)}</QuestionPage>;
}
