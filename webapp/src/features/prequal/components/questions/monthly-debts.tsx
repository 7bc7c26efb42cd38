import { CurrencyQuestion } from './single-answer';

export function MonthlyDebtsPage() {
  return (
    <CurrencyQuestion
      field="monthlyDebts"
      label="Monthly debt payments"
      description="Car loans, student loans, credit card minimums and other loans. Leave out your mortgage. Enter 0 if none."
      required="Enter your monthly debt payments, or 0."
    />
  );
}
