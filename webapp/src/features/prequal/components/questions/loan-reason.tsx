import { loanReasons } from './choices';
import { ChoiceQuestion } from './single-answer';

export function LoanReasonPage() {
  return (
    <ChoiceQuestion
      field="loanReason"
      label="What will you use the money for?"
      choices={loanReasons}
      required="Choose what the money is for."
    />
  );
}
