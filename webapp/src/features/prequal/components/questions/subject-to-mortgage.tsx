import { YesNoQuestion } from './single-answer';

export function SubjectToMortgagePage() {
  return (
    <YesNoQuestion
      field="subjectToMortgage"
      label="Is there a mortgage on your home?"
      description="Including a home equity loan or line of credit."
      required="Choose yes or no."
    />
  );
}
