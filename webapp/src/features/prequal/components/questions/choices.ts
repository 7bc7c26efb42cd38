import type { Choice } from '@/components/form/fields';

import type { LoanReason, PropertyUsage, Relationship } from '../../api/get-answers';

// The words for the schema's values. Each list is typed by the value's
// type, so a value the schema does not have cannot be offered.

export { creditRangeChoices } from '../../content/credit-bands';

export const propertyUsages: readonly Choice<PropertyUsage>[] = [
  { value: 'primaryResidence', label: 'Primary home', description: 'You live here most of the year.' },
  { value: 'secondHome', label: 'Secondary home', description: 'A vacation home or a second place you live in.' },
  { value: 'investment', label: 'Rental property', description: 'You rent it out.' },
];

export const loanReasons: readonly Choice<LoanReason>[] = [
  { value: 'homeImprovement', label: 'Home improvement' },
  { value: 'debtConsolidation', label: 'Paying off other debts' },
  { value: 'education', label: 'Education' },
  { value: 'other', label: 'Something else' },
];

export const relationships: readonly Choice<Relationship>[] = [
  { value: 'spouse', label: 'Spouse' },
  { value: 'partner', label: 'Partner' },
  { value: 'family', label: 'Family member' },
  { value: 'other', label: 'Someone else' },
];
