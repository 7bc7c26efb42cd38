import { Alert, Button, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { FormProvider, useForm, type FieldValues, type UseFormReturn } from 'react-hook-form';

import { useConsents } from '@/api/get-consents';
import { isTRPCClientError } from '@/api/trpc-client';
import { DateField, SsnField } from '@/components/form/fields';
import { CheckboxField } from '@/components/form/text-field';
import { ConsentText } from '@/components/ui/consent-text';
import { PageHeading } from '@/components/ui/page-heading';
import { QueryError } from '@/components/ui/query-error';
import { errorMessage } from '@/lib/error-message';

import {
  useCoborrowerDisclosures,
  useCoborrowerSaveMutation,
  useCoborrowerSignMutation,
  useCoborrowerView,
  type CoborrowerAuthorizationInput,
  type CoborrowerView,
} from '../../api/coborrower';
import { creditCheck } from '../../content/declarations-copy';
import {
  DeclarationsFields,
  declarationsFromSaved,
  declarationsRequired,
  declarationsToInput,
  type DeclarationsForm,
} from '../pages/declarations-fields';
import { FederalNotice } from '../pages/demographics';
import {
  DemographicsFields,
  demographicsChecks,
  demographicsFromSaved,
  demographicsToInput,
  type DemographicsForm,
} from '../pages/demographics-fields';
import { SignForm, Signed } from '../pages/sign';

// /app/coborrower (issue 23 item 4): the coborrower's own part of the
// borrower's application, in their own sign-in. Four steps, each saved by
// itself: the credit check authorization with their date of birth and SSN
// (coborrower.authorize), their declarations (coborrower.declarations),
// their demographic information (coborrower.demographics), and the
// disclosures with the E-SIGN consent and their typed name
// (coborrower.sign). The server records each with who gave it, when, and
// from which address and browser.

const failed = (err: unknown) =>
  errorMessage(err, {
    fallback: 'Something went wrong on our side. What you entered is still here; please try again.',
    signInTo: 'save this',
    fields: false,
  });

/** The server's field errors beside their fields (paths under `prefix`), the rest as the form's error. */
function showErrors<V extends FieldValues>(form: UseFormReturn<V>, err: unknown, prefix: string): string | null {
  const fields = isTRPCClientError(err) ? err.fields : [];
  if (fields.length === 0) return failed(err);
  const others: string[] = [];
  for (const f of fields) {
    const path = prefix && !f.path.startsWith(prefix) ? `${prefix}.${f.path}` : f.path;
    if (f.path) form.setError(path as never, { type: 'server', message: f.message });
    else others.push(f.message);
  }
  return others.length > 0 ? others.join(' ') : null;
}

function Step({ id, title, done, children }: { id: string; title: string; done: boolean; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Title order={2} fz="lg" id={id}>
          {title}
          {done ? ' (done)' : ''}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

type StepFormProps<V extends FieldValues> = {
  form: UseFormReturn<V>;
  onSubmit: () => Promise<void>;
  /** The form's accessible name. */
  label: string;
  /** The server's error not shown beside a field. */
  error: string | null;
  pending: boolean;
  submitLabel: string;
  children: ReactNode;
};

/** A step's form: its fields, the error the server gave, and the button that saves the step. */
function StepForm<V extends FieldValues>({ form, onSubmit, label, error, pending, submitLabel, children }: StepFormProps<V>) {
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} aria-label={label}>
        <Stack gap="md">
          {children}
          {error ? (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          ) : null}
          <div>
            <Button type="submit" size="md" loading={pending}>
              {submitLabel}
            </Button>
          </div>
        </Stack>
      </form>
    </FormProvider>
  );
}

type AuthorizationValues = { dateOfBirth: string; ssn: string; creditCheckAuthorization: boolean };

function Authorization({ view }: { view: CoborrowerView }) {
  const form = useForm<AuthorizationValues>({
    defaultValues: { dateOfBirth: view.dateOfBirth ?? '', ssn: '', creditCheckAuthorization: view.done.creditAuthorization },
  });
  const save = useCoborrowerSaveMutation<CoborrowerAuthorizationInput>('coborrower.authorize');
  // The wording the server records the pull under (consents.current's credit-check authorization).
  const authorization = useConsents().data?.creditAuthorization;
  const [error, setError] = useState<string | null>(null);
  const submit = form.handleSubmit(async (v) => {
    setError(null);
    let missing = false;
    if (!v.dateOfBirth) {
      form.setError('dateOfBirth', { message: 'Enter your date of birth as MM/DD/YYYY.' });
      missing = true;
    }
    if (!v.ssn && !view.ssn) {
      form.setError('ssn', { message: 'Enter your Social Security number.' });
      missing = true;
    }
    if (!v.creditCheckAuthorization) {
      form.setError('creditCheckAuthorization', { message: creditCheck.unanswered });
      missing = true;
    }
    if (missing) return;
    try {
      await save.mutateAsync({ dateOfBirth: v.dateOfBirth, ssn: v.ssn || undefined, creditCheckAuthorization: true });
      form.setValue('ssn', '');
    } catch (err) {
      setError(showErrors(form, err, ''));
    }
  });
  return (
    <Step id="coborrower-authorization" title="1. Your credit check authorization" done={view.done.creditAuthorization}>
      <StepForm
        form={form}
        onSubmit={submit}
        label="Your credit check authorization"
        error={error}
        pending={save.isPending}
        submitLabel="Authorize the credit check"
      >
        <DateField name="dateOfBirth" label="Your date of birth" autoComplete="bday" size="md" />
        <SsnField
          name="ssn"
          label="Your Social Security number"
          description={view.ssn ? `We have ${view.ssn} on file. Leave this empty to keep it.` : 'We use it to check your credit and verify your identity.'}
          size="md"
        />
        {authorization ? <ConsentText consent={authorization} id="coborrower-credit-authorization" /> : null}
        <CheckboxField name="creditCheckAuthorization" label={creditCheck.label} description={creditCheck.description} />
        <Text fz="sm" c="dimmed">
          Authorizing it runs your soft credit check now, under the authorization above: it does not affect your credit score.
        </Text>
      </StepForm>
    </Step>
  );
}

function Declarations({ view }: { view: CoborrowerView }) {
  const form = useForm<{ declarations: DeclarationsForm }>({ defaultValues: { declarations: declarationsFromSaved(view.declarations) } });
  const save = useCoborrowerSaveMutation<ReturnType<typeof declarationsToInput>>('coborrower.declarations');
  const [error, setError] = useState<string | null>(null);
  const submit = form.handleSubmit(async (v) => {
    setError(null);
    const input = declarationsToInput(v.declarations) as Record<string, unknown>;
    const needed = Object.entries(declarationsRequired('declarations', v.declarations)).filter(
      ([at]) => input[at.slice('declarations.'.length)] === undefined || input[at.slice('declarations.'.length)] === null,
    );
    for (const [at, message] of needed) form.setError(at as never, { message });
    if (needed.length > 0) return;
    try {
      await save.mutateAsync(input as ReturnType<typeof declarationsToInput>);
    } catch (err) {
      setError(showErrors(form, err, 'declarations'));
    }
  });
  return (
    <Step id="coborrower-declarations" title="2. Your declarations" done={view.done.declarations}>
      <StepForm form={form} onSubmit={submit} label="Your declarations" error={error} pending={save.isPending} submitLabel="Save my declarations">
        <DeclarationsFields prefix="declarations" />
      </StepForm>
    </Step>
  );
}

function Demographics({ view }: { view: CoborrowerView }) {
  const form = useForm<{ demographics: DemographicsForm }>({ defaultValues: { demographics: demographicsFromSaved(view.demographics) } });
  const save = useCoborrowerSaveMutation<ReturnType<typeof demographicsToInput>>('coborrower.demographics');
  const [error, setError] = useState<string | null>(null);
  const submit = form.handleSubmit(async (v) => {
    setError(null);
    const checks = Object.entries(demographicsChecks('demographics', v.demographics));
    for (const [at, message] of checks) form.setError(at as never, { message });
    if (checks.length > 0) return;
    try {
      await save.mutateAsync(demographicsToInput(v.demographics));
    } catch (err) {
      setError(showErrors(form, err, 'demographics'));
    }
  });
  return (
    <Step id="coborrower-demographics" title="3. Your demographic information" done={view.done.demographics}>
      <FederalNotice />
      <StepForm
        form={form}
        onSubmit={submit}
        label="Your demographic information"
        error={error}
        pending={save.isPending}
        submitLabel="Save my information"
      >
        <DemographicsFields prefix="demographics" />
      </StepForm>
    </Step>
  );
}

function Disclosures({ view }: { view: CoborrowerView }) {
  const disclosures = useCoborrowerDisclosures(view.canSign);
  const sign = useCoborrowerSignMutation();
  const [stale, setStale] = useState(false);
  let body: ReactNode;
  if (!view.canSign) {
    body = <Text>{view.borrowerName}’s application has no offer to sign for yet. Come back once they have chosen their line of credit.</Text>;
  } else if (disclosures.isPending) {
    body = <Skeleton h={120} aria-hidden="true" />;
  } else if (disclosures.isError) {
    const err = disclosures.error;
    body =
      isTRPCClientError(err) && err.code === 'BAD_REQUEST' ? (
        <Alert color="yellow" variant="light">
          {err.message}
        </Alert>
      ) : (
        <QueryError title="We could not load the disclosures." error={err} onRetry={() => void disclosures.refetch()} />
      );
  } else {
    const d = disclosures.data;
    const mine = d.people.find((p) => p.party === 'coborrower');
    body =
      mine?.signedAt || d.readOnly ? (
        <Signed view={d} nav={false} />
      ) : (
        <SignForm
          key={d.documents.map((x) => x.hash).join()}
          view={d}
          stale={stale}
          onStale={async () => {
            setStale(true);
            await disclosures.refetch();
          }}
          party="coborrower"
          send={(input) => sign.mutateAsync(input)}
          pending={sign.isPending}
          afterSign={async () => {}}
          submitLabel="Sign the disclosures"
        />
      );
  }
  return (
    <Step id="coborrower-disclosures" title="4. Your consent and signature" done={view.done.signed}>
      {body}
    </Step>
  );
}

/** A light alert's title in the text's colour: the green on green fails WCAG's contrast. */
const readableTitle = { title: { color: 'var(--mantine-color-text)' } };

/** The coborrower's own page, once their view is loaded. */
export function CoborrowerPage() {
  const view = useCoborrowerView();
  if (view.isPending) {
    return (
      <Stack gap="md">
        <VisuallyHidden role="status">Loading your part of the application</VisuallyHidden>
        <Skeleton h={24} aria-hidden="true" />
        <Skeleton h={240} aria-hidden="true" />
      </Stack>
    );
  }
  if (view.isError) {
    const err = view.error;
    if (isTRPCClientError(err) && err.code === 'FORBIDDEN') {
      return (
        <Stack gap="lg">
          <PageHeading title="Your part as coborrower" />
          <Alert color="yellow" variant="light">
            {err.message} Sign in with the e-mail address the invitation was sent to.
          </Alert>
        </Stack>
      );
    }
    return <QueryError title="We could not load your part of the application." error={err} onRetry={() => void view.refetch()} />;
  }
  const v = view.data;
  const all = v.done.creditAuthorization && v.done.declarations && v.done.demographics && v.done.signed;
  return (
    <Stack gap="xl">
      <PageHeading
        title="Your part as coborrower"
        help={`${v.borrowerName} named you, ${v.name}, as coborrower on their home equity line of credit application. Only you can give these parts, signed in as yourself.`}
      />
      {all ? (
        <Alert color="green" variant="light" role="status" title="You have done your part" styles={readableTitle}>
          Thank you. {v.borrowerName} can now submit the application; we e-mail you both when it is received.
        </Alert>
      ) : null}
      {v.readOnly ? <Text>The application has been submitted, so your answers can no longer be changed.</Text> : null}
      <Authorization view={v} />
      <Declarations view={v} />
      <Demographics view={v} />
      <Disclosures view={v} />
    </Stack>
  );
}
