import { SimpleGrid, Stack, Text } from '@mantine/core';

import { ChoiceField, YesNoField } from '@/components/form/fields';
import { TextField } from '@/components/form/text-field';

import type { PrequalAnswers } from '../../api/get-answers';
import { relationships } from './choices';
import { AnswersForm, QuestionPage, watchAnswer } from './question-form';

/**
 * Who applies with the borrower: their name, e-mail and relationship, no
 * more. The coborrower's date of birth, SSN and credit check authorization
 * are theirs to give, in their own sign-in, which the invitation e-mailed
 * from the application opens (issue 23: each person consents for
 * themselves); the server refuses the borrower a coborrower's pull.
 */
function CoborrowerForm({ answers }: { answers: PrequalAnswers }) {
  const c = answers.coborrower;
  return (
    <Stack gap="lg">
      <AnswersForm
        answers={{
          hasCoborrower: answers.hasCoborrower ?? null,
          coborrower: {
            firstName: c?.firstName ?? '',
            lastName: c?.lastName ?? '',
            email: c?.email ?? '',
            relationship: c?.relationship ?? null,
          },
        }}
        // Without a coborrower their details are not sent (an earlier one stays until replaced).
        toAnswers={(a) =>
          a.hasCoborrower
            ? { hasCoborrower: true, coborrower: { ...a.coborrower, email: a.coborrower.email.trim() } as PrequalAnswers['coborrower'] }
            : { hasCoborrower: a.hasCoborrower ?? undefined }
        }
        required={(a): Record<string, string> =>
          a.hasCoborrower
            ? {
                'coborrower.firstName': 'Enter your coborrower’s first name.',
                'coborrower.lastName': 'Enter your coborrower’s last name.',
                'coborrower.email': 'Enter your coborrower’s e-mail address.',
                'coborrower.relationship': 'Choose how your coborrower is related to you.',
              }
            : { hasCoborrower: 'Choose yes or no.' }
        }
      >
        {(form) => {
          const yes = watchAnswer(form, 'hasCoborrower') === true;
          return (
            <>
              <YesNoField name="answers.hasCoborrower" label="Will someone apply with you?" size="md" />
              {yes ? (
                <Stack gap="md" component="section" aria-label="Your coborrower">
                  <Text fz="sm" c="dimmed">
                    We’ll e-mail your coborrower an invitation to their own sign-in, where they give their own permission for a soft
                    credit check and answer their own questions. Your preview offer is based on your credit; theirs is checked once
                    they agree, before your application is decided.
                  </Text>
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                    <TextField name="answers.coborrower.firstName" label="Coborrower’s first name" autoComplete="off" size="md" />
                    <TextField name="answers.coborrower.lastName" label="Coborrower’s last name" autoComplete="off" size="md" />
                  </SimpleGrid>
                  <TextField name="answers.coborrower.email" label="Coborrower’s e-mail address" type="email" autoComplete="off" size="md" />
                  <ChoiceField name="answers.coborrower.relationship" label="How is your coborrower related to you?" choices={relationships} size="md" />
                </Stack>
              ) : null}
            </>
          );
        }}
      </AnswersForm>
    </Stack>
  );
}

export function CoborrowerPage() {
  return <QuestionPage>{(answers) => <CoborrowerForm answers={answers} />}</QuestionPage>;
}
