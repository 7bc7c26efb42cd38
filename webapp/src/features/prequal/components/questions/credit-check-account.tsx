import { Alert, Button, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useLocation } from 'react-router';

import { createAccount, type CreateAccountInput } from '@/api/create-account';
import { useConsents } from '@/api/get-consents';
import { CodeStep } from '@/components/auth/code-step';
import { TextField } from '@/components/form/text-field';
import { QueryError } from '@/components/ui/query-error';
import { useApplicantSession } from '@/lib/auth/session-store';

import { useFunnelPagesHere } from '../../hooks/use-funnel-pages-here';
import { useKeepStoredAnswers } from '../../hooks/use-keep-stored-answers';
import { usePrequalStore } from '../../stores/prequal-store';
import { AccountConsentFields, consentVersionsOf, type AccountConsentTexts } from './account-consents';
import { QuestionForm, saveErrorMessage } from './question-form';

type Values = { firstName: string; lastName: string; email: string; eConsent: boolean; informationSharingConsent: boolean };

/** Name, e-mail and the two consents the account needs, then "Send my code" (identity.createAccount). */
function AccountForm({ consents, onCodeSent }: { consents: AccountConsentTexts; onCodeSent: (email: string) => void }) {
  const store = usePrequalStore();
  return (
    <QuestionForm
      definition="CreateAccountInput"
      defaultValues={{
        firstName: store.firstName ?? '',
        lastName: store.lastName ?? '',
        email: store.email ?? '',
        eConsent: store.eConsent ?? false,
        informationSharingConsent: store.informationSharingConsent ?? false,
      }}
      toInput={(v: Values) => ({
        firstName: v.firstName.trim(),
        lastName: v.lastName.trim(),
        email: v.email.trim(),
        phone: null,
        tcpaConsent: false,
        eConsent: v.eConsent,
        informationSharingConsent: v.informationSharingConsent,
        consentVersions: consentVersionsOf(consents),
      })}
      fields={['firstName', 'lastName', 'email', 'eConsent', 'informationSharingConsent']}
      submitLabel="Send my code"
      aria-label="Your account"
      onSave={async (input: CreateAccountInput) => {
        await createAccount(input);
        store.update({
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          eConsent: true,
          informationSharingConsent: true,
        });
        onCodeSent(input.email);
        return 'stay';
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextField name="firstName" label="First name" autoComplete="given-name" size="md" />
        <TextField name="lastName" label="Last name" autoComplete="family-name" size="md" />
      </SimpleGrid>
      <TextField
        name="email"
        label="E-mail address"
        description="We’ll e-mail you a 6-digit code to confirm it. With it you can come back to your application from any device."
        type="email"
        autoComplete="email"
        inputMode="email"
        size="md"
      />
      <AccountConsentFields consents={consents} />
    </QuestionForm>
  );
}

/**
 * The /prequal path's credit check makes the account first, on the same
 * page (the pull's report must be kept with an application): name, e-mail,
 * the consents, "Send my code", the e-mailed code. Once signed in, the
 * answers kept in this browser go to the new loan (prequal.save) and leave
 * the browser; the page then shows the credit check itself.
 */
export function PrequalAccountStep() {
  const { pathname } = useLocation();
  const session = useApplicantSession();
  const consents = useConsents();
  const keep = useKeepStoredAnswers();
  const pages = useFunnelPagesHere();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  // Signed in: the answers kept in this browser go to the loan, as the
  // answers of the page before this one (the pull is still to come here),
  // then the session is read again and the page shows the credit check. A
  // save that fails says so here, with the way to try again (the answers
  // stay).
  const saveStored = async () => {
    setError(null);
    setSaving(true);
    try {
      await keep(pages.data?.previous?.path);
      await session.refetch();
    } catch (err) {
      setError(saveErrorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  if (session.status === 'loading' || consents.isPending) return <Skeleton h={240} aria-hidden="true" />;
  if (consents.isError || !consents.data.eConsent || !consents.data.informationSharing) {
    return <QueryError title="We couldn’t load the consents" error={consents.error} onRetry={() => void consents.refetch()} />;
  }
  if (error) {
    return (
      <Stack gap="md">
        <Alert color="red" variant="light" role="alert" title="We couldn’t save your answers">
          {error}
        </Alert>
        <Button size="md" onClick={() => void saveStored()} loading={saving} w="fit-content">
          Save my answers and continue
        </Button>
      </Stack>
    );
  }
  if (sentTo) {
    return (
      <Stack gap="md">
        <Title order={2} fz="lg">
          Enter the code we e-mailed you
        </Title>
        <CodeStep
          email={sentTo}
          callbackUrl={pathname}
          submitLabel="Confirm and continue"
          onSignedIn={saveStored}
          onChangeEmail={() => setSentTo(null)}
        />
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Text>
        Before the credit check we make your account, so its results are kept safely with your application. Your answers so
        far are kept.
      </Text>
      <AccountForm consents={consents.data} onCodeSent={setSentTo} />
    </Stack>
  );
}
