import { Button, Fieldset, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useFieldArray } from 'react-hook-form';

import type { components } from '@/api/schema.gen';
import { AddressFields, addressValues, emptyAddress, requiredAddress, toAddress, type AddressValues } from '@/components/form/address-fields';
import { ChoiceField, CurrencyField, YesNoField } from '@/components/form/fields';
import { TextField } from '@/components/form/text-field';

import type { ApplicationView } from '../../api/get-application';
import { propertyTypes, propertyUsages, unitCounts } from '../../content/choices';
import { SectionPage, watchSection, type SectionForm } from '../section-page';

// Page 3, Additional Real Estate (screens.md): the other properties the
// borrower owns, each with its address, type, usage, units, value and
// mortgages. "No" saves an empty list and goes on. Saved as
// #AdditionalRealEstateSection. (Rent from these properties is asked on
// the other-income page, where #IncomeSource.propertyId names the property.)

type Schemas = components['schemas'];
type Ownership = Schemas['PropertyOwnership'];

type MortgageValues = { creditor: string; balance: number | null; monthlyPayment: number | null };

type OwnershipValues = {
  /** Kept from the saved property, or made for a new one: rental income names its property by it. */
  id: string;
  address: AddressValues;
  type: Schemas['PropertyType'] | null;
  usage: Schemas['PropertyUsage'] | null;
  units: Schemas['UnitCount'] | null;
  value: number | null;
  mortgages: MortgageValues[];
};

type Values = { ownsOther: boolean | null; propertyOwnerships: OwnershipValues[] };

function newId(): string {
  const random = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : String(Math.random()).slice(2);
  return `property-${random}`;
}

const emptyMortgage = (): MortgageValues => ({ creditor: '', balance: null, monthlyPayment: null });

const emptyOwnership = (): OwnershipValues => ({
  id: newId(),
  address: { ...emptyAddress },
  type: null,
  usage: null,
  units: null,
  value: null,
  mortgages: [],
});

function fromApplication({ application }: ApplicationView): Values {
  const list = application.propertyOwnerships;
  return {
    ownsOther: list.length > 0 ? true : null,
    propertyOwnerships: list.map((o) => ({
      id: o.id ?? newId(),
      address: addressValues(o.address),
      type: o.type ?? null,
      usage: o.usage ?? null,
      units: o.units ?? null,
      value: o.value ?? null,
      mortgages: o.mortgages.map((m) => ({ creditor: m.creditor ?? '', balance: m.balance, monthlyPayment: m.monthlyPayment ?? null })),
    })),
  };
}

const given = <T,>(v: T | null) => v ?? undefined;

function toSection(v: Values): { propertyOwnerships: Ownership[] } {
  if (!v.ownsOther) return { propertyOwnerships: [] };
  return {
    propertyOwnerships: v.propertyOwnerships.map((o) => ({
      id: o.id,
      address: toAddress(o.address),
      type: given(o.type),
      usage: given(o.usage),
      units: given(o.units),
      value: given(o.value),
      mortgages: o.mortgages.map((m) => ({
        creditor: m.creditor.trim() || undefined,
        balance: m.balance as number,
        monthlyPayment: given(m.monthlyPayment),
        // Entered here, not read from the credit report.
        addedByUser: true,
      })) as Ownership['mortgages'],
    })),
  };
}

function required(v: Values): Record<string, string> {
  const r: Record<string, string> = {};
  if (!v.ownsOther) return r;
  v.propertyOwnerships.forEach((o, i) => {
    const at = `propertyOwnerships.${i}`;
    Object.assign(r, requiredAddress(`${at}.address`, `property ${i + 1}`), {
      [`${at}.type`]: 'Choose the type of property.',
      [`${at}.usage`]: 'Choose how the property is used.',
      [`${at}.value`]: 'Enter what the property is worth.',
    });
    o.mortgages.forEach((_, j) => {
      r[`${at}.mortgages.${j}.balance`] = 'Enter what is owed on this mortgage.';
      r[`${at}.mortgages.${j}.monthlyPayment`] = 'Enter the monthly payment.';
    });
  });
  return r;
}

