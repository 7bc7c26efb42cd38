import { Checkbox, Paper, Stack, Text, Title } from '@mantine/core';
import { useController, useFormContext } from 'react-hook-form';


import type { ApplicationView } from '../../api/get-application';
import { debtCopy } from '../../content/debt-consolidation-copy';
import { SectionPage } from '../section-page';
import { formatDollars } from '@/lib/format';

// debt-consolidation (/app/application/debt-consolidation,
// #DebtConsolidationSection): the debts of the credit report, as the
// application holds them (application.get; the loan service copies the
// report's liabilities, with their ids, into a new application, and names
// a debt to pay off by that id), each to pay off at closing or not and,
// when it is not paid off, whether to leave it out of the debt-to-income
// ratio (a student loan; the documents policy then asks its statement).
// The monthly payments the chosen payoffs end are added up as the
// borrower chooses.

type Choice = { id: string; toBePaidOff: boolean; omitted: boolean };
type Values = { liabilities: Choice[] };

/** A debt of the report, as the page shows it. */
export type Debt = { id: string; creditor: string; type: string; balance: number; monthlyPayment: number };

/** The application's debts from the credit report: those with the report's id. */
export function reportedDebts(view: ApplicationView): Debt[] {
  return (view.application.liabilities ?? []).flatMap((l) =>
    l.id ? [{ id: l.id, creditor: l.creditor ?? 'Debt', type: l.type ?? '', balance: l.balance, monthlyPayment: l.monthlyPayment ?? 0 }] : [],
  );
}

/** What paying off the chosen debts saves a month: their monthly payments. */
export function monthlySaving(debts: readonly Debt[], choices: readonly Choice[]): number {
  const chosen = new Set(choices.filter((c) => c.toBePaidOff).map((c) => c.id));
  return debts.filter((d) => chosen.has(d.id)).reduce((sum, d) => sum + d.monthlyPayment, 0);
}

/** The form's choices, one per debt in the application's order, as saved. */
export function choicesFromSaved(view: ApplicationView): Choice[] {
  return (view.application.liabilities ?? []).flatMap((l) => (l.id ? [{ id: l.id, toBePaidOff: l.toBePaidOff === true, omitted: l.omitted === true }] : []));
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

function DebtChoice({ debt, index }: { debt: Debt; index: number }) {
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

function Saving({ debts }: { debts: readonly Debt[] }) {
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

export default function DebtConsolidationPage() {
  return (
    <SectionPage<Values>
      definition="DebtConsolidationSection"
      aria-label="Debts to pay off"
      fromApplication={(view) => ({ liabilities: choicesFromSaved(view) })}
      toSection={choicesToSection}
    >
      {(_form, view) => {
        const debts = reportedDebts(view);
        if (debts.length === 0) return <Text>{debtCopy.none}</Text>;
        return (
          <>
            <Stack gap="sm" component="ul" p={0} m={0} aria-label="Debts on your credit report">
              {debts.map((d, i) => (
                <DebtChoice key={d.id} debt={d} index={i} />
              ))}
            </Stack>
            <Saving debts={debts} />
          </>
        );
      }}
    </SectionPage>
  );
}
