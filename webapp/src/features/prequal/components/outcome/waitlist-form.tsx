import { Alert, Button, SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import type { Path } from 'react-hook-form';

import { isTRPCClientError, type FieldError } from '@/api/trpc-client';
import { ZipField } from '@/components/form/fields';
import { Form } from '@/components/form/form';
import { PhoneField, TextField } from '@/components/form/text-field';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { phoneDigits } from '@/lib/format';

import { useJoinWaitlist, type JoinWaitlistInput, type JoinWaitlistResult } from '../../api/join-waitlist';
import { errorMessage } from '@/lib/error-message';

type Values = { firstName: string; lastName: string; email: string; phone: string; zip: string };

/** The call's input as the form holds it: trimmed, the phone as its digits and left out when not given. */
export function toInput(v: Values): object {
  const phone = phoneDigits(v.phone);
  return {
    firstName: v.firstName.trim(),
    lastName: v.lastName.trim(),
    email: v.email.trim(),
    zip: v.zip.trim(),
    ...(phone ? { phone } : {}),
  };
}

const fieldNames = ['firstName', 'lastName', 'email', 'phone', 'zip'] as const;

/** The form field a server field error is about ("email", "input.email"), if it is one of ours. */
function fieldOf(error: FieldError): Path<Values> | null {
  const name = error.path.split(/[./]/).filter(Boolean).pop();
  return fieldNames.find((f) => f === name) ?? null;
}

/**
 * The waitlist's contact form (prequal.joinWaitlist), validated by
 * #JoinWaitlistInput as the server validates it: first and last name,
 * e-mail, an optional phone, and the ZIP code (asked only when the page
 * was reached without one).
 */
export function WaitlistForm({
  zip,
  defaults,
  onJoined,
}: {
  /** The ZIP code the visitor gave; the form asks for one when it is empty. */
  zip: string;
  defaults: Partial<Values>;
  onJoined: (result: JoinWaitlistResult, input: JoinWaitlistInput) => void;
}) {
  const form = useSchemaForm('JoinWaitlistInput', {
    defaultValues: { firstName: '', lastName: '', email: '', phone: '', zip, ...defaults },
    toInput,
  });
  const join = useJoinWaitlist();
  const [error, setError] = useState<string | null>(null);

  const submit = async (input: JoinWaitlistInput) => {
    setError(null);
    try {
      onJoined(await join.mutateAsync(input), input);
    } catch (err) {
      const fields = isTRPCClientError(err) ? err.fields : [];
      let first = true;
      const others: string[] = [];
      for (const f of fields) {
        const name = fieldOf(f);
        if (name) {
          form.setError(name, { type: 'server', message: f.message }, { shouldFocus: first });
          first = false;
        } else others.push(f.message);
      }
      if (fields.length === 0) setError(errorMessage(err));
      else if (others.length > 0) setError(others.join(' '));
    }
  };

  return (
    <Form form={form} onSubmit={submit} aria-label="Join the waitlist">
      {error ? (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextField name="firstName" label="First name" autoComplete="given-name" size="md" />
        <TextField name="lastName" label="Last name" autoComplete="family-name" size="md" />
      </SimpleGrid>
      <TextField name="email" label="E-mail address" type="email" autoComplete="email" inputMode="email" size="md" />
      <PhoneField name="phone" label="Phone (optional)" size="md" />
      {zip ? null : <ZipField name="zip" label="Your home’s ZIP code" size="md" maw={200} />}
      <Button type="submit" size="md" mt="xs" loading={form.formState.isSubmitting} w={{ base: '100%', sm: 'auto' }}>
        Join the waitlist
      </Button>
    </Form>
  );
}
