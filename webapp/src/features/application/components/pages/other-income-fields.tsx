import { Button, Fieldset, Group, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';

import type { components } from '@/api/schema.gen';
import { CurrencyField } from '@/components/form/fields';
import { useField } from '@/components/form/text-field';

// The other-income page's rows (screens.md): each income besides a job by
// the spec's labels (§3 "Other income labels", #OtherIncomeLabel), with its
// monthly amount. A row is an #IncomeSource: `label` is the kind picked,
// `otherValue` the monthly amount, and `type` the spec's income type
// (#IncomeType) the documents policy reads.

type Schemas = components['schemas'];
export type IncomeSource = Schemas['IncomeSource'];
export type OtherIncomeLabel = Schemas['OtherIncomeLabel'];
export type IncomeType = Schemas['IncomeType'];

/**
 * Each label's income type: the same kind where #IncomeType has it, the
 * near kind where the Fannie Mae Selling Guide treats them alike (separate
 * maintenance as alimony, B3-3.1-09; retirement-account distributions as a
 * pension; a housing allowance as the military BAH; an accessory unit's
 * rent as rental income); `main` for the rest, which no document rule
 * reads by type. Keyed by the schema's labels, so every label has its type
 * and the list of labels offered is the schema's, in its order.
 */
const incomeTypes = {
  'Accessory Unit Income': 'rental',
  Alimony: 'alimony',
  'Automobile Allowance': 'main',
  'Boarder Income': 'main',
  'Capital Gains': 'capitalGains',
  'Child Support': 'childSupport',
  'Defined Contribution Plan': 'pension',
  Disability: 'disability',
  'Dividends and Interest': 'interestAndDividends',
  'Employment Related Account': 'pension',
  'Foster Care': 'fosterCare',
  'Housing Allowance': 'bah',
  'Housing Choice Voucher Program': 'main',
  'Mortgage Credit Certificate': 'main',
  'Mortgage Differential': 'main',
  'Non-Borrower Household Income': 'main',
  'Notes Receivable Installment': 'main',
  Other: 'main',
  Pension: 'pension',
  'Public Assistance': 'main',
  Royalties: 'main',
  'Separate Maintenance': 'alimony',
  'Social Security': 'socialSecurity',
  'Temporary Leave': 'main',
  'Tip Income': 'main',
  Trust: 'main',
  Unemployment: 'main',
  'VA Benefits Non-Educational': 'main',
} as const satisfies Record<OtherIncomeLabel, IncomeType>;

export const otherIncomeLabels = Object.keys(incomeTypes) as OtherIncomeLabel[];

export function incomeTypeOf(label: OtherIncomeLabel): IncomeType {
  return incomeTypes[label];
}

export type IncomeEntry = {
  label: OtherIncomeLabel | '';
  otherValue: number | null;
  /** What this page does not ask of a saved income (its address, units, ids), kept as it was. */
  kept: Partial<IncomeSource>;
};

export function newIncomeEntry(): IncomeEntry {
  return { label: '', otherValue: null, kept: {} };
}

export function toIncomeEntry(s: IncomeSource): IncomeEntry {
  const { label, otherValue, ...kept } = s;
  return { label: label ?? '', otherValue: otherValue ?? null, kept };
}

/**
 * A row as the section saves it. A row with no kind picked is sent without
 * one, so the page asks for it; its type is then the one it had.
 */
export function toIncomeSource(e: IncomeEntry): IncomeSource {
  const out: Record<string, unknown> = { ...e.kept };
  if (e.label) {
    out.label = e.label;
    out.type = incomeTypeOf(e.label);
  }
  if (e.otherValue !== null) out.otherValue = e.otherValue;
  return out as IncomeSource;
}

/** What each row needs, by path under `name`. */
export function requiredOfIncomes(name: string, count: number): Record<string, string> {
  const required: Record<string, string> = {};
  for (let i = 0; i < count; i++) {
    required[`${name}.${i}.label`] = 'Choose the kind of income.';
    required[`${name}.${i}.otherValue`] = 'Enter the monthly amount.';
  }
  return required;
}

function LabelField({ name }: { name: string }) {
  const { value, onChange, ...field } = useField(name, '');
  return (
    <NativeSelect
      {...field}
      label="Kind of income"
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange(e.currentTarget.value)}
      data={[{ value: '', label: 'Choose one' }, ...otherIncomeLabels.map((l) => ({ value: l, label: l }))]}
      size="md"
    />
  );
}

function IncomeRow({ name, index, onRemove }: { name: string; index: number; onRemove?: () => void }) {
  const label = useWatch({ name: `${name}.label` }) as string | undefined;
  const legend = label ? `Income ${index + 1}: ${label}` : `Income ${index + 1}`;
  return (
    <Fieldset legend={legend} style={{ minWidth: 0 }}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <LabelField name={`${name}.label`} />
          <CurrencyField name={`${name}.otherValue`} label="Monthly amount" size="md" />
        </SimpleGrid>
        {onRemove ? (
          <Group justify="flex-end">
            <Button variant="subtle" color="red" onClick={onRemove} aria-label={`Remove ${legend}`}>
              Remove this income
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Fieldset>
  );
}

/** The rows at `name` (section.incomeSources), each removable, and "Add an income". */
export function OtherIncomeFields({ name, disabled }: { name: string; disabled?: boolean }) {
  const { control } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name });
  return (
    <Stack gap="lg">
      {fields.length === 0 ? <Text c="dimmed">No other income. If there is none, continue.</Text> : null}
      {fields.map((f, i) => (
        <IncomeRow key={f.id} name={`${name}.${i}`} index={i} onRemove={disabled ? undefined : () => remove(i)} />
      ))}
      {disabled ? null : (
        <Group>
          <Button variant="light" onClick={() => append(newIncomeEntry())}>
            Add an income
          </Button>
        </Group>
      )}
    </Stack>
  );
}
