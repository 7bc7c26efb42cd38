import { Stack } from '@mantine/core';

import { YesNoField } from '@/components/form/fields';

import { useQuestionTerms } from '../../api/get-question-terms';
import { KnockoutRefusal, useKnockout } from './knockout';
import { AnswersForm, QuestionPage } from './question-form';

/**
 * /prequal/listed-for-sale: saved, then decided by the rules on the server
 * (prequal.knockout: a home listed for sale in the look-back is refused at
 * once, with the rule's reason); the page shows a refusal and stays. The
 * look-back is the eligibility table's (prequal.questions).
 */
export function ListedForSalePage() {
  const { refusal, decide } = useKnockout();
  const { listedForSaleMonths } = useQuestionTerms();
  return (
    <QuestionPage>
      {(answers) => (
        <Stack gap="lg">
          {refusal ? <KnockoutRefusal reasons={refusal} /> : null}
          <AnswersForm
            answers={{ listedForSale: answers.listedForSale ?? null }}
            required={{ listedForSale: 'Choose yes or no.' }}
            onSaved={decide}
          >
            <YesNoField name="answers.listedForSale" label={`Has your home been listed for sale in the last ${listedForSaleMonths} months?`} size="md" />
          </AnswersForm>
        </Stack>
      )}
    </QuestionPage>
  );
}
