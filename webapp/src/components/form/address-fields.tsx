import { SimpleGrid } from '@mantine/core';

import type { components } from '@/api/schema.gen';

import { ZipField } from './fields';
import { TextField } from './text-field';

type Address = components['schemas']['Address'];

/** An address as a form holds it: text throughout, empty while not given. */
export type AddressValues = { line1: string; line2: string; city: string; state: string; zip: string; county: string };

export const emptyAddress: AddressValues = { line1: '', line2: '', city: '', state: '', zip: '', county: '' };

/** A saved address as the form's values. */
export function addressValues(a: Address | null | undefined): AddressValues {
  if (!a) return { ...emptyAddress };
  return { line1: a.line1, line2: a.line2 ?? '', city: a.city, state: a.state, zip: a.zip, county: a.county ?? '' };
}

/** The form's address as #Address: the optional parts null when empty, the state in capitals. */
export function toAddress(a: AddressValues): Address {
  return {
    line1: a.line1.trim(),
    line2: a.line2.trim() || null,
    city: a.city.trim(),
    state: a.state.trim().toUpperCase() as Address['state'],
    zip: a.zip,
    county: a.county.trim() || null,
  };
}

/**
 * The fields of an address at `name` (section.user.currentAddress). The
 * labels say whose and which address when a page has several (`label`
 * prefixes each: "Mailing address: City").
 */
export function AddressFields({ name, label, autoComplete = true }: { name: string; label?: string; autoComplete?: boolean }) {
  // "Mailing address: city"; a word in capitals (ZIP) stays so.
  const l = (text: string) => (!label ? text : /^[A-Z][a-z]/.test(text) ? `${label}: ${text.charAt(0).toLowerCase()}${text.slice(1)}` : `${label}: ${text}`);
  const auto = (token: string) => (autoComplete ? token : 'off');
  return (
    <>
      <TextField name={`${name}.line1`} label={l('Street address')} autoComplete={auto('address-line1')} size="md" />
      <TextField name={`${name}.line2`} label={l('Apartment, unit or suite (optional)')} autoComplete={auto('address-line2')} size="md" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextField name={`${name}.city`} label={l('City')} autoComplete={auto('address-level2')} size="md" />
        <TextField name={`${name}.county`} label={l('County (optional)')} autoComplete="off" size="md" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextField
          name={`${name}.state`}
          label={l('State')}
          description="2 letters, like CA"
          autoComplete={auto('address-level1')}
          maxLength={2}
          size="md"
        />
        <ZipField name={`${name}.zip`} label={l('ZIP code')} size="md" />
      </SimpleGrid>
    </>
  );
}

/** The parts of an address a page needs, by path under `at` ("user.currentAddress"), with their messages. */
export function requiredAddress(at: string, whose = ''): Record<string, string> {
  const of = whose ? ` of ${whose}` : '';
  return {
    [`${at}.line1`]: `Enter the street address${of}.`,
    [`${at}.city`]: `Enter the city${of}.`,
    [`${at}.state`]: `Enter the state${of}, like CA.`,
    [`${at}.zip`]: `Enter the 5-digit ZIP code${of}.`,
  };
}
