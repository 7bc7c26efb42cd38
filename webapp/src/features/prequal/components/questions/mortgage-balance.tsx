import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useFieldArray, useFormContext } from 'react-hook-form';

import { CurrencyField, YesNoField } from '@/components/form/fields';
import { TextField } from '@/components/form/text-field';
import { QueryError } from '@/components/ui/query-error';
import { formatDollars } from '@/lib/format';

import type { AnsweredMortgage, PrequalAnswers } from '../../api/get-answers';
import { useCreditReport, type CreditReport, type ReportMortgage } from '../../api/get-credit-report';
import { AccountNeeded } from './credit-check-form';
import { AnswersForm, QuestionPage } from './question-form';

type Row = { id: string; creditor: string; balance: number | null; confirmed: boolean | null; addedByUser: boolean };

/** The report's mortgages, each with the answer saved for it; then the ones the homeowner added. */
export function mortgageRows(report: CreditReport, saved: AnsweredMortgage[] = []): Row[] {
  const byId = new Map(saved.map((m) => [m.id, m]));
  const reported = report.mortgages.map((m): Row => {
    const s = byId.get(m.id);
    return { id: m.id, creditor: m.creditor, balance: s?.balance ?? m.balance, confirmed: s?.confirmed ?? null, addedByUser: false };
  });
  const added = saved.filter((m) => m.addedByUser).map((m): Row => ({ ...m }));
  return [...reported, ...added];
}

function ReportedMortgage({ index, mortgage }: { index: number; mortgage: ReportMortgage }) {
  const { watch } = useFormContext();
  const confirmed = watch(`answers.mortgages.${index}.confirmed`) === true;
  const headingId = `mortgage-${index}-title`;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <div>
          <Title order={2} fz="md" id={headingId}>
            {mortgage.creditor}
          </Title>
          <Text fz="sm" c="dimmed">
            Reported balance {formatDollars(mortgage.balance)}, {formatDollars(mortgage.monthlyPayment)} a month
          </Text>
        </div>
        <YesNoField name={`answers.mortgages.${index}.confirmed`} label={`Is the ${mortgage.creditor} mortgage on this home?`} />
        {confirmed ? (
          <CurrencyField
            name={`answers.mortgages.${index}.balance`}
            label="Balance today"
            description="Correct it if the report is out of date."
            w={{ base: '100%', sm: 240 }}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}

function MortgageList({ report }: { report: CreditReport }) {
  const { control, watch } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name: 'answers.mortgages' });
  const rows = (watch('answers.mortgages') as Row[] | undefined) ?? [];
  const reported = new Map(report.mortgages.map((m) => [m.id, m]));
  return (
    <Stack gap="md">
      {report.mortgages.length === 0 ? (
        <Text>We found no mortgages on your credit report. If there is one on this home, add it below.</Text>
      ) : null}
      {fields.map((field, index) => {
        const row = rows[index];
        const fromReport = row && !row.addedByUser ? reported.get(row.id) : undefined;
        if (fromReport) return <ReportedMortgage key={field.id} index={index} mortgage={fromReport} />;
        return (
          <Paper key={field.id} withBorder radius="md" p="md" component="section" aria-label={`Mortgage you added, ${index + 1}`}>
            <Stack gap="sm">
              <TextField name={`answers.mortgages.${index}.creditor`} label="Lender" />
              <CurrencyField name={`answers.mortgages.${index}.balance`} label="Balance today" w={{ base: '100%', sm: 240 }} />
              <Button variant="subtle" color="red" w="fit-content" onClick={() => remove(index)}>
                Remove this mortgage
              </Button>
            </Stack>
          </Paper>
        );
      })}
      <Group>
        <Button
          variant="default"
          onClick={() =>
            append({ id: `added-${Date.now().toString(36)}`, creditor: '', balance: null, confirmed: true, addedByUser: true })
          }
        >
          Add a mortgage we missed
        </Button>
      </Group>
    </Stack>
  );
}

function requiredFor(answers: PrequalAnswers): Record<string, string> {
  const out: Record<string, string> = {};
  (answers.mortgages ?? []).forEach((m, i) => {
    if (!m.addedByUser) out[`mortgages.${i}.confirmed`] = 'Choose yes or no.';
    if (m.confirmed) out[`mortgages.${i}.balance`] = 'Enter the balance today.';
    if (m.addedByUser) out[`mortgages.${i}.creditor`] = 'Enter the lender’s name.';
  });
  return out;
}

function MortgageStep({ answers }: { answers: PrequalAnswers }) {
  const report = useCreditReport({ enabled: true });
  if (report.isPending) return <Skeleton h={160} aria-hidden="true" />;
  if (report.isError) return <QueryError title="We couldn’t load your credit report" error={report.error} onRetry={() => void report.refetch()} />;
  if (!report.data) {
    return (
      <Alert color="blue" variant="light" title="Your credit check comes first">
        We list the mortgages from your credit report here once the soft credit check is done. Go back to the credit check
        to do it.
      </Alert>
    );
  }
  return (
    <AnswersForm
      answers={{ mortgages: mortgageRows(report.data, answers.mortgages) }}
      // A mortgage not on this home keeps the report's balance: it is said, not asked.
      toAnswers={(a) => ({ mortgages: a.mortgages as AnsweredMortgage[] })}
      required={requiredFor}
    >
      <MortgageList report={report.data} />
    </AnswersForm>
  );
}

/** mortgage-balance (initial setup) and mortgage-select (/prequal). */
export function MortgageBalancePage() {
  return (
    <QuestionPage slug="mortgage-balance">
      {(answers, signedIn) => (signedIn ? <MortgageStep answers={answers} /> : <AccountNeeded what="look at the mortgages on your credit report" />)}
    </QuestionPage>
  );
}
