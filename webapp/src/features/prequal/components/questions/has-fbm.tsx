import { Text } from '@mantine/core';

import { YesNoField } from '@/components/form/fields';

import { AnswersForm, QuestionPage } from './question-form';

const answer = 'Choose yes or no.';

export function HasFbmPage() {
  return (
    <QuestionPage slug="has-fbm">
      {(answers) => (
        <AnswersForm
          answers={{
            fbm: {
              foreclosure: answers.fbm?.foreclosure ?? null,
              bankruptcy: answers.fbm?.bankruptcy ?? null,
              modification: answers.fbm?.modification ?? null,
            },
          }}
          required={{ 'fbm.foreclosure': answer, 'fbm.bankruptcy': answer, 'fbm.modification': answer }}
        >
          <Text fz="sm" c="dimmed">
            In the last 4 years:
          </Text>
          <YesNoField name="answers.fbm.foreclosure" label="Have you had a home foreclosed?" size="md" />
          <YesNoField name="answers.fbm.bankruptcy" label="Have you declared bankruptcy?" size="md" />
          <YesNoField
            name="answers.fbm.modification"
            label="Has a mortgage loan of yours been modified?"
            description="A change to the terms of a mortgage, such as its rate or payment, agreed with the lender because of hardship."
            size="md"
          />
        </AnswersForm>
      )}
    </QuestionPage>
  );
}
