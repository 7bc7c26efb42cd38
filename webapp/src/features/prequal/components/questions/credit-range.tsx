import { creditRanges } from './choices';
import { ChoiceQuestion } from './single-answer';

export function CreditRangePage() {
  return <ChoiceQuestion field="creditRange" label="Your credit score range" choices={creditRanges} required="Choose your credit score range." />;
}
