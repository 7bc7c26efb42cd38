import { Button, Loader, SimpleGrid, Text } from '@mantine/core';
import { useState } from 'react';
import type { Path } from 'react-hook-form';

import { useCreateAccount, type CreateAccountInput } from '@/api/create-account';
import { useConsents, type Consent, type ConsentKind } from '@/api/get-consents';
import { useProductName } from '@/api/get-system-info';
import { isTRPCClientError, type FieldError } from '@/api/trpc-client';
import { AuthAlert } from '@/components/auth/auth-alert';
import { Form } from '@/components/form/form';
import { CheckboxField, PasswordField, PhoneField, TextField } from '@/components/form/text-field';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { ConsentText } from '@/components/ui/consent-text';
import { QueryError } from '@/components/ui/query-error';
import { phoneDigits } from '@/lib/format';
import { errorMessage } from '@/lib/error-message';

type Values = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  tcpaConsent: boolean;
  eConsent: boolean;
  informationSharingConsent: boolean;
  password: string;
  /** The versions of the wording shown, sent so the record says what was agreed to. */
  versions: { eConsent: string; informationSharing: string; tcpa: string | null };
};

/** The call's input as the form holds it: trimmed, the phone as its digits; an empty field is left out. */
const toInput = (v: Values) => ({
  email: v.email.trim(),
  firstName: v.firstName.trim(),
  lastName: v.lastName.trim(),
  phone: phoneDigits(v.phone),
  tcpaConsent: v.tcpaConsent,
  eConsent: v.eConsent,
  informationSharingConsent: v.informationSharingConsent,
  consentVersions: {
    eConsent: v.versions.eConsent,
    informationSharing: v.versions.informationSharing,
    ...(v.tcpaConsent && v.versions.tcpa ? { tcpa: v.versions.tcpa } : {}),
  },
  password: v.password,
});

const serverFields = ['firstName', 'lastName', 'email', 'phone', 'password', 'eConsent', 'informationSharingConsent'] as const;

/** The account just created, as the form took it (phone as 10 digits). */
export type CreatedAccount = Omit<CreateAccountInput, 'password'>;

/** The form field a server field error is about ("email", "/email", "input.email"), if it is one of ours. */
function fieldOf(error: FieldError): Path<Values> | null {
  const name = error.path.split(/[./]/).filter(Boolean).pop();
  return serverFields.find((f) => f === name) ?? null;
}

function createErrorMessage(err: unknown): string {
  return errorMessage(err, { forbidden: 'We could not confirm this request came from this site. Reload the page and try again.' });
}

/**
 * Creating an applicant account (identity.createAccount) from the sign-in
 * page: name, e-mail, phone with the optional TCPA consent, the e-consent
 * and the information-sharing consent in their current wording
 * (consents.current; the server records each with its version), and an
 * optional password. The server mails a sign-in code; onCodeSent moves on
 * to the code step. The funnel's contact step makes the account the same way.
 */
export function CreateAccountForm(props: { onCodeSent: (account: CreatedAccount) => void; submitLabel?: string }) {
  const consents = useConsents();
  if (consents.isPending) return <Loader aria-label="Loading the consents" mx="auto" />;
  const { eConsent, informationSharing } = consents.data ?? {};
  if (consents.isError || !eConsent || !informationSharing) {
    return <QueryError title="We couldn’t load the consents" error={consents.error} onRetry={() => void consents.refetch()} />;
  }
  return <AccountForm {...props} consents={{ ...consents.data, eConsent, informationSharing }} />;
}

type LoadedConsents = Partial<Record<ConsentKind, Consent>> & Record<'eConsent' | 'informationSharing', Consent>;

function AccountForm({
  onCodeSent,
  submitLabel = 'Create account',
  consents,
}: {
  onCodeSent: (account: CreatedAccount) => void;
  submitLabel?: string;
  consents: LoadedConsents;
}) {
  const productName = useProductName();
  const defaults: Values = {
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    tcpaConsent: false,
    eConsent: false,
    informationSharingConsent: false,
    password: '',
    versions: { eConsent: consents.eConsent.version, informationSharing: consents.informationSharing.version, tcpa: consents.tcpa?.version ?? null },
  };
  // Checked against CreateAccountInput (schemas/api.cue), as the server checks it.
  const form = useSchemaForm('CreateAccountInput', { defaultValues: defaults, toInput });
  const createAccount = useCreateAccount();
  const [error, setError] = useState<string | null>(null);

  const submit = async (input: CreateAccountInput) => {
    setError(null);
    try {
      await createAccount.mutateAsync(input);
    } catch (err) {
      const fields = isTRPCClientError(err) ? err.fields : [];
      const others: string[] = [];
      let first = true;
      for (const f of fields) {
        const name = fieldOf(f);
        if (name) {
          form.setError(name, { type: 'server', message: f.message }, { shouldFocus: first });
          first = false;
        } else {
          others.push(f.message);
        }
      }
      if (fields.length === 0) setError(createErrorMessage(err));
      else if (others.length > 0) setError(others.join(' '));
      return;
    }
    const { password: _password, ...account } = input;
    onCodeSent(account);
  };

  return (
    <Form form={form} onSubmit={submit} aria-label="Create an account">
      <AuthAlert message={error} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextField name="firstName" label="First name" autoComplete="given-name" size="md" />
        <TextField name="lastName" label="Last name" autoComplete="family-name" size="md" />
      </SimpleGrid>
      <TextField
        name="email"
        label="E-mail address"
        description="We’ll e-mail you a 6-digit code to confirm it."
        type="email"
        autoComplete="email"
        inputMode="email"
        size="md"
      />
      <PhoneField name="phone" label="Mobile phone (optional)" size="md" />
      <CheckboxField
        name="tcpaConsent"
        label={
          <Text fz="sm" component="span">
            I agree that {productName} and its loan team may call and text me about my application at the number above,
            including with automated technology. Message and data rates may apply. My consent is not a condition of
            credit.
          </Text>
        }
      />
      <ConsentText consent={consents.eConsent} id="account-e-consent-title" />
      <CheckboxField name="eConsent" label="I agree to receive documents and notices electronically, as described above." />
      <ConsentText consent={consents.informationSharing} id="account-sharing-title" />
      <CheckboxField name="informationSharingConsent" label="I agree to the sharing of my information as described above." />
      <PasswordField
        name="password"
        label="Password (optional)"
        description="At least 8 characters. Without one, you sign in with a code we e-mail you."
        autoComplete="new-password"
        size="md"
      />
      <Button type="submit" size="md" fullWidth mt="xs" loading={form.formState.isSubmitting}>
        {submitLabel}
      </Button>
    </Form>
  );
}
