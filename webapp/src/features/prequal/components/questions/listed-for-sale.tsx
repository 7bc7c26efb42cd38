import { Stack } from '@mantine/core';

import { YesNoField } from '@/components/form/fields';

import { KnockoutRefusal, useKnockout } from './knockout';
import { AnswersForm, QuestionPage } from './question-form';

/**
 * /prequal/listed-for-sale: saved, then decided by the rules on the server
 * (prequal.knockout: a home listed for sale in the look-back is refused at
 * once, with the rule's reason); the page shows a refusal and stays.
 */
export function ListedForSalePage() {
  const { refusal, decide } = useKnockout();
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
            <YesNoField name="answers.listedForSale" label="Has your home been listed for sale in the last 6 months?" size="md" />
          </AnswersForm>
        </Stack>
      )}
    </QuestionPage>
  );
}
