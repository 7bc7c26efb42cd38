import { CurrencyQuestion } from './single-answer';

export function AnnualIncomePage() {
  return (
    <CurrencyQuestion
      field="annualIncome"
      label="Gross annual income"
      description="Before taxes, from all sources: salary, self-employment, pension, benefits."
      required="Enter your gross annual income."
    />
  );
}
