import { CurrencyQuestion } from './single-answer';

export function DesiredAmountPage() {
  return (
    <CurrencyQuestion
      field="desiredAmount"
      label="How much would you like to borrow?"
      description="Your best guess. Your preview offer shows how much is available, and you can choose a different amount."
      required="Enter the amount you would like to borrow."
    />
  );
}
