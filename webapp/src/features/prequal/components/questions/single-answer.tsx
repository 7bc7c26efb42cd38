import { CurrencyField, ChoiceField, YesNoField, type Choice } from '@/components/form/fields';

import type { PrequalAnswers } from '../../api/get-answers';
import { AnswersForm, QuestionPage } from './question-form';

type Key = keyof PrequalAnswers;

/** A page asking one amount of dollars. */
export function CurrencyQuestion({ field, label, description, required }: { field: Key; label: string; description?: string; required: string }) {
  return (
    <QuestionPage>
      {(answers) => (
        <AnswersForm answers={{ [field]: answers[field] ?? null }} required={{ [field]: required }}>
          <CurrencyField name={`answers.${field}`} label={label} description={description} size="md" />
        </AnswersForm>
      )}
    </QuestionPage>
  );
}

/** A page asking one yes/no question. */
export function YesNoQuestion({ field, label, description, required }: { field: Key; label: string; description?: string; required: string }) {
  return (
    <QuestionPage>
      {(answers) => (
        <AnswersForm answers={{ [field]: answers[field] ?? null }} required={{ [field]: required }}>
          <YesNoField name={`answers.${field}`} label={label} description={description} size="md" />
        </AnswersForm>
      )}
    </QuestionPage>
  );
}

/** A page asking one choice of several. */
export function ChoiceQuestion<V extends string>({
  field,
  label,
  choices,
  required,
}: {
  field: Key;
  label: string;
  choices: readonly Choice<V>[];
  required: string;
}) {
  return (
    <QuestionPage>
      {(answers) => (
        <AnswersForm answers={{ [field]: answers[field] ?? null }} required={{ [field]: required }}>
          <ChoiceField name={`answers.${field}`} label={label} choices={choices} size="md" />
        </AnswersForm>
      )}
    </QuestionPage>
  );
}
