import { SimpleGrid, Stack } from '@mantine/core';

import { TextField } from '@/components/form/text-field';

import { usePrequalStore } from '../../stores/prequal-store';
import { QuestionForm, QuestionHeading } from './question-form';

type Values = { firstName: string; lastName: string };

/** /start/name: the first question of the landing funnel, kept in this browser until the account exists. */
export function NamePage() {
  const firstName = usePrequalStore((s) => s.firstName);
  const lastName = usePrequalStore((s) => s.lastName);
  const update = usePrequalStore((s) => s.update);
  return (
    <Stack gap="lg">
      <QuestionHeading />
      {/* Checked as the account will be (CreateAccountInput), for the two fields asked here. */}
      <QuestionForm
        definition="CreateAccountInput"
        defaultValues={{ firstName: firstName ?? '', lastName: lastName ?? '' }}
        toInput={(v: Values) => ({ firstName: v.firstName.trim(), lastName: v.lastName.trim() })}
        fields={['firstName', 'lastName']}
        onSave={async (input: Values) => update({ firstName: input.firstName, lastName: input.lastName })}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextField name="firstName" label="First name" autoComplete="given-name" size="md" />
          <TextField name="lastName" label="Last name" autoComplete="family-name" size="md" />
        </SimpleGrid>
      </QuestionForm>
    </Stack>
  );
}
