import type { Choice } from '@/components/form/fields';

import type { CreditRange } from '../api/get-answers';
import type { CreditBand } from '../api/get-question-terms';

// The credit-range page's bands in words, from the eligibility table's
// (prequal.questions): each band's name with its scores as the table writes
// them ("680 to 739"); the lowest is named by its scores ("Below 640"), and
// takes those who are not sure.

const capitalized = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

const bandNames: Record<CreditRange, string | null> = { excellent: 'Excellent', good: 'Good', fair: 'Fair', poor: null };

/** The credit-range page's choices. */
export function creditRangeChoices(bands: readonly CreditBand[]): Choice<CreditRange>[] {
  return bands.map((band) => {
    const name = bandNames[band.range];
    return name
      ? { value: band.range, label: name, description: capitalized(band.label) }
      : { value: band.range, label: capitalized(band.label), description: 'Or if you are not sure' };
  });
}

/** The bands in one sentence: "Excellent (740 or above), Good (680 to 739), … or Below 640". */
export function creditBandsInWords(bands: readonly CreditBand[]): string {
  const words = bands.map((band) => {
    const name = bandNames[band.range];
    return name ? `${name} (${band.label})` : capitalized(band.label);
  });
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)}` : (words[0] ?? '');
}
