import { Alert, Paper, Skeleton, Text } from '@mantine/core';
import { useFormContext } from 'react-hook-form';

import { CheckboxGroupField } from '@/components/form/fields';
import { QueryError } from '@/components/ui/query-error';
import { formatDollars } from '@/lib/format';

import type { PrequalAnswers } from '../../api/get-answers';
import { useCreditReport, type ReportLiability } from '../../api/get-credit-report';
import { AccountNeeded } from './credit-check-form';
import { AnswersForm, QuestionPage } from './question-form';

/** What paying off the chosen debts saves a month: their monthly payments. */
export function monthlySaving(liabilities: ReportLiability[], chosen: string[]): number {
  return liabilities.filter((l) => chosen.includes(l.id)).reduce((sum, l) => sum + l.monthlyPayment, 0);
}

function Saving({ liabilities }: { liabilities: ReportLiability[] }) {
  const chosen = (useFormContext().watch('answers.debtsToPayOff') as string[] | undefined) ?? [];
  return (
    <Paper withBorder radius="md" p="md" bg="var(--mantine-color-harbor-0)" aria-live="polite">
      <Text fz="sm" c="dimmed">
        Monthly payments you would no longer make
      </Text>
      <Text fz={28} fw={700} c="harbor.9">
        {formatDollars(monthlySaving(liabilities, chosen))}
      </Text>
      <Text fz="sm" c="dimmed">
        Your line’s own payment replaces them; your preview offer shows it.
      </Text>
    </Paper>
  );
}

function DebtsStep({ answers }: { answers: PrequalAnswers }) {
  const report = useCreditReport({ enabled: true });
  if (report.isPending) return <Skeleton h={160} aria-hidden="true" />;
  if (report.isError) return <QueryError title="We couldn’t load your credit report" error={report.error} onRetry={() => void report.refetch()} />;
  const liabilities = report.data?.liabilities ?? [];
  if (!report.data) {
    return (
      <Alert color="blue" variant="light" title="Your credit check comes first">
        We list the debts from your credit report here once the soft credit check is done.
      </Alert>
    );
  }
  const ids = new Set(liabilities.map((l) => l.id));
  return (
    <AnswersForm answers={{ debtsToPayOff: (answers.debtsToPayOff ?? []).filter((id) => ids.has(id)) }}>
      {liabilities.length === 0 ? (
        <Text>We found no other debts on your credit report.</Text>
      ) : (
        <>
          <CheckboxGroupField
            name="answers.debtsToPayOff"
            label="Which debts would you like your line to pay off?"
            description="Choose none, one or several."
            choices={liabilities.map((l) => ({
              value: l.id,
              label: `${l.creditor}: ${formatDollars(l.balance)}`,
              description: `${l.type}, ${formatDollars(l.monthlyPayment)} a month`,
            }))}
          />
          <Saving liabilities={liabilities} />
        </>
      )}
    </AnswersForm>
  );
}

export function DebtsPage() {
  return (
    <QuestionPage>
      {(answers, signedIn) => (signedIn ? <DebtsStep answers={answers} /> : <AccountNeeded what="look at the debts on your credit report" />)}
    </QuestionPage>
  );
}
