// The estimated monthly payments shown beside the amount picker. A HELOC's
// draw period usually asks for interest only; the repayment period repays
// the balance in equal monthly payments (principal and interest) over its
// years. Both at today's APR, which is variable: the page says so.

export type MonthlyPayments = {
  /** Interest only on the amount, in dollars a month, during the draw period. */
  draw: number;
  /** The amount amortized over the repayment period, in dollars a month. */
  repayment: number;
};

/**
 * The monthly payments on `amount` dollars drawn at `apr` percent a year,
 * repaid over `repaymentYears`. Not rounded: the page rounds for display.
 */
export function monthlyPayments({ amount, apr, repaymentYears }: { amount: number; apr: number; repaymentYears: number }): MonthlyPayments {
  if (!(amount > 0)) return { draw: 0, repayment: 0 };
  const rate = apr / 100 / 12;
  const months = Math.round(repaymentYears * 12);
  const draw = amount * rate;
  if (months <= 0) return { draw, repayment: amount };
  const repayment = rate === 0 ? amount / months : (amount * rate) / (1 - (1 + rate) ** -months);
  return { draw, repayment };
}
