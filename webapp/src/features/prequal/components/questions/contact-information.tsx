import { Alert, Anchor, Button, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';

import { createAccount, type CreateAccountInput } from '@/api/create-account';
import { useConsents } from '@/api/get-consents';
import { CodeStep } from '@/components/auth/code-step';
import { TextField } from '@/components/form/text-field';
import { QueryError } from '@/components/ui/query-error';
import { paths } from '@/config/paths';
import { useApplicantSession } from '@/lib/auth/session-store';
import { formatPhone } from '@/lib/format';

import { useKeepStoredAnswers } from '../../hooks/use-keep-stored-answers';
import { usePrequalStore } from '../../stores/prequal-store';
import { AccountConsentFields, consentVersionsOf, type AccountConsentTexts } from './account-consents';
import { QuestionForm, QuestionHeading, saveErrorMessage, useGoNext } from './question-form';

const NAME_PATH = paths.landing.name!;
const EMAIL_PATH = paths.landing.email!;
const PHONE_PATH = paths.landing.phone!;

type Values = { email?: string; eConsent: boolean; informationSharingConsent: boolean };

/** What the visitor told us so far, each with the way back to change it. */
function ContactSummary() {
  const { firstName, lastName, email, phone } = usePrequalStore();
  const rows = [
    { label: 'Name', value: [firstName, lastName].filter(Boolean).join(' '), to: NAME_PATH },
    { label: 'E-mail', value: email ?? '', to: EMAIL_PATH },
    { label: 'Phone', value: phone ? formatPhone(phone) : '', to: PHONE_PATH },
  ];
  return (
    <Table variant="vertical" withTableBorder layout="fixed" aria-label="Your contact information">
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.label}>
            <Table.Th w={90}>{r.label}</Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.value || <Text c="dimmed" component="span">Not given</Text>}</Table.Td>
            <Table.Td w={90} ta="right">
              <Anchor component={Link} to={r.to} aria-label={`Change your ${r.label.toLowerCase()}`}>
                Change
              </Anchor>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The e-consent and the information-sharing consent (and, with askEmail,
 * the e-mail address above them), then "Send my code"
 * (identity.createAccount).
 */
function ConsentForm({ consents, askEmail, onCodeSent }: { consents: AccountConsentTexts; askEmail: boolean; onCodeSent: () => void }) {
  const store = usePrequalStore();
  const toInput = (v: Values) => ({
    firstName: store.firstName ?? '',
    lastName: store.lastName ?? '',
    email: askEmail ? (v.email ?? '').trim() : (store.email ?? ''),
    phone: store.phone,
    tcpaConsent: store.tcpaConsent === true,
    eConsent: v.eConsent,
    informationSharingConsent: v.informationSharingConsent,
    consentVersions: consentVersionsOf(consents, store.tcpaConsent === true),
  });
  return (
    <QuestionForm
      definition="CreateAccountInput"
      defaultValues={{
        ...(askEmail ? { email: store.email ?? '' } : {}),
        eConsent: store.eConsent ?? false,
        informationSharingConsent: store.informationSharingConsent ?? false,
      }}
      toInput={toInput}
      // The name (and phone) were checked on their own pages; the e-mail, where asked, and the consents are asked here.
      fields={askEmail ? ['email', 'eConsent', 'informationSharingConsent'] : ['eConsent', 'informationSharingConsent']}
      submitLabel="Send my code"
      aria-label={askEmail ? 'Your e-mail and consents' : 'Your consents'}
      onSave={async (input: CreateAccountInput) => {
        await createAccount(input);
        store.update({ email: input.email, eConsent: true, informationSharingConsent: true });
        onCodeSent();
        return 'stay';
      }}
    >
      {askEmail ? (
        <TextField
          name="email"
          label="E-mail address"
          description="We’ll e-mail you a 6-digit code to confirm it. Your answers are saved to your account from then on, so you can come back from any device."
          type="email"
          autoComplete="email"
          inputMode="email"
          size="md"
        />
      ) : null}
      <AccountConsentFields consents={consents} />
    </QuestionForm>
  );
}

/** Once signed in: the answers kept in this browser go to the new loan, and the funnel goes on. */
function useSaveStoredAnswers() {
  const { pathname } = useLocation();
  const keep = useKeepStoredAnswers();
  const goNext = useGoNext();
  return async () => {
    await keep();
    await goNext(pathname);
  };
}

function SignedIn({ email, firstError }: { email: string; firstError: string | null }) {
  const saveStored = useSaveStoredAnswers();
  const [error, setError] = useState<string | null>(firstError);
  const [busy, setBusy] = useState(false);
  const go = async () => {
    setError(null);
    setBusy(true);
    try {
      await saveStored();
    } catch (err) {
      setError(saveErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="md">
      <Alert color="green" variant="light" title="Your account is ready">
        You are signed in as {email}. From now on, every answer is saved to your application.
      </Alert>
      {error ? (
        <Alert color="red" variant="light" role="alert" title="We couldn’t save your answers">
          {error}
        </Alert>
      ) : null}
      <Button size="md" onClick={() => void go()} loading={busy} ml={{ sm: 'auto' }}>
        Continue
      </Button>
    </Stack>
  );
}

/**
 * Making the account, on one page: agree to the e-consent and the
 * information sharing (with askEmail, giving the e-mail address there too),
 * "Send my code" creates the account (identity.createAccount), and the
 * 6-digit code signs in on this page. Then the answers kept so far are
 * saved to the loan and the funnel goes on. Without askEmail the name,
 * e-mail and phone given on their own pages are shown to confirm.
 */
export function AccountSetup({ askEmail = false }: { askEmail?: boolean }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const session = useApplicantSession();
  const consents = useConsents();
  const { firstName, lastName, email } = usePrequalStore();
  const [codeSent, setCodeSent] = useState(false);
  const saveStored = useSaveStoredAnswers();
  const [error, setError] = useState<string | null>(null);

  let body;
  if (session.status === 'loading' || consents.isPending) {
    body = <Skeleton h={240} aria-hidden="true" />;
  } else if (session.status === 'authenticated') {
    body = <SignedIn key={error ?? ''} email={session.data?.user.email ?? ''} firstError={error} />;
  } else if (consents.isError || !consents.data.eConsent || !consents.data.informationSharing) {
    body = <QueryError title="We couldn’t load the consents" error={consents.error} onRetry={() => void consents.refetch()} />;
  } else if (!firstName || !lastName || (!askEmail && !email)) {
    body = (
      <Alert color="blue" variant="light" title="A few details first">
        <Stack gap="xs">
          <Text fz="sm">{askEmail ? 'We need your name to create your account.' : 'We need your name and e-mail address to create your account.'}</Text>
          <Button component={Link} to={!firstName || !lastName ? NAME_PATH : EMAIL_PATH} size="sm" w="fit-content">
            {!firstName || !lastName ? 'Enter your name' : 'Enter your e-mail'}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (codeSent && email) {
    body = (
      <Stack gap="md">
        <Title order={2} fz="lg">
          Enter the code we e-mailed you
        </Title>
        {error ? (
          <Alert color="red" variant="light" role="alert" title="We couldn’t save your answers">
            {error}
          </Alert>
        ) : null}
        <CodeStep
          email={email}
          callbackUrl={pathname}
          submitLabel="Confirm and continue"
          onSignedIn={async () => {
            await session.refetch();
            try {
              await saveStored();
            } catch (err) {
              // Signed in now: the page offers Continue to try the save again.
              setError(saveErrorMessage(err));
            }
          }}
          onChangeEmail={() => (askEmail ? setCodeSent(false) : void navigate(EMAIL_PATH))}
        />
      </Stack>
    );
  } else {
    body = <ConsentForm consents={consents.data} askEmail={askEmail} onCodeSent={() => setCodeSent(true)} />;
  }

  return (
    <Stack gap="lg">
      <QuestionHeading />
      {session.status === 'authenticated' || askEmail ? null : <ContactSummary />}
      {body}
    </Stack>
  );
}

/**
 * /start/contact-information (a recognised slug beside the default path):
 * confirm the name, e-mail and phone given on their own pages, then make
 * the account.
 */
export function ContactInformationPage() {
  return <AccountSetup />;
}
