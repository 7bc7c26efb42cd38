import { Checkbox, SimpleGrid, Stack, Title } from '@mantine/core';
import { useFormContext } from 'react-hook-form';

import type { components } from '@/api/schema.gen';
import { AddressFields, addressValues, requiredAddress, toAddress, type AddressValues } from '@/components/form/address-fields';
import { ChoiceField, CurrencyField, YesNoField } from '@/components/form/fields';

import type { ApplicationView } from '../../api/get-application';
import { propertyTypes, propertyUsages, titleHoldings, unitCounts } from '../../content/choices';
import { SectionPage } from '../section-page';

// Page 2, Property Info (screens.md): the subject property's address, type,
// units, usage, title holding, whether it is held in a trust, and its
// monthly HOA dues, taxes and insurance with whether the mortgage payment
// includes the last two. Saved as #PropertyInfoSection; the usage, the
// state and the ZIP code start from prequalification (issue 22: each fact
// asked once), and "Same as my current address" copies page 1's address.

type Schemas = components['schemas'];

type Values = {
  property: {
    address: AddressValues;
    type: Schemas['PropertyType'] | null;
    units: Schemas['UnitCount'] | null;
    usage: Schemas['PropertyUsage'] | null;
    titleHolding: Schemas['TitleHolding'] | null;
    hoaMonthly: number | null;
    monthlyTaxes: number | null;
    monthlyInsurance: number | null;
    taxIncludedInMonthlyPayment: boolean | null;
    insuranceIncludedInMonthlyPayment: boolean | null;
  };
  isInTrust: boolean | null;
};

function fromApplication({ application }: ApplicationView): Values {
  const p = application.property;
  const address = addressValues(p.address);
  // Before the full address is known, the state and ZIP code prequalification asked.
  if (!p.address && p.state) address.state = p.state;
  if (!p.address && p.zip) address.zip = p.zip;
  return {
    property: {
      address,
      type: p.type ?? null,
      units: p.units ?? null,
      usage: p.usage ?? null,
      titleHolding: p.titleHolding ?? null,
      hoaMonthly: p.hoaMonthly ?? null,
      monthlyTaxes: p.monthlyTaxes ?? null,
      monthlyInsurance: p.monthlyInsurance ?? null,
      taxIncludedInMonthlyPayment: p.taxIncludedInMonthlyPayment ?? null,
      insuranceIncludedInMonthlyPayment: p.insuranceIncludedInMonthlyPayment ?? null,
    },
    // A trust is asked, not assumed: an application not saved here yet shows no answer.
    isInTrust: p.titleHolding ? application.isInTrust : null,
  };
}

const given = <T,>(v: T | null) => v ?? undefined;

function toSection(v: Values) {
  const p = v.property;
  return {
    property: {
      address: toAddress(p.address),
      type: given(p.type),
      units: given(p.units),
      usage: given(p.usage),
      titleHolding: given(p.titleHolding),
      hoaMonthly: given(p.hoaMonthly),
      monthlyTaxes: given(p.monthlyTaxes),
      monthlyInsurance: given(p.monthlyInsurance),
      taxIncludedInMonthlyPayment: given(p.taxIncludedInMonthlyPayment),
      insuranceIncludedInMonthlyPayment: given(p.insuranceIncludedInMonthlyPayment),
    },
    isInTrust: given(v.isInTrust),
  };
}

const required = {
  ...requiredAddress('property.address', 'the property'),
  'property.type': 'Choose the type of property.',
  'property.units': 'Choose the number of units.',
  'property.usage': 'Choose how you use the property.',
  'property.titleHolding': 'Choose how title to the property is held.',
  isInTrust: 'Choose yes or no.',
  'property.hoaMonthly': 'Enter the monthly HOA dues, or $0 if there are none.',
  'property.monthlyTaxes': 'Enter the monthly property taxes.',
  'property.monthlyInsurance': 'Enter the monthly homeowners insurance.',
  'property.taxIncludedInMonthlyPayment': 'Choose yes or no.',
  'property.insuranceIncludedInMonthlyPayment': 'Choose yes or no.',
};

