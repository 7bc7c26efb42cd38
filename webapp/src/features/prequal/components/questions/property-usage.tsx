import { propertyUsages } from './choices';
import { ChoiceQuestion } from './single-answer';

export function PropertyUsagePage() {
  return <ChoiceQuestion field="propertyUsage" label="How do you use this home?" choices={propertyUsages} required="Choose how you use this home." />;
}
