import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';

import { getResume } from '@/api/get-resume';
import { CodeStep } from '@/components/auth/code-step';
import { PageHeading } from '@/components/ui/page-heading';
import { paths } from '@/config/paths';
import { loginPageMessage } from '@/lib/auth/auth-errors';
import { safeCallbackPath } from '@/lib/auth/callback-url';
import { useSession } from '@/lib/auth/session-store';
import { useRouteDocumentTitle } from '@/lib/use-document-title';

import { useProviders } from '../api/get-providers';
import { markFreshArrival, markReturn } from '../lib/fresh-arrival';
import { CreateAccountForm } from './create-account-form';
import { EmailStep } from './email-step';
import { PasswordStep } from './password-step';
import { SandboxOutboxNote } from './sandbox-outbox-note';

export type LoginMode = 'signIn' | 'create';

type Step = 'start' | 'password' | 'code';

/** Where a signed-in applicant goes when no page asked for the sign-in: the resume check takes it from there. */
const RESUME_ENTRY = paths.initialSetup['property-value']!;

/**
 * Whether this page is the first of the app in this tab's history: the
 * router numbers its entries (history.state.idx), from 0 for the page the
 * app was loaded on.
 */
function firstPageOfTab(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return state?.idx === 0;
}

/**
 * The page the resume rule places a fresh arrival on (routing.resume at the
 * start of the flow, with no page before it), asked before leaving the
 * sign-in page, so that a borrower further on is taken straight to their
 * loan's page rather than shown the flow's first question until the check
 * on that page sends them on. Where the rule keeps them at the start, signs
 * them out, or cannot be asked, the start of the flow, whose own check then
 * acts as on any page.
 */
async function resumePage(): Promise<string> {
  try {
    const res = await getResume({ path: RESUME_ENTRY, previousPath: '' });
    return res.action === 'redirect' && res.to ? res.to : RESUME_ENTRY;
  } catch {
    return RESUME_ENTRY;
  }
}

function modeLink(mode: LoginMode, callbackPath: string | null): string {
  const params = new URLSearchParams();
  if (mode === 'create') params.set('mode', 'create');
  if (callbackPath) params.set('callbackUrl', callbackPath);
  const query = params.toString();
  return query ? `${paths.appLogin}?${query}` : paths.appLogin;
}

function Heading({ mode, step, email }: { mode: LoginMode; step: Step; email: string }) {
  if (step === 'code') {
    return (
      <PageHeading
        title="Enter your code"
        help={
          mode === 'create'
            ? `We e-mailed a 6-digit code to ${email}. Enter it to confirm your address and sign in.`
            : `If ${email} has an account, we e-mailed it a 6-digit code. It works once, for 10 minutes.`
        }
      />
    );
  }
  if (step === 'password') return <PageHeading title="Sign in with your password" help="If you set a password, use it here." />;
  if (mode === 'create') {
    return (
      <PageHeading
        title="Create your account"
        help="Save your progress and come back any time. We’ll e-mail you a code to confirm your address."
      />
    );
  }
  return <PageHeading title="Sign in to your application" help="Use the e-mail address you gave when you checked your rate." />;
}

function Flow({ mode }: { mode: LoginMode }) {
  const [params] = useSearchParams();
  const callbackPath = safeCallbackPath(params.get('callbackUrl'));
  const pageError = params.get('error');
  const providers = useProviders('applicant');
  const session = useSession('applicant');
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('start');
  const [email, setEmail] = useState('');
  useRouteDocumentTitle(mode === 'create' ? 'Create an account' : undefined);

  const callbackUrl = callbackPath ?? RESUME_ENTRY;

  // Back to the page that asked for the sign-in; otherwise to the start of
  // the flow as a fresh arrival, where the resume rule (spec §2) places the
  // applicant at their loan's page. Signing in again (not a new account)
  // is a return: the page they land on says where they were (issue 22).
  const onSignedIn = async () => {
    await session.refetch();
    if (!callbackPath) markFreshArrival();
    if (mode === 'signIn') markReturn();
    const destination = callbackPath ?? (await resumePage());
    if (firstPageOfTab()) {
      // Nothing of this site before the sign-in page in this tab (a link
      // from an e-mail, a bookmark, a new tab): Back from where the borrower
      // lands would leave the site, or show a blank page. The sign-in
      // page's entry becomes the home page, so Back goes home (issue 22).
      window.history.replaceState(window.history.state, '', paths.home);
      await navigate(destination);
      return;
    }
    await navigate(destination, { replace: true });
  };

  const toCode = (address: string) => {
    setEmail(address);
    setStep('code');
  };

  const hasPassword = Boolean(providers.data?.password);

  return (
    <Stack gap="lg">
      <Heading mode={mode} step={step} email={email} />
      {pageError && step === 'start' ? (
        <Alert color={pageError === 'SessionRequired' ? 'harbor' : 'red'} variant="light">
          <Text fz="sm">{loginPageMessage(pageError)}</Text>
        </Alert>
      ) : null}
      <SandboxOutboxNote />
      {step === 'code' ? (
        <CodeStep email={email} callbackUrl={callbackUrl} onSignedIn={onSignedIn} onChangeEmail={() => setStep('start')} />
      ) : step === 'password' ? (
        <PasswordStep
          defaultEmail={email}
          callbackUrl={callbackUrl}
          onSignedIn={onSignedIn}
          onUseCode={(address) => {
            setEmail(address);
            setStep('start');
          }}
        />
      ) : mode === 'create' ? (
        <CreateAccountForm onCodeSent={(account) => toCode(account.email)} />
      ) : (
        <EmailStep
          defaultEmail={email}
          callbackUrl={callbackUrl}
          onCodeSent={toCode}
          onUsePassword={
            hasPassword
              ? (address) => {
                  setEmail(address);
                  setStep('password');
                }
              : undefined
          }
        />
      )}
      {step === 'start' ? (
        mode === 'create' ? (
          <Text fz="sm" ta="center">
            Already have an account?{' '}
            <Anchor component={Link} to={modeLink('signIn', callbackPath)} fw={500} c="harbor.9" fz="sm">
              Sign in
            </Anchor>
          </Text>
        ) : (
          <Text fz="sm" ta="center">
            New here?{' '}
            <Anchor component={Link} to={modeLink('create', callbackPath)} fw={500} c="harbor.9" fz="sm">
              Create an account
            </Anchor>{' '}
            or{' '}
            <Anchor component={Link} to={RESUME_ENTRY} fw={500} c="harbor.9" fz="sm">
              check your rate
            </Anchor>
            .
          </Text>
        )
      ) : null}
    </Stack>
  );
}

/**
 * /app/login: "Sign in" (e-mail, then the mailed code, or a password) and,
 * with ?mode=create, "Create an account". ?error= says why the user is here
 * and ?callbackUrl= where to go back to.
 */
export function ApplicantLogin() {
  const [params] = useSearchParams();
  const mode: LoginMode = params.get('mode') === 'create' ? 'create' : 'signIn';
  // A new mode starts its own flow.
  return <Flow key={mode} mode={mode} />;
}
