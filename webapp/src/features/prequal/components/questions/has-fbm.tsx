import { Stack, Text } from '@mantine/core';
import { useLocation } from 'react-router';

import { YesNoField } from '@/components/form/fields';
import { PREQUAL_PREFIX } from '@/config/paths';

import { useQuestionTerms } from '../../api/get-question-terms';
import { KnockoutRefusal, useKnockout } from './knockout';
import { AnswersForm, QuestionPage } from './question-form';

const answer = 'Choose yes or no.';

/**
 * has-fbm: three yes/no questions about the look-back of the eligibility
 * table (prequal.questions: 4 years today). On the /prequal
 * path they are decided by the rules as they are given (prequal.knockout,
 * with the listed-for-sale answer): a refusal keeps the page with its
 * reasons. In the initial setup a yes goes on to the estimate, which says
 * it may not qualify.
 */
export function HasFbmPage() {
  const { pathname } = useLocation();
  const { refusal, decide } = useKnockout();
  const { fbmYears } = useQuestionTerms();
  const onPrequal = pathname.startsWith(PREQUAL_PREFIX);
  return (
    <QuestionPage slug="has-fbm">
      {(answers) => (
        <Stack gap="lg">
          {refusal ? <KnockoutRefusal reasons={refusal} /> : null}
          <AnswersForm
            answers={{
              fbm: {
                foreclosure: answers.fbm?.foreclosure ?? null,
                bankruptcy: answers.fbm?.bankruptcy ?? null,
                modification: answers.fbm?.modification ?? null,
              },
            }}
            required={{ 'fbm.foreclosure': answer, 'fbm.bankruptcy': answer, 'fbm.modification': answer }}
            onSaved={onPrequal ? decide : undefined}
          >
            <Text fz="sm" c="dimmed">
              In the last {fbmYears} years:
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
        </Stack>
      )}
    </QuestionPage>
  );
}
