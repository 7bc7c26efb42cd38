import { Checkbox } from '@mantine/core';
import { useController, useFormContext } from 'react-hook-form';

import { CurrencyField } from '@/components/form/fields';

import { AnswersForm, QuestionPage, watchAnswer } from './question-form';

/** "I have no mortgage": ticked, the balance is not asked. */
function NoMortgage() {
  const { control } = useFormContext();
  const { field } = useController({ name: 'answers.noMortgage', control });
  return (
    <Checkbox
      label="I have no mortgage on this home"
      checked={field.value === true}
      onChange={(e) => field.onChange(e.currentTarget.checked)}
      onBlur={field.onBlur}
      ref={field.ref}
      name={field.name}
    />
  );
}

export function MortgageEstimatePage() {
  return (
    <QuestionPage>
      {(answers) => (
        <AnswersForm
          answers={{
            mortgageEstimate: answers.hasMortgage === false ? null : (answers.mortgageEstimate ?? null),
            noMortgage: answers.hasMortgage === false,
          }}
          // No mortgage: the balance is none, said as 0 so an earlier estimate does not stay.
          toAnswers={(a) =>
            a.noMortgage ? { hasMortgage: false, mortgageEstimate: 0 } : { hasMortgage: true, mortgageEstimate: a.mortgageEstimate ?? undefined }
          }
          required={{ mortgageEstimate: 'Enter the balance left on your mortgages, or tick “I have no mortgage”.' }}
        >
          {(form) => {
            const none = watchAnswer(form, 'noMortgage') === true;
            return (
              <>
                {none ? null : (
                  <CurrencyField
                    name="answers.mortgageEstimate"
                    label="Balance left on all mortgages"
                    description="Your best estimate, including any home equity loan or line on this home."
                    size="md"
                  />
                )}
                <NoMortgage />
              </>
            );
          }}
        </AnswersForm>
      )}
    </QuestionPage>
  );
}
