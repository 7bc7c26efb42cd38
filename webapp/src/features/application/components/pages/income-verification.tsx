import { Alert, Badge, Button, Flex, Group, List, Paper, Radio, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';

import { isTRPCClientError } from '@/api/trpc-client';
import { QueryError } from '@/components/ui/query-error';

import {
  useIncomeVerification,
  useVerifyIncomeMutation,
  type IncomeMethod,
  type IncomeVerificationPerson,
  type IncomeVerificationView,
} from '../../api/income-verification';
import { incomeCopy } from '../../content/income-verification-copy';
import { useApplicationPages } from '../../hooks/use-application-pages';
import { saveErrorMessage } from '../section-page';
import { formatDate, formatDollars } from '@/lib/format';

// income-verification (/app/application/income-verification, screens.md
// application6): for the borrower and, on a loan with one, the coborrower,
// how they verify their income: a payroll connection (the sandbox payroll
// network in tests and demos, marked so) or pay documents. A person's
// action button asks the server (verification.connectPayroll or
// verification.incomeDocuments), which marks the jobs the payroll network
// knows as verified and moves the loan's status on; the answer shows which
// jobs were verified and which income documents the documents policy still
// asks. Continue goes to the page funnel.pages names next once every person
// has chosen.

/** The server's message for a refused verification, beside the person's question. */
function verifyErrorMessage(err: unknown): string {
  if (isTRPCClientError(err) && err.code === 'BAD_REQUEST') return err.fields.find((f) => f.path === 'party')?.message ?? err.message;
  return saveErrorMessage(err);
}

function when(iso: string): string {
  return formatDate(iso);
}

function Result({ person, view }: { person: IncomeVerificationPerson; view: IncomeVerificationView }) {
  if (!person.method) return null;
  const unmatched = person.method === 'payroll' ? person.payrollEmployers.filter((e) => !e.matched) : [];
  return (
    <Stack gap="sm">
      <Text fw={600}>
        {person.method === 'payroll'
          ? incomeCopy.connected(view.provider, person.verifiedAt ? when(person.verifiedAt) : '')
          : incomeCopy.chosenDocuments(person)}
      </Text>
      {person.jobs.length > 0 ? (
        <div>
          <Title order={3} fz="md">
            {incomeCopy.jobsHeading(person)}
          </Title>
          <List spacing={4} mt={4}>
            {person.jobs.map((job, i) => (
              <List.Item key={`${job.employerName}-${i}`}>
                <Group gap="xs" wrap="wrap">
                  <Text component="span">{[job.employerName || 'Employer', job.position].filter(Boolean).join(', ')}</Text>
                  {job.selfEmployed ? (
                    <Text component="span" fz="sm" c="dimmed">
                      {incomeCopy.selfEmployed}
                    </Text>
                  ) : (
                    <Badge color={job.verified ? 'harbor' : 'dark'} variant={job.verified ? 'light' : 'outline'}>
                      {job.verified ? incomeCopy.verified : incomeCopy.notVerified}
                    </Badge>
                  )}
                </Group>
              </List.Item>
            ))}
          </List>
        </div>
      ) : null}
      {unmatched.length > 0 ? (
        <Text fz="sm" c="dimmed">
          {incomeCopy.alsoKnown}:{' '}
          {unmatched.map((e) => `${e.employerName} (${e.position}, ${formatDollars(e.monthlyBase)} a month)`).join('; ')}
        </Text>
      ) : null}
      <div>
        <Title order={3} fz="md">
          {incomeCopy.documentsHeading}
        </Title>
        {person.documents.length === 0 ? (
          <Text>{incomeCopy.noDocuments}</Text>
        ) : (
          <List spacing={4} mt={4}>
            {person.documents.map((d) => (
              <List.Item key={d.type}>{d.label}</List.Item>
            ))}
          </List>
        )}
      </div>
    </Stack>
  );
}

function PersonVerification({ person, view }: { person: IncomeVerificationPerson; view: IncomeVerificationView }) {
  const mutation = useVerifyIncomeMutation();
  const [method, setMethod] = useState<IncomeMethod | ''>(person.method ?? '');
  const [error, setError] = useState<string | null>(null);
  const headingId = `income-${person.party}`;

  function confirm() {
    if (!method) {
      setError(incomeCopy.choose(person));
      return;
    }
    setError(null);
    mutation.mutate({ party: person.party, method }, { onError: (err) => setError(verifyErrorMessage(err)) });
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={2} fz="lg" id={headingId}>
          {incomeCopy.personHeading(person)}
        </Title>
        <Radio.Group
          label={incomeCopy.question(person)}
          value={method}
          onChange={(v) => {
            setMethod(v as IncomeMethod);
            setError(null);
          }}
          error={error}
          name={`income-method-${person.party}`}
        >
          <Stack gap="sm" mt="xs">
            <Radio
              value="payroll"
              disabled={view.readOnly}
              label={
                <Group gap={6} component="span">
                  <span>{incomeCopy.payroll(person)}</span>
                  {view.sandbox ? (
                    <Badge component="span" color="harbor" variant="light">
                      {incomeCopy.sandbox}
                    </Badge>
                  ) : null}
                </Group>
              }
              description={view.sandbox ? `${incomeCopy.payrollHelp} ${incomeCopy.sandboxHelp(view.provider)}` : incomeCopy.payrollHelp}
            />
            <Radio value="documents" disabled={view.readOnly} label={incomeCopy.documents} description={incomeCopy.documentsHelp} />
          </Stack>
        </Radio.Group>
        {view.readOnly ? null : (
          <Group>
            <Button onClick={confirm} loading={mutation.isPending} w={{ base: '100%', sm: 'auto' }}>
              {incomeCopy.action(person, method)}
            </Button>
          </Group>
        )}
        <div aria-live="polite">
          <Result person={person} view={view} />
        </div>
      </Stack>
    </Paper>
  );
}

export default function IncomeVerificationPage() {
  const query = useIncomeVerification();
  const pages = useApplicationPages();
  const navigate = useNavigate();
  const [blocked, setBlocked] = useState(false);

  if (query.isPending) {
    return (
      <Stack gap="md">
        <VisuallyHidden role="status">{incomeCopy.loading}</VisuallyHidden>
        <Skeleton h={160} aria-hidden="true" />
      </Stack>
    );
  }
  if (query.isError) {
    return <QueryError title={incomeCopy.loadError} error={query.error} onRetry={() => void query.refetch()} />;
  }
  const view = query.data;
  const people = view.coborrower ? [view.borrower, view.coborrower] : [view.borrower];
  const waiting = people.filter((p) => !p.method);
  const funnel = pages.isPlaceholderData ? undefined : pages.data;
  const next = funnel?.next;
  const previous = funnel?.previous;

  function onContinue() {
    if (waiting.length > 0) {
      setBlocked(true);
      return;
    }
    if (next) void navigate(next.path);
  }

  return (
    <Stack gap="lg">
      {view.readOnly ? (
        <Alert color="blue" variant="light">
          {incomeCopy.readOnly}
        </Alert>
      ) : null}
      {people.map((p) => (
        <PersonVerification key={p.party} person={p} view={view} />
      ))}
      {blocked && waiting.length > 0 ? (
        <Alert color="red" variant="light" role="alert">
          {incomeCopy.waiting(waiting.map((p) => (p.party === 'borrower' ? 'you' : p.name || 'your coborrower')))}
        </Alert>
      ) : null}
      <Flex component="nav" aria-label="Step" direction={{ base: 'column-reverse', sm: 'row' }} justify="space-between" gap="sm">
        {previous ? (
          <Button component={Link} to={previous.path} variant="default" size="md">
            Back
          </Button>
        ) : null}
        <Button size="md" ml={{ sm: 'auto' }} onClick={onContinue} disabled={!next && waiting.length === 0}>
          Continue
        </Button>
      </Flex>
    </Stack>
  );
}
