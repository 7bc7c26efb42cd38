// How the offer's numbers read: whole dollars for amounts, dollars and
// cents for payments, two decimals for rates.

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const cents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 250000 → $250,000. */
export function formatDollars(value: number): string {
  return dollars.format(Math.round(value));
}

/** 604.1666 → $604.17. */
export function formatPayment(value: number): string {
  return cents.format(value);
}

/** A rate in percent: 7.5 → 7.50%. */
export function formatRate(value: number): string {
  return `${value.toFixed(2)}%`;
}

/** A fraction as a whole percent: 0.8 → 80%. */
export function formatFraction(value: number): string {
  return `${Math.round(value * 100)}%`;
}
