import { NumberInput, SimpleGrid, Stack, type NumberInputProps } from '@mantine/core';

import type { components } from '@/api/schema.gen';
import { ChoiceField, ZipField } from '@/components/form/fields';
import { PhoneField, TextField, useField } from '@/components/form/text-field';

import {
  businessStructures,
  ownershipShares,
  toAddress,
  toAddressEntry,
  type AddressEntry,
  type BusinessStructure,
  type Employment,
  type OwnershipInterestType,
} from './employment-history-fields';

// The business-information page's fields (screens.md: for self-employed
// borrowers, the business name, address, phone, structure, ownership
// share and years in business), as #Business has them.

type Schemas = components['schemas'];
export type Business = Schemas['Business'];

export type BusinessEntry = {
  name: string;
  address: AddressEntry;
  phone: string;
  structure: BusinessStructure | null;
  ownershipShare: OwnershipInterestType | null;
  yearsInBusiness: number | null;
};

/**
 * The business as the form starts with it: as saved, or else from the
 * person's self-employment (the current one first), which already names
 * the business, its phone, address, structure and share.
 */
export function toBusinessEntry(business: Business | null | undefined, employments: readonly Employment[] = []): BusinessEntry {
  if (business) {
    return {
      name: business.name,
      address: toAddressEntry(business.address),
      phone: business.phone,
      structure: business.structure,
      ownershipShare: business.ownershipShare,
      yearsInBusiness: business.yearsInBusiness,
    };
  }
  const selfEmployed = employments.filter((e) => e.selfEmployedIndicator);
  const job = selfEmployed.find((e) => e.endDate === null) ?? selfEmployed[0];
  return {
    name: job?.employerName ?? '',
    address: toAddressEntry(job?.employerAddress),
    phone: job?.employerPhone ?? '',
    structure: job?.businessStructure ?? null,
    ownershipShare: job?.ownershipInterestType ?? null,
    yearsInBusiness: null,
  };
}

/** The business as the section saves it; what was left empty is left out, for the schema to ask for. */
export function toBusiness(b: BusinessEntry): Partial<Business> {
  const fields: Record<string, unknown> = {
    name: b.name.trim(),
    address: toAddress(b.address),
    phone: b.phone,
    structure: b.structure,
    ownershipShare: b.ownershipShare,
    yearsInBusiness: b.yearsInBusiness,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== '' && v !== null && v !== undefined)) as Partial<Business>;
}

/** What the page needs, by path under `name`, each with its message. */
export function requiredOfBusiness(name: string): Record<string, string> {
  return {
    [`${name}.name`]: 'Enter the business’s name.',
    [`${name}.address.line1`]: 'Enter the street address.',
    [`${name}.address.city`]: 'Enter the city.',
    [`${name}.address.state`]: 'Enter the state, like CA.',
    [`${name}.address.zip`]: 'Enter the 5-digit ZIP code.',
    [`${name}.phone`]: 'Enter the business’s phone number.',
    [`${name}.structure`]: 'Choose the business structure.',
    [`${name}.ownershipShare`]: 'Choose your share of the business.',
    [`${name}.yearsInBusiness`]: 'Enter how many years the business has operated, or 0.',
  };
}

/** A whole number of years; the form holds the number, or null while the field is empty. */
function YearsField({ name, ...props }: Omit<NumberInputProps, 'value' | 'onChange' | 'onBlur' | 'error' | 'name'> & { name: string }) {
  const { value, onChange, ...field } = useField(name, null);
  return (
    <NumberInput
      inputMode="numeric"
      allowDecimal={false}
      allowNegative={false}
      hideControls
      {...props}
      {...field}
      value={typeof value === 'number' ? value : ''}
      onChange={(v) => onChange(typeof v === 'number' ? v : v === '' ? null : Number(String(v).replace(/[^\d]/g, '')))}
    />
  );
}

/** The business's questions, at `name` (section.business). */
export function BusinessFields({ name }: { name: string }) {
  return (
    <Stack gap="md">
      <TextField name={`${name}.name`} label="Business name" autoComplete="organization" size="md" />
      <PhoneField name={`${name}.phone`} label="Business phone" autoComplete="off" size="md" />
      <TextField name={`${name}.address.line1`} label="Business street address" size="md" />
      <TextField name={`${name}.address.line2`} label="Suite or unit (optional)" size="md" />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <TextField name={`${name}.address.city`} label="City" size="md" />
        <TextField name={`${name}.address.state`} label="State" description="2 letters, like CA" maxLength={2} size="md" />
        <ZipField name={`${name}.address.zip`} label="ZIP code" autoComplete="off" size="md" />
      </SimpleGrid>
      <ChoiceField name={`${name}.structure`} label="Business structure" choices={businessStructures} />
      <ChoiceField name={`${name}.ownershipShare`} label="Your share of the business" choices={ownershipShares} inline />
      <YearsField name={`${name}.yearsInBusiness`} label="Years in business" description="Whole years the business has operated; 0 if less than a year." maw={240} size="md" />
    </Stack>
  );
}
