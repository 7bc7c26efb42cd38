import { Alert, Button, Paper, ScrollArea, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';

import { isTRPCClientError } from '@/api/trpc-client';
import { DateField, SsnField } from '@/components/form/fields';
import { Form } from '@/components/form/form';
import { CheckboxField } from '@/components/form/text-field';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { QueryError } from '@/components/ui/query-error';
import { paths } from '@/config/paths';

import { useConsents } from '@/api/get-consents';
import { useCreditCheck, type CreditCheckInput } from '../../api/credit-check';
import type { CreditReport } from '../../api/get-credit-report';
import { saveErrorMessage } from './question-form';

/** The definition the credit check's form validates with: prequal.creditCheck's input. */
export const CREDIT_CHECK_DEFINITION = 'CreditCheckInput' as const;

type Values = { authorizationVersion: boolean; dateOfBirth: string; ssn: string };

const fieldNames = ['authorizationVersion', 'dateOfBirth', 'ssn'] as const;

/**
 * The borrower's own soft pull: the authorization's wording
 * (consents.current), the box that agrees to it, date of birth and SSN,
 * then prequal.creditCheck. Neither the date nor the number is kept in the
 * browser: the form is gone once the report is here. A coborrower
 * authorizes theirs in their own sign-in (/app/coborrower), never here.
 */
export function CreditCheckForm({ onChecked }: { onChecked: (report: CreditReport) => void | Promise<void> }) {
  const consents = useConsents();
  const authorization = consents.data?.creditAuthorization;
  const check = useCreditCheck();
  const [error, setError] = useState<string | null>(null);
  const form = useSchemaForm(CREDIT_CHECK_DEFINITION, {
    defaultValues: { authorizationVersion: false, dateOfBirth: '', ssn: '' } as Values,
    toInput: (v: Values) => ({
      party: 'borrower',
      dateOfBirth: v.dateOfBirth,
      ssn: v.ssn,
      authorizationVersion: v.authorizationVersion && authorization ? authorization.version : '',
    }),
    required: {
      authorizationVersion: 'Agree to the credit check authorization to continue.',
      dateOfBirth: 'Enter the date of birth as MM/DD/YYYY.',
      ssn: 'Enter the 9-digit Social Security number.',
    },
  });

  if (consents.isPending) return <Skeleton h={160} aria-hidden="true" />;
  if (consents.isError || !authorization) {
    return <QueryError title="We couldn’t load the credit check authorization" error={consents.error} onRetry={() => void consents.refetch()} />;
  }

  const submit = async (input: unknown) => {
    setError(null);
    try {
      const report = await check.mutateAsync(input as CreditCheckInput);
      form.reset({ authorizationVersion: false, dateOfBirth: '', ssn: '' });
      await onChecked(report);
    } catch (err) {
      const fields = isTRPCClientError(err) ? err.fields : [];
      const others: string[] = [];
      for (const f of fields) {
        const name = fieldNames.find((n) => f.path === n || f.path.endsWith(`.${n}`));
        if (name) form.setError(name, { type: 'server', message: f.message }, { shouldFocus: true });
        else others.push(f.message);
      }
      if (fields.length === 0) setError(saveErrorMessage(err));
      else if (others.length > 0) setError(others.join(' '));
    }
  };

  const headingId = 'borrower-authorization-title';
  return (
    <Form form={form} onSubmit={submit} aria-label="Credit check">
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
        <Title order={2} fz="md" id={headingId} mb="xs">
          {authorization.title}
        </Title>
        <ScrollArea.Autosize mah={200} type="auto" offsetScrollbars>
          <Text fz="sm" style={{ whiteSpace: 'pre-line' }} tabIndex={0}>
            {authorization.text}
          </Text>
        </ScrollArea.Autosize>
      </Paper>
      <CheckboxField
        name="authorizationVersion"
        label="I have read and agree to the credit check authorization above."
      />
      <DateField name="dateOfBirth" label="Your date of birth" autoComplete="bday" size="md" w={{ base: '100%', sm: 240 }} />
      <SsnField name="ssn" label="Your Social Security number" size="md" w={{ base: '100%', sm: 240 }} />
      <Text fz="sm" c="dimmed">
        This is a soft inquiry: it does not affect your credit score.
      </Text>
      {error ? (
        <Alert color="red" variant="light" role="alert" title="The credit check did not go through">
          {error}
        </Alert>
      ) : null}
      <Button type="submit" size="md" loading={form.formState.isSubmitting}>
        Check my credit
      </Button>
    </Form>
  );
}

/** The score the pull found and what it means, for the borrower or the coborrower. */
export function ReportSummary({ report, party = 'borrower' }: { report: CreditReport; party?: CreditCheckInput['party'] }) {
  const score = party === 'borrower' ? report.score : (report.coborrowerScore ?? null);
  const whose = party === 'borrower' ? 'Your' : 'Your coborrower’s';
  return (
    <Paper withBorder radius="md" p="md" role="status" bg="var(--mantine-color-harbor-0)">
      {score === null ? (
        <Text fw={600}>{whose} credit report has no score yet: there is not enough credit history on it.</Text>
      ) : (
        <>
          <Text fz="sm" c="dimmed">
            {whose} credit score used
          </Text>
          <Text fz={32} fw={700} c="harbor.9">
            {score}
          </Text>
          <Text fz="sm" c="dimmed">
            {report.scoreModel}, on a range of {report.scoreRange.min} to {report.scoreRange.max}, from {report.bureau.name}.
          </Text>
        </>
      )}
      <Text fz="sm" mt="xs">
        This was a soft inquiry: it does not affect {party === 'borrower' ? 'your' : 'their'} credit score.
      </Text>
    </Paper>
  );
}

/** For a visitor without an account: the credit check needs one first; the answers stay. */
export function AccountNeeded({ what = 'check your credit' }: { what?: string }) {
  return (
    <Alert color="blue" variant="light" title="Create your account first">
      <Stack gap="sm">
        <Text fz="sm">
          Before we {what}, we need your account, so the results are kept safely with your application. Your answers so
          far are kept.
        </Text>
        <Button component={Link} to={paths.landing.name!} size="sm" w="fit-content">
          Create your account
        </Button>
      </Stack>
    </Alert>
  );
}
