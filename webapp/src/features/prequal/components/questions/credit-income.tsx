import { CurrencyField } from '@/components/form/fields';

import { AnswersForm, QuestionPage } from './question-form';

export function CreditIncomePage() {
  return (
    <QuestionPage>
      {(answers) => (
        <AnswersForm
          answers={{ annualIncome: answers.annualIncome ?? null, monthlyDebts: answers.monthlyDebts ?? null }}
          required={{ annualIncome: 'Enter your gross annual income.', monthlyDebts: 'Enter your monthly debt payments, or 0.' }}
        >
          <CurrencyField
            name="answers.annualIncome"
            label="Gross annual income"
            description="Before taxes, from all sources."
            size="md"
          />
          <CurrencyField
            name="answers.monthlyDebts"
            label="Monthly debt payments"
            description="Car loans, student loans, credit card minimums. Leave out your mortgage. Enter 0 if none."
            size="md"
          />
        </AnswersForm>
      )}
    </QuestionPage>
  );
}
