import { Alert, Checkbox, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useController, useFormContext } from 'react-hook-form';

import { formatDollars } from '@/components/form/masks';
import { QueryError } from '@/components/ui/query-error';
import { useCreditReport, type ReportLiability } from '@/features/prequal/api/get-credit-report';

import { debtCopy } from '../../content/debt-consolidation-copy';
import type { ApplicationView } from '../../api/get-application';
import { SectionPage } from '../section-page';

// debt-consolidation (/app/application/debt-consolidation,
// #DebtConsolidationSection): the debts on the credit report
// (prequal.creditReport), each to pay off at closing or not, and, when it
// is not paid off, whether to leave it out of the debt-to-income ratio (a
// student loan; the documents policy then asks its statement). The monthly
// payments the chosen payoffs end are added up as the borrower chooses.

type Choice = { id: string; toBePaidOff: boolean; omitted: boolean };
type Values = { liabilities: Choice[] };

/** What paying off the chosen debts saves a month: their monthly payments. */
export function monthlySaving(debts: readonly ReportLiability[], choices: readonly Choice[]): number {
  const chosen = new Set(choices.filter((c) => c.toBePaidOff).map((c) => c.id));
  return debts.filter((d) => chosen.has(d.id)).reduce((sum, d) => sum + d.monthlyPayment, 0);
}

/** The form's choices, one per debt on the report in its order, from those saved (by id). */
export function choicesFromSaved(debts: readonly ReportLiability[], view: ApplicationView): Choice[] {
  const saved = new Map((view.application.liabilities ?? []).filter((l) => l.id).map((l) => [l.id!, l]));
  return debts.map((d) => ({ id: d.id, toBePaidOff: saved.get(d.id)?.toBePaidOff === true, omitted: saved.get(d.id)?.omitted === true }));
}

/** The section: a debt paid off at closing is not also left out. */
export function choicesToSection(values: Values): Values {
  return { liabilities: values.liabilities.map((c) => ({ id: c.id, toBePaidOff: c.toBePaidOff, omitted: c.toBePaidOff ? false : c.omitted })) };
}

function Box({ name, label, description }: { name: string; label: string; description?: string }) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control, defaultValue: false });
  return (
    <Checkbox
      name={field.name}
      ref={field.ref}
      onBlur={field.onBlur}
      checked={field.value === true}
      onChange={(e) => field.onChange(e.currentTarget.checked)}
      label={label}
      description={description}
      error={fieldState.error?.message}
    />
  );
}

function Debt({ debt, index }: { debt: ReportLiability; index: number }) {
  const paidOff = useFormContext().watch(`section.liabilities.${index}.toBePaidOff`) === true;
  const headingId = `debt-${debt.id}`;
  return (
    <Paper withBorder radius="md" p="md" component="li" aria-labelledby={headingId} style={{ listStyle: 'none' }}>
      <Stack gap="sm">
        <div>
          <Title order={3} fz="md" id={headingId}>
            {debt.creditor}
          </Title>
          <Text fz="sm" c="dimmed">
            {debtCopy.describe(debt.type, formatDollars(debt.balance), formatDollars(debt.monthlyPayment))}
          </Text>
        </div>
        <Box name={`section.liabilities.${index}.toBePaidOff`} label={debtCopy.payOff(debt.creditor)} />
        {paidOff ? null : (
          <Box name={`section.liabilities.${index}.omitted`} label={debtCopy.omit} description={debtCopy.omitHelp} />
        )}
      </Stack>
    </Paper>
  );
}

function Saving({ debts }: { debts: readonly ReportLiability[] }) {
  const choices = (useFormContext().watch('section.liabilities') as Choice[] | undefined) ?? [];
  return (
    <Paper withBorder radius="md" p="md" bg="var(--mantine-color-harbor-0)" aria-live="polite">
      <Text fz="sm" c="dimmed">
        {debtCopy.savingLabel}
      </Text>
      <Text fz={28} fw={700} c="harbor.9">
        {formatDollars(monthlySaving(debts, choices))}
      </Text>
      <Text fz="sm" c="dimmed">
        {debtCopy.savingHelp}
      </Text>
    </Paper>
  );
}

function DebtChoices({ debts, empty }: { debts: readonly ReportLiability[]; empty: ReactNode }) {
  return (
    <SectionPage<Values>
      definition="DebtConsolidationSection"
      aria-label="Debts to pay off"
      fromApplication={(view) => ({ liabilities: choicesFromSaved(debts, view) })}
      toSection={choicesToSection}
    >
      {() =>
        debts.length === 0 ? (
          empty
        ) : (
          <>
            <Stack gap="sm" component="ul" p={0} m={0} aria-label="Debts on your credit report">
              {debts.map((d, i) => (
                <Debt key={d.id} debt={d} index={i} />
              ))}
            </Stack>
            <Saving debts={debts} />
          </>
        )
      }
    </SectionPage>
  );
}

export default function DebtConsolidationPage() {
  const report = useCreditReport({ enabled: true });
  if (report.isPending) return <Skeleton h={160} aria-hidden="true" />;
  if (report.isError) {
    return <QueryError title="We couldn’t load your credit report" error={report.error} onRetry={() => void report.refetch()} />;
  }
  if (!report.data) {
    // Nothing to choose from: the page says so and Continue goes on.
    return (
      <Stack gap="lg">
        <Alert color="blue" variant="light" title={debtCopy.noReportTitle}>
          {debtCopy.noReport}
        </Alert>
        <DebtChoices debts={[]} empty={null} />
      </Stack>
    );
  }
  return <DebtChoices debts={report.data.liabilities} empty={<Text>{debtCopy.none}</Text>} />;
}
