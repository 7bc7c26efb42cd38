import { Anchor, Badge, Group, Paper, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';

import { isTRPCClientError } from '@/api/trpc-client';
import { PageHeading } from '@/components/ui/page-heading';
import { QueryError } from '@/components/ui/query-error';
import { paths } from '@/config/paths';

import { useLoan, type PortalLoan } from '../api/loan-get';
import { decideByText, statusText } from '../lib/credit-format';
import { formatAmount } from '../lib/loan-format';

import { LoanApplicationTab } from './loan-application-tab';
import { LoanAuditTab } from './loan-audit-tab';
import { LoanBorrowerTab } from './loan-borrower-tab';
import { LoanConditionsTab } from './loan-conditions-tab';
import { LoanDecisionTab } from './loan-decision-tab';
import { LoanDecisionsTab } from './loan-decisions-tab';
import { LoanDocumentsTab } from './loan-documents-tab';
import { LoanExportAction } from './loan-export';
import { LoanSummaryTab } from './loan-summary-tab';

// One application (spec §2 "Portal": an application): its tabs, the open
// one in the URL (?id=...&tab=...). A tab whose action the user's role does
// not grant on this loan is not offered (the server refuses it anyway).

type TabDef = { value: string; label: string; action?: string };

const tabs: TabDef[] = [
  { value: 'summary', label: 'Summary' },
  { value: 'application', label: 'Application' },
  { value: 'borrower', label: 'Borrower' },
  { value: 'documents', label: 'Documents', action: 'documents.read' },
  { value: 'conditions', label: 'Conditions' },
  { value: 'decision', label: 'Decision' },
  { value: 'decisions', label: 'Decisions', action: 'decisions.read' },
  { value: 'audit', label: 'Audit', action: 'audit.read' },
];

export function LoanPage() {
  const [params, setParams] = useSearchParams();
  const loanId = params.get('id') ?? '';
  const valid = /^[0-9a-f]{32}$/.test(loanId);
  const loan = useLoan(loanId, { enabled: valid });

  if (!valid) {
    return <LoanRefused title="No such application" message="This link does not name an application. Open one from the pipeline." />;
  }
  if (loan.isError) {
    if (isTRPCClientError(loan.error) && (loan.error.code === 'FORBIDDEN' || loan.error.code === 'NOT_FOUND')) {
      return (
        <LoanRefused
          title={loan.error.code === 'FORBIDDEN' ? 'You cannot open this application' : 'No such application'}
          message={loan.error.message}
        />
      );
    }
    return (
      <Stack gap="xl">
        <BackLink />
        <QueryError title="The application could not be loaded" error={loan.error} onRetry={() => void loan.refetch()} />
      </Stack>
    );
  }
  if (!loan.data) {
    return (
      <Stack gap="md" aria-busy="true" aria-label="Loading the application">
        <BackLink />
        <Skeleton height={40} width="50%" />
        <Skeleton height={36} />
        <Skeleton height={240} />
      </Stack>
    );
  }

  const data = loan.data;
  const offered = tabs.filter((t) => !t.action || data.can[t.action]);
  const asked = params.get('tab');
  const active = offered.find((t) => t.value === asked)?.value ?? 'summary';

  return (
    <Stack gap="lg">
      <BackLink />
      <PageHeading title={data.loan.borrowerName || 'Application'} help={<LoanFacts loan={data} />} />
      {data.can['loans.export'] ? (
        <Group gap="sm" aria-label="Actions on this loan" role="group">
          <LoanExportAction loanId={loanId} />
        </Group>
      ) : null}
      <Tabs
        value={active}
        onChange={(value) => {
          const next = new URLSearchParams(params);
          next.set('tab', value ?? 'summary');
          setParams(next, { replace: true });
        }}
        keepMounted={false}
      >
        <Tabs.List>
          {offered.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} mt="md" bg="white">
          <Tabs.Panel value="summary">
            <LoanSummaryTab loan={data} />
          </Tabs.Panel>
          <Tabs.Panel value="application">
            <LoanApplicationTab loanId={loanId} canSeeHmda={!!data.can['hmda.read']} />
          </Tabs.Panel>
          <Tabs.Panel value="borrower">
            <LoanBorrowerTab loanId={loanId} />
          </Tabs.Panel>
          {data.can['documents.read'] ? (
            <Tabs.Panel value="documents">
              <LoanDocumentsTab loanId={loanId} canReview={!!data.can['documents.review']} />
            </Tabs.Panel>
          ) : null}
          <Tabs.Panel value="conditions">
            <LoanConditionsTab loanId={loanId} />
          </Tabs.Panel>
          <Tabs.Panel value="decision">
            <LoanDecisionTab loanId={loanId} canDecide={!!data.can['loans.decide']} />
          </Tabs.Panel>
          {data.can['decisions.read'] ? (
            <Tabs.Panel value="decisions">
              <LoanDecisionsTab loanId={loanId} />
            </Tabs.Panel>
          ) : null}
          {data.can['audit.read'] ? (
            <Tabs.Panel value="audit">
              <LoanAuditTab loanId={loanId} />
            </Tabs.Panel>
          ) : null}
        </Paper>
      </Tabs>
    </Stack>
  );
}

function LoanFacts({ loan }: { loan: PortalLoan }) {
  const l = loan.loan;
  return (
    <Group component="span" gap="xs" wrap="wrap">
      <Badge variant="light" radius="sm" tt="none" component="span">
        {statusText(l)}
      </Badge>
      {l.decideBy ? (
        <Badge color="orange" c="dark.9" variant="light" radius="sm" tt="none" component="span">
          {decideByText(l.decideBy)}
        </Badge>
      ) : null}
      <Text component="span" fz="md">
        {[l.propertyState || 'State not given', formatAmount(l.lineAmount), l.borrowerEmail].join(' · ')}
      </Text>
    </Group>
  );
}

function BackLink() {
  return (
    <Anchor component={Link} to={paths.portal} fz="sm" underline="hover">
      ← Back to the pipeline
    </Anchor>
  );
}

function LoanRefused({ title, message }: { title: string; message: string }) {
  return (
    <Stack gap="xl">
      <BackLink />
      <PageHeading title={title} />
      <Paper withBorder radius="lg" p="xl" bg="white">
        <Text>{message}</Text>
      </Paper>
    </Stack>
  );
}
