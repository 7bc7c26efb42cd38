import { monthlyPayments } from './payment-math';

describe('monthlyPayments', () => {
  it('charges interest only in the draw period', () => {
    expect(monthlyPayments({ amount: 100_000, apr: 7.25, repaymentYears: 20 }).draw).toBeCloseTo(604.17, 2);
    expect(monthlyPayments({ amount: 50_000, apr: 7.75, repaymentYears: 20 }).draw).toBeCloseTo(322.92, 2);
  });

  it('amortizes the amount over the repayment years', () => {
    // The standard annuity formula, checked against a loan calculator.
    expect(monthlyPayments({ amount: 100_000, apr: 7.25, repaymentYears: 20 }).repayment).toBeCloseTo(790.38, 2);
    expect(monthlyPayments({ amount: 50_000, apr: 7.75, repaymentYears: 20 }).repayment).toBeCloseTo(410.47, 2);
    // Fewer years, larger payments: 100,000 at 6% over 10 years.
    expect(monthlyPayments({ amount: 100_000, apr: 6, repaymentYears: 10 }).repayment).toBeCloseTo(1110.21, 2);
  });

  it('repays in equal parts at a zero rate, and nothing on nothing', () => {
    expect(monthlyPayments({ amount: 24_000, apr: 0, repaymentYears: 20 })).toEqual({ draw: 0, repayment: 100 });
    expect(monthlyPayments({ amount: 0, apr: 7, repaymentYears: 20 })).toEqual({ draw: 0, repayment: 0 });
  });

  it('grows with the amount and the rate', () => {
    const base = monthlyPayments({ amount: 80_000, apr: 7, repaymentYears: 20 });
    const more = monthlyPayments({ amount: 90_000, apr: 7, repaymentYears: 20 });
    const dearer = monthlyPayments({ amount: 80_000, apr: 8, repaymentYears: 20 });
    expect(more.draw).toBeGreaterThan(base.draw);
    expect(more.repayment).toBeGreaterThan(base.repayment);
    expect(dearer.repayment).toBeGreaterThan(base.repayment);
    // The repayment payment always exceeds the interest alone.
    expect(base.repayment).toBeGreaterThan(base.draw);
  });
});
