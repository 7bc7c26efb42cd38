import { Stack } from '@mantine/core';

import { TextField } from '@/components/form/text-field';

import { usePrequalStore } from '../../stores/prequal-store';
import { QuestionForm, QuestionHeading } from './question-form';

type Values = { email: string };

/** /start/email: where the sign-in code will go. */
export function EmailPage() {
  const email = usePrequalStore((s) => s.email);
  const update = usePrequalStore((s) => s.update);
  return (
    <Stack gap="lg">
      <QuestionHeading />
      <QuestionForm
        definition="CreateAccountInput"
        defaultValues={{ email: email ?? '' }}
        toInput={(v: Values) => ({ email: v.email.trim() })}
        fields={['email']}
        onSave={async (input: Values) => update({ email: input.email })}
      >
        <TextField
          name="email"
          label="E-mail address"
          description="We’ll e-mail you a 6-digit code to confirm it when you create your account."
          type="email"
          autoComplete="email"
          inputMode="email"
          size="md"
        />
      </QuestionForm>
    </Stack>
  );
}
