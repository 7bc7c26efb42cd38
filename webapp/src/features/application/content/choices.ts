import type { Choice } from '@/components/form/fields';
import type { components } from '@/api/schema.gen';

// The words for the schema's values on the application's pages (spec §3
// labels where the spec gives them). Each list is typed by the value's type,
// so a value the schema does not have cannot be offered.

type Schemas = components['schemas'];

export const suffixes: readonly { value: Schemas['NameSuffix']; label: string }[] = [
  { value: 'jr', label: 'Jr.' },
  { value: 'sr', label: 'Sr.' },
  { value: 'i', label: 'I' },
  { value: 'ii', label: 'II' },
  { value: 'iii', label: 'III' },
  { value: 'iv', label: 'IV' },
  { value: 'v', label: 'V' },
  { value: 'vi', label: 'VI' },
  { value: 'vii', label: 'VII' },
  { value: 'viii', label: 'VIII' },
  { value: 'ix', label: 'IX' },
];

export const citizenships: readonly Choice<Schemas['Citizenship']>[] = [
  { value: 'usCitizen', label: 'U.S. citizen' },
  { value: 'permanentResident', label: 'Permanent resident alien' },
  { value: 'nonPermanentResident', label: 'Non-permanent resident alien' },
];

export const maritalStatuses: readonly Choice<Schemas['MaritalStatus']>[] = [
  { value: 'married', label: 'Married' },
  { value: 'separated', label: 'Separated' },
  { value: 'unmarried', label: 'Unmarried', description: 'Single, divorced or widowed' },
];

export const militaryStatuses: readonly Choice<Schemas['MilitaryStatus']>[] = [
  { value: 'none', label: 'I have not served' },
  { value: 'currentlyServing', label: 'Currently serving on active duty' },
  { value: 'retiredOrDischardOrSeparated', label: 'Retired, discharged or separated from service' },
  { value: 'reserveOrNationalGuard', label: 'Non-activated member of the Reserve or National Guard' },
  { value: 'survivingSpouse', label: 'Surviving spouse' },
];

/** #HousingLabels' labels (spec §3). */
export const housings: readonly Choice<Schemas['Housing']>[] = [
  { value: 'Own', label: 'Currently Own' },
  { value: 'Rent', label: 'Currently Renting' },
  { value: 'NoPrimaryHousingExpense', label: 'Live Rent Free' },
];

export const propertyTypes: readonly Choice<Schemas['PropertyType']>[] = [
  { value: 'singleFamily', label: 'Single-family home' },
  { value: 'condo', label: 'Condominium' },
  { value: 'townhouse', label: 'Townhouse' },
  { value: 'multiUnit', label: 'Multi-unit home' },
  { value: 'manufactured', label: 'Manufactured home' },
];

/** #UnitCountLabels' labels (spec §3). */
export const unitCounts: readonly Choice<Schemas['UnitCount']>[] = [
  { value: '1', label: '1 (Single Family, Condo)' },
  { value: '2', label: '2 (Duplex)' },
  { value: '3', label: '3 (Triplex)' },
  { value: '4', label: '4 (Quadplex)' },
  { value: '5+', label: '5+' },
];

/** #PropertyUsageLabels' labels (spec §3). */
export const propertyUsages: readonly Choice<Schemas['PropertyUsage']>[] = [
  { value: 'primaryResidence', label: 'Primary Home' },
  { value: 'secondHome', label: 'Secondary Home' },
  { value: 'investment', label: 'Rental Property' },
];

export const titleHoldings: readonly Choice<Schemas['TitleHolding']>[] = [
  { value: 'soleOwnership', label: 'Sole ownership' },
  { value: 'jointTenants', label: 'Joint tenants' },
  { value: 'tenantsInCommon', label: 'Tenants in common' },
  { value: 'tenancyByEntirety', label: 'Tenancy by the entirety' },
  { value: 'interVivosRevocableTrust', label: 'Inter vivos revocable trust' },
  { value: 'lifeEstate', label: 'Life estate' },
  { value: 'iDontKnow', label: 'I don’t know' },
];
