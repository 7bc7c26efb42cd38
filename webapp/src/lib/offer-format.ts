// How the offer's numbers read: whole dollars for amounts, dollars and
// cents for payments (which the policy gives in integer cents), two decimals for rates.

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const cents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 250000 → $250,000. */
export function formatDollars(value: number): string {
  return dollars.format(Math.round(value));
}

/** Integer cents as dollars and cents: 60417 → $604.17. Whole cents only: the policy rounded them. */
export function formatCents(value: number): string {
  return cents.format(Math.round(value) / 100);
}

/** A rate in percent: 7.5 → 7.50%. */
export function formatRate(value: number): string {
  return `${value.toFixed(2)}%`;
}

/** A fraction as a whole percent: 0.8 → 80%. */
export function formatFraction(value: number): string {
  return `${Math.round(value * 100)}%`;
}