const ADDRESS = 'section.property.address';
const addressKeys = ['line1', 'line2', 'city', 'state', 'zip', 'county'] as const;

/**
 * "Same as my current address": the address given on page 1, copied into
 * the property's fields (still editable); unticked, the fields go back to
 * what was known before (`before`). Ticked while the two are the same.
 */
function SameAsCurrentAddress({ current, before }: { current: AddressValues; before: AddressValues }) {
  const { watch, setValue } = useFormContext();
  const shown = watch(ADDRESS) as AddressValues | undefined;
  const same = Boolean(shown) && addressKeys.every((k) => (shown?.[k] ?? '').trim().toUpperCase() === current[k].trim().toUpperCase());
  return (
    <Checkbox
      label="Same as my current address"
      description={[current.line1, current.city, `${current.state} ${current.zip}`].filter(Boolean).join(', ')}
      checked={same}
      onChange={(e) => {
        const next = e.currentTarget.checked ? current : before;
        for (const k of addressKeys) setValue(`${ADDRESS}.${k}`, next[k], { shouldDirty: true, shouldValidate: false });
      }}
    />
  );
}

export default function PropertyInfoPage() {
  return (
    <SectionPage<Values>
      definition="PropertyInfoSection"
      aria-label="Property information"
      fromApplication={fromApplication}
      toSection={toSection}
      required={required}
      // The rules decide the home as the page states it before it is saved (application.save refuses one they do not lend on).
      declinedOutcome="We cannot offer a line on this home, and nothing on this page was saved. If you chose its type or number of units by mistake, change your answer and continue."
    >
      {(_form, view) => (
        <>
          <Stack gap="md" component="section" aria-labelledby="property-address-heading">
            <Title order={2} fz="lg" id="property-address-heading">
              Address
            </Title>
            {view.application.user.currentAddress ? (
              <SameAsCurrentAddress current={addressValues(view.application.user.currentAddress)} before={fromApplication(view).property.address} />
            ) : null}
            <AddressFields name="section.property.address" label="Property address" autoComplete={false} />
          </Stack>
          <Stack gap="md" component="section" aria-labelledby="property-kind-heading">
            <Title order={2} fz="lg" id="property-kind-heading">
              The home
            </Title>
            <ChoiceField name="section.property.type" label="Property type" choices={propertyTypes} size="md" />
            <ChoiceField name="section.property.units" label="Number of units" choices={unitCounts} size="md" />
            <ChoiceField name="section.property.usage" label="How do you use the property?" choices={propertyUsages} size="md" />
            <ChoiceField name="section.property.titleHolding" label="How is title held?" choices={titleHoldings} size="md" />
            <YesNoField name="section.isInTrust" label="Is the property held in a trust?" size="md" />
          </Stack>
          <Stack gap="md" component="section" aria-labelledby="property-costs-heading">
            <Title order={2} fz="lg" id="property-costs-heading">
              Monthly costs
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <CurrencyField name="section.property.hoaMonthly" label="HOA dues per month" size="md" />
              <CurrencyField name="section.property.monthlyTaxes" label="Property taxes per month" size="md" />
              <CurrencyField name="section.property.monthlyInsurance" label="Homeowners insurance per month" size="md" />
            </SimpleGrid>
            <YesNoField
              name="section.property.taxIncludedInMonthlyPayment"
              label="Are the property taxes included in your monthly mortgage payment?"
              size="md"
            />
            <YesNoField
              name="section.property.insuranceIncludedInMonthlyPayment"
              label="Is the homeowners insurance included in your monthly mortgage payment?"
              size="md"
            />
          </Stack>
        </>
      )}
    </SectionPage>
  );
}
