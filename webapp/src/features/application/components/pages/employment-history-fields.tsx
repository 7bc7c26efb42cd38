import { Button, Checkbox, Fieldset, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';

import type { components } from '@/api/schema.gen';
import { ChoiceField, CurrencyField, YesNoField, ZipField, type Choice } from '@/components/form/fields';
import { PhoneField, TextField, useField } from '@/components/form/text-field';

import { MonthField } from './employment-history-month';

// The employments of page 4 (and 4/coborrower): one fieldset per employer
// with the URLA's questions (screens.md). The form holds each employment
// as the schema has it (#Employment), text left empty as '' and amounts and
// choices not given as null, plus `current` for "I work here now", which
// the section stores as endDate null (spec §3). toEmployment turns an entry
// back into what the section saves.

type Schemas = components['schemas'];
export type Employment = Schemas['Employment'];
export type BusinessStructure = NonNullable<Employment['businessStructure']>;
export type OwnershipInterestType = Schemas['OwnershipInterestType'];

export type AddressEntry = { line1: string; line2: string; city: string; state: string; zip: string; county: string };

export type EmploymentEntry = {
  employerName: string;
  position: string;
  employerPhone: string;
  employerAddress: AddressEntry;
  startDate: string;
  endDate: string;
  /** "I work here now": the job has no end date (spec §3: null means current). */
  current: boolean;
  selfEmployedIndicator: boolean | null;
  ownershipInterestType: OwnershipInterestType | null;
  businessStructure: BusinessStructure | null;
  base: number | null;
  bonuses: number | null;
  overtime: number | null;
  commissions: number | null;
  /** The fields this page does not ask (a verified job's source, its ids), kept as they were. */
  kept: Partial<Employment>;
};

export const ownershipShares: readonly Choice<OwnershipInterestType>[] = [
  { value: 'GreaterThanOrEqualTo25Percent', label: '25% or more' },
  { value: 'LessThan25Percent', label: 'Less than 25%' },
];

// Typed by the schema's values: every structure has its words, and no
// value the schema lacks can be offered.
const structureLabels = {
  soleProprietorship: { label: 'Sole proprietorship', description: 'You own the business alone and it is not incorporated.' },
  independentContractor: { label: 'Independent contractor', description: 'You are paid on a 1099 for your work.' },
  partnership: { label: 'Partnership' },
  llc: { label: 'Limited liability company (LLC)' },
  sCorporation: { label: 'S corporation' },
  corporation: { label: 'Corporation (C corporation)' },
} satisfies Record<BusinessStructure, { label: string; description?: string }>;

export const businessStructures: readonly Choice<BusinessStructure>[] = (
  Object.keys(structureLabels) as BusinessStructure[]
).map((value) => ({ value, ...structureLabels[value] }));

export function emptyAddress(): AddressEntry {
  return { line1: '', line2: '', city: '', state: '', zip: '', county: '' };
}

export function toAddressEntry(a: Schemas['Address'] | null | undefined): AddressEntry {
  return {
    line1: a?.line1 ?? '',
    line2: a?.line2 ?? '',
    city: a?.city ?? '',
    state: a?.state ?? '',
    zip: a?.zip ?? '',
    county: a?.county ?? '',
  };
}

/** A new employment, starting where the employment policy says the next one starts (nextStartDate). */
export function newEmploymentEntry(startDate: string | null | undefined): EmploymentEntry {
  return {
    employerName: '',
    position: '',
    employerPhone: '',
    employerAddress: emptyAddress(),
    startDate: startDate ?? '',
    endDate: '',
    current: false,
    selfEmployedIndicator: null,
    ownershipInterestType: null,
    businessStructure: null,
    base: null,
    bonuses: null,
    overtime: null,
    commissions: null,
    // Entered by hand: the spec's Manual, which is not a verified job (§3).
    kept: { dataSource: 'Manual' },
  };
}

/** A saved employment as the form holds it. */
export function toEmploymentEntry(e: Employment): EmploymentEntry {
  const {
    employerName,
    position,
    employerPhone,
    employerAddress,
    startDate,
    endDate,
    selfEmployedIndicator,
    ownershipInterestType,
    businessStructure,
    base,
    bonuses,
    overtime,
    commissions,
    ...kept
  } = e;
  return {
    employerName: employerName ?? '',
    position: position ?? '',
    employerPhone: employerPhone ?? '',
    employerAddress: toAddressEntry(employerAddress),
    startDate: startDate ?? '',
    endDate: endDate ?? '',
    current: endDate === null || endDate === undefined,
    selfEmployedIndicator: selfEmployedIndicator ?? null,
    ownershipInterestType: ownershipInterestType ?? null,
    businessStructure: businessStructure ?? null,
    base: base ?? null,
    bonuses: bonuses ?? null,
    overtime: overtime ?? null,
    commissions: commissions ?? null,
    kept,
  };
}

const blank = (v: unknown) => v === '' || v === null || v === undefined;

/** The address as the schema takes it, or undefined when nothing of it was typed. */
export function toAddress(a: AddressEntry): Schemas['Address'] | undefined {
  if (Object.values(a).every(blank)) return undefined;
  return {
    line1: a.line1.trim(),
    line2: a.line2.trim() || null,
    city: a.city.trim(),
    state: a.state.trim().toUpperCase() as Schemas['StateCode'],
    zip: a.zip,
    county: a.county.trim() || null,
  };
}

/**
 * An entry as the section saves it: endDate null for a current job, the
 * self-employment questions only for self-employment, and what was left
 * empty left out (the schema then says what is missing, in its words).
 * An end date of a job that is not current is kept even when empty, so
 * that it is asked for rather than read as "current" (the schema's default).
 */
export function toEmployment(f: EmploymentEntry): Employment {
  const selfEmployed = f.selfEmployedIndicator === true;
  const fields: Record<string, unknown> = {
    ...f.kept,
    employerName: f.employerName.trim(),
    position: f.position.trim(),
    employerPhone: f.employerPhone,
    employerAddress: toAddress(f.employerAddress),
    startDate: f.startDate,
    selfEmployedIndicator: f.selfEmployedIndicator,
    ownershipInterestType: selfEmployed ? f.ownershipInterestType : undefined,
    businessStructure: selfEmployed ? f.businessStructure : undefined,
    base: f.base,
    bonuses: f.bonuses,
    overtime: f.overtime,
    commissions: f.commissions,
  };
  const out = Object.fromEntries(Object.entries(fields).filter(([, v]) => !blank(v)));
  return { ...out, endDate: f.current ? null : f.endDate } as Employment;
}

/**
 * What a page needs of each entry before it goes on, by path under `name`,
 * with the message when it is left empty. The schema says what a given
 * value must look like; whether the page needs it is the page's (the URLA
 * asks each of these).
 */
export function requiredOfEmployments(name: string, entries: readonly EmploymentEntry[]): Record<string, string> {
  const required: Record<string, string> = {};
  entries.forEach((e, i) => {
    const at = `${name}.${i}`;
    required[`${at}.employerName`] = 'Enter the employer’s name.';
    required[`${at}.position`] = 'Enter the position or title.';
    required[`${at}.startDate`] = 'Enter the month the job started, as MM/YYYY.';
    if (!e.current) required[`${at}.endDate`] = 'Enter the month the job ended, as MM/YYYY, or tick “I work here now”.';
    required[`${at}.selfEmployedIndicator`] = 'Say whether this is self-employment.';
    required[`${at}.base`] = 'Enter the monthly base pay, or 0.';
    if (e.selfEmployedIndicator) {
      required[`${at}.ownershipInterestType`] = 'Choose your share of the business.';
      required[`${at}.businessStructure`] = 'Choose the business structure.';
    }
  });
  return required;
}

/** "I work here now": ticking it clears the end date, which a current job does not have. */
function CurrentJobField({ name, endName }: { name: string; endName: string }) {
  const { value, onChange, ...field } = useField(name, false);
  const { setValue } = useFormContext();
  return (
    <Checkbox
      {...field}
      label="I work here now"
      checked={Boolean(value)}
      onChange={(e) => {
        const checked = e.currentTarget.checked;
        onChange(checked);
        if (checked) setValue(endName, '', { shouldDirty: true });
      }}
    />
  );
}

/** One employer's questions, under the legend that names it. */
export function EmploymentEntryFields({
  name,
  index,
  onRemove,
  disabled,
}: {
  /** The entry's path in the form: section.employments.0 */
  name: string;
  index: number;
  onRemove?: () => void;
  disabled?: boolean;
}) {
  const entry = useWatch({ name }) as EmploymentEntry | undefined;
  const employer = entry?.employerName.trim();
  const legend = employer ? `Employer ${index + 1}: ${employer}` : `Employer ${index + 1}`;
  return (
    <Fieldset legend={legend} variant="default" disabled={disabled} style={{ minWidth: 0 }}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextField name={`${name}.employerName`} label="Employer or business name" autoComplete="organization" size="md" />
          <TextField name={`${name}.position`} label="Position or title" autoComplete="organization-title" size="md" />
        </SimpleGrid>
        <PhoneField name={`${name}.employerPhone`} label="Employer phone (optional)" autoComplete="off" size="md" />
        <TextField name={`${name}.employerAddress.line1`} label="Employer street address (optional)" size="md" />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <TextField name={`${name}.employerAddress.city`} label="City" size="md" />
          <TextField name={`${name}.employerAddress.state`} label="State" description="2 letters, like CA" maxLength={2} size="md" />
          <ZipField name={`${name}.employerAddress.zip`} label="ZIP code" autoComplete="off" size="md" />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <MonthField name={`${name}.startDate`} edge="start" label="Start date" description="Month and year, MM/YYYY" size="md" />
          {entry?.current ? null : (
            <MonthField name={`${name}.endDate`} edge="end" label="End date" description="Month and year, MM/YYYY" size="md" />
          )}
        </SimpleGrid>
        <CurrentJobField name={`${name}.current`} endName={`${name}.endDate`} />
        <YesNoField
          name={`${name}.selfEmployedIndicator`}
          label="Is this self-employment?"
          description="A business owned in whole or in part, or work as an independent contractor."
        />
        {entry?.selfEmployedIndicator ? (
          <>
            <ChoiceField name={`${name}.ownershipInterestType`} label="Share of the business owned" choices={ownershipShares} inline />
            <ChoiceField name={`${name}.businessStructure`} label="Business structure" choices={businessStructures} />
          </>
        ) : null}
        <Text fw={600} component="p" m={0}>
          Monthly income from this job
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <CurrencyField name={`${name}.base`} label="Base pay per month" size="md" />
          <CurrencyField name={`${name}.bonuses`} label="Bonuses per month (optional)" size="md" />
          <CurrencyField name={`${name}.overtime`} label="Overtime per month (optional)" size="md" />
          <CurrencyField name={`${name}.commissions`} label="Commissions per month (optional)" size="md" />
        </SimpleGrid>
        {onRemove ? (
          <Group justify="flex-end">
            <Button variant="subtle" color="red" onClick={onRemove} aria-label={`Remove ${legend}`}>
              Remove this employer
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Fieldset>
  );
}

/**
 * The list of employments at `name` (section.employments), each removable,
 * and "Add an employer", which starts the new entry where `onAdd` says,
 * with `beforeAdd` (what the policy still asks for) above it.
 */
export function EmploymentListFields({
  name,
  onAdd,
  years,
  beforeAdd,
  disabled,
}: {
  name: string;
  /** The start of the new entry: the policy's nextStartDate, or '' to leave it empty. */
  onAdd: () => string;
  /** The years of work history the rules ask for (the employment policy's window). */
  years?: number | null;
  beforeAdd?: ReactNode;
  disabled?: boolean;
}) {
  const { control } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name });
  return (
    <Stack gap="lg">
      {fields.length === 0 ? (
        <Text c="dimmed">
          No employers yet. Add each job {years ? `of the last ${years} ${years === 1 ? 'year' : 'years'}` : 'you have had'}, starting with the one
          you have now.
        </Text>
      ) : null}
      {fields.map((f, i) => (
        <EmploymentEntryFields key={f.id} name={`${name}.${i}`} index={i} disabled={disabled} onRemove={disabled ? undefined : () => remove(i)} />
      ))}
      {beforeAdd}
      {disabled ? null : (
        <Group>
          <Button variant="light" onClick={() => append(newEmploymentEntry(onAdd()))}>
            Add an employer
          </Button>
        </Group>
      )}
    </Stack>
  );
}
