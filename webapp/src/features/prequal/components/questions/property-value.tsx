import { Paper, Skeleton, Stack, Text } from '@mantine/core';

import { CurrencyField, YesNoField } from '@/components/form/fields';
import { formatDate, formatDollars } from '@/lib/format';

import type { PrequalAnswers } from '../../api/get-answers';
import { useValuation, type Valuation } from '../../api/get-valuation';
import { AnswersForm, QuestionPage, watchAnswer } from './question-form';

const confidence: Record<Valuation['confidence'], string> = {
  high: 'high confidence',
  medium: 'medium confidence',
  low: 'low confidence',
};

function ValuationNote({ valuation }: { valuation: Valuation }) {
  return (
    <Paper withBorder radius="md" p="md" bg="var(--mantine-color-harbor-0)">
      <Text fz="sm" c="dimmed">
        Our automated valuation of your home
      </Text>
      <Text fz={28} fw={700} c="harbor.9">
        {formatDollars(valuation.value)}
      </Text>
      <Text fz="sm" c="dimmed">
        As of {formatDate(valuation.asOf)}, {confidence[valuation.confidence]}. An estimate from public records and recent
        sales nearby; you know your home better.
      </Text>
    </Paper>
  );
}

function PropertyValueForm({ answers, valuation }: { answers: PrequalAnswers; valuation: Valuation | null }) {
  if (!valuation) {
    return (
      <AnswersForm
        answers={{ propertyValue: answers.propertyValue ?? null }}
        required={{ propertyValue: 'Enter your home’s estimated value.' }}
      >
        <CurrencyField name="answers.propertyValue" label="Estimated home value" size="md" />
      </AnswersForm>
    );
  }
  // With a valuation: accept it, or correct it with the homeowner's own figure.
  return (
    <AnswersForm
      answers={{
        valuationAccepted: answers.valuationAccepted ?? null,
        propertyValue: answers.valuationAccepted === false ? (answers.propertyValue ?? null) : null,
      }}
      toAnswers={(a) =>
        a.valuationAccepted === true
          ? { valuationAccepted: true, propertyValue: valuation.value }
          : { valuationAccepted: a.valuationAccepted ?? undefined, propertyValue: a.propertyValue ?? undefined }
      }
      required={(a): Record<string, string> =>
        a.valuationAccepted === false
          ? { propertyValue: 'Enter your home’s estimated value.' }
          : { valuationAccepted: 'Choose yes or no.' }
      }
    >
      {(form) => {
        const accepted = watchAnswer(form, 'valuationAccepted');
        return (
          <>
            <ValuationNote valuation={valuation} />
            <YesNoField name="answers.valuationAccepted" label="Is this about what your home is worth?" size="md" />
            {accepted === false ? (
              <CurrencyField
                name="answers.propertyValue"
                label="Your estimate of your home’s value"
                description="What you think it would sell for today."
                size="md"
              />
            ) : null}
          </>
        );
      }}
    </AnswersForm>
  );
}

export function PropertyValuePage() {
  return (
    <QuestionPage>
      {(answers, signedIn) => (signedIn ? <WithValuation answers={answers} /> : <PropertyValueForm answers={answers} valuation={null} />)}
    </QuestionPage>
  );
}

function WithValuation({ answers }: { answers: PrequalAnswers }) {
  const valuation = useValuation({ enabled: true });
  if (valuation.isPending) {
    return (
      <Stack gap="sm">
        <Skeleton h={100} aria-hidden="true" />
        <Text fz="sm" c="dimmed" role="status">
          Looking up a valuation of your home…
        </Text>
      </Stack>
    );
  }
  // Without a valuation (or when it cannot be had) the homeowner's estimate is asked alone.
  return <PropertyValueForm answers={answers} valuation={valuation.data ?? null} />;
}
