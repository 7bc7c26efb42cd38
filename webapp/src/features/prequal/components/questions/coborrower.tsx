import { SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useLocation } from 'react-router';

import { ChoiceField, YesNoField } from '@/components/form/fields';
import { TextField } from '@/components/form/text-field';

import { useCreditReport, type CreditReport } from '../../api/get-credit-report';
import type { PrequalAnswers } from '../../api/get-answers';
import { relationships } from './choices';
import { AccountNeeded, CreditCheckForm, ReportSummary } from './credit-check-form';
import { AnswersForm, QuestionPage, useGoNext, watchAnswer } from './question-form';

const hasCoborrowerPull = (report: CreditReport | null | undefined) =>
  report != null && (report.kind === 'jointCredit' || report.kind === 'singleCreditCoborrower');

function CoborrowerForm({ answers, signedIn }: { answers: PrequalAnswers; signedIn: boolean }) {
  const { pathname } = useLocation();
  const goNext = useGoNext();
  const report = useCreditReport({ enabled: signedIn });
  const [checking, setChecking] = useState<string | null>(null);
  if (signedIn && report.isPending) return <Skeleton h={120} aria-hidden="true" />;

  if (checking !== null) {
    // The answers are saved; their own credit check comes before going on.
    return signedIn ? (
      <CreditCheckForm party="coborrower" personName={checking} onChecked={() => void goNext(pathname)} />
    ) : (
      <AccountNeeded what="check your coborrower’s credit" />
    );
  }

  const c = answers.coborrower;
  return (
    <Stack gap="lg">
      {hasCoborrowerPull(report.data) ? <ReportSummary report={report.data!} party="coborrower" /> : null}
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
        onSaved={(saved) => {
          if (!saved.hasCoborrower || hasCoborrowerPull(report.data)) return 'next';
          setChecking(`${saved.coborrower?.firstName ?? ''} ${saved.coborrower?.lastName ?? ''}`.trim());
          return 'stay';
        }}
      >
        {(form) => {
          const yes = watchAnswer(form, 'hasCoborrower') === true;
          return (
            <>
              <YesNoField name="answers.hasCoborrower" label="Will someone apply with you?" size="md" />
              {yes ? (
                <Stack gap="md" component="section" aria-label="Your coborrower">
                  <Text fz="sm" c="dimmed">
                    Your coborrower gives their own permission for a soft credit check on the next step.
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
  return <QuestionPage>{(answers, signedIn) => <CoborrowerForm answers={answers} signedIn={signedIn} />}</QuestionPage>;
}