/** The page's own questions, which the section does not carry. */
function checks(v: Values): Record<string, string> {
  if (v.ownsOther === null) return { ownsOther: 'Choose yes or no.' };
  return v.ownsOther && v.propertyOwnerships.length === 0 ? { propertiesMissing: 'Add the properties you own, or answer No.' } : {};
}

function Mortgages({ form, index }: { form: SectionForm<Values>; index: number }) {
  const name = `section.propertyOwnerships.${index}.mortgages` as 'section.propertyOwnerships.0.mortgages';
  const list = useFieldArray({ control: form.control, name });
  const n = index + 1;
  return (
    <Stack gap="sm">
      {list.fields.map((f, j) => (
        <Fieldset key={f.id} legend={`Property ${n}: mortgage ${j + 1}`} radius="md">
          <Stack gap="sm">
            <TextField name={`${name}.${j}.creditor`} label={`Property ${n}, mortgage ${j + 1}: lender (optional)`} autoComplete="off" size="md" />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <CurrencyField name={`${name}.${j}.balance`} label={`Property ${n}, mortgage ${j + 1}: balance owed`} size="md" />
              <CurrencyField name={`${name}.${j}.monthlyPayment`} label={`Property ${n}, mortgage ${j + 1}: monthly payment`} size="md" />
            </SimpleGrid>
            <Group>
              <Button variant="subtle" color="red" size="compact-sm" onClick={() => list.remove(j)}>
                Remove mortgage {j + 1} of property {n}
              </Button>
            </Group>
          </Stack>
        </Fieldset>
      ))}
      <Group>
        <Button variant="light" size="sm" onClick={() => list.append(emptyMortgage())}>
          Add a mortgage on property {n}
        </Button>
      </Group>
    </Stack>
  );
}

function Properties({ form }: { form: SectionForm<Values> }) {
  const list = useFieldArray({ control: form.control, name: 'section.propertyOwnerships' });
  const missing = form.formState.errors.section as { propertiesMissing?: { message?: string } } | undefined;
  return (
    <Stack gap="lg">
      {list.fields.map((f, i) => (
        <Fieldset key={f.id} legend={`Property ${i + 1}`} radius="md">
          <Stack gap="md">
            <AddressFields name={`section.propertyOwnerships.${i}.address`} label={`Property ${i + 1}`} autoComplete={false} />
            <ChoiceField name={`section.propertyOwnerships.${i}.type`} label={`Property ${i + 1}: type`} choices={propertyTypes} size="md" />
            <ChoiceField name={`section.propertyOwnerships.${i}.usage`} label={`Property ${i + 1}: how is it used?`} choices={propertyUsages} size="md" />
            <ChoiceField name={`section.propertyOwnerships.${i}.units`} label={`Property ${i + 1}: number of units (optional)`} choices={unitCounts} size="md" />
            <CurrencyField name={`section.propertyOwnerships.${i}.value`} label={`Property ${i + 1}: estimated value`} size="md" />
            <Mortgages form={form} index={i} />
            <Group>
              <Button variant="subtle" color="red" size="compact-sm" onClick={() => list.remove(i)}>
                Remove property {i + 1}
              </Button>
            </Group>
          </Stack>
        </Fieldset>
      ))}
      <Group>
        <Button variant="light" onClick={() => list.append(emptyOwnership())}>
          {list.fields.length === 0 ? 'Add a property' : 'Add another property'}
        </Button>
      </Group>
      {missing?.propertiesMissing?.message ? (
        <Text c="red.8" fz="sm" role="alert">
          {missing.propertiesMissing.message}
        </Text>
      ) : null}
    </Stack>
  );
}

export default function AdditionalRealEstatePage() {
  return (
    <SectionPage<Values>
      definition="AdditionalRealEstateSection"
      aria-label="Additional real estate"
      fromApplication={fromApplication}
      toSection={toSection}
      required={required}
      checks={checks}
    >
      {(form) => (
        <>
          <YesNoField
            name="section.ownsOther"
            label="Do you own any other real estate besides this property?"
            description="Homes, rentals, land or vacation properties, alone or with someone else."
            size="md"
          />
          {watchSection(form, 'ownsOther') === true ? <Properties form={form} /> : null}
        </>
      )}
    </SectionPage>
  );
}
