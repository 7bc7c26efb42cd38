import { useQuestionTerms } from '../../api/get-question-terms';
import { creditRangeChoices } from './choices';
import { ChoiceQuestion } from './single-answer';

/** The credit-range page: the bands of the eligibility table, in its words (prequal.questions). */
export function CreditRangePage() {
  const { creditRanges } = useQuestionTerms();
  return (
    <ChoiceQuestion
      field="creditRange"
      label="Your credit score range"
      choices={creditRangeChoices(creditRanges)}
      required="Choose your credit score range."
    />
  );
}
