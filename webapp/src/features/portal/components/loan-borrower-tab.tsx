import { Alert, Button, Divider, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';

import { isTRPCClientError } from '@/api/trpc-client';
import { QueryError } from '@/components/ui/query-error';
import { formatDate, formatDollars, formatPhone } from '@/lib/format';

import { useLoanBorrower, type PortalPerson, type SensitiveField } from '../api/loan-borrower';
import { useUnmaskFieldMutation } from '../api/loan-unmask';
import { FactList } from './fact-list';

// The borrower tab: each person on the loan and the draw's bank account.
// Sensitive fields come masked; a role that may see them (pii.unmask) shows
// one at a time with its Show button, and the server records each showing.
// A shown value lives in this component's state only, never in a cache.

export function LoanBorrowerTab({ loanId }: { loanId: string }) {
  const borrower = useLoanBorrower(loanId);
  if (borrower.isError) {
    return <QueryError title="The borrower's data could not be loaded" error={borrower.error} onRetry={() => void borrower.refetch()} />;
  }
  const view = borrower.data;
  if (!view) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading the borrower's data">
        <Skeleton height={28} width="40%" />
        <Skeleton height={160} />
      </Stack>
    );
  }
  return (
    <Stack gap="xl">
      {!view.started ? (
        <Text c="dimmed">The borrower has not saved any page of the application yet: this is what their account and prequalification say.</Text>
      ) : null}
      {view.people.map((p) => (
        <PersonSection key={p.party} loanId={loanId} person={p} canUnmask={view.canUnmask} />
      ))}
      {view.disbursement ? (
        <section aria-labelledby="loan-disbursement">
          <Divider mb="lg" />
          <Title order={2} id="loan-disbursement" fz="h3" mb="sm">
            Bank account for the first draw
          </Title>
          <FactList
            facts={[
              ['Account holder', view.disbursement.accountHolderName],
              ['Account type', view.disbursement.accountType],
              ['Initial draw', formatDollars(view.disbursement.initialDraw)],
            ]}
          />
          <SensitiveList loanId={loanId} fields={view.disbursement.sensitive} canUnmask={view.canUnmask} />
        </section>
      ) : null}
    </Stack>
  );
}

function PersonSection({ loanId, person: p, canUnmask }: { loanId: string; person: PortalPerson; canUnmask: boolean }) {
  const id = `loan-${p.party}`;
  const address = p.currentAddress
    ? [p.currentAddress.line1, p.currentAddress.line2, `${p.currentAddress.city}, ${p.currentAddress.state} ${p.currentAddress.zip}`]
        .filter(Boolean)
        .join(', ')
    : 'Not given yet';
  return (
    <section aria-labelledby={id}>
      <Title order={2} id={id} fz="h3" mb="sm">
        {p.party === 'borrower' ? 'Borrower' : 'Coborrower'}: {[p.firstName, p.middleName, p.lastName].filter(Boolean).join(' ')}
      </Title>
      <FactList
        facts={[
          ['E-mail', p.email ?? 'Not given'],
          ['Phone', p.phone ? formatPhone(p.phone) : 'Not given'],
          ['Current address', address],
          ['Housing', p.housing ?? 'Not given yet'],
          ['Marital status', p.maritalStatus ?? 'Not given yet'],
          ['Citizenship', p.citizenship ?? 'Not given yet'],
          ['Identity check', p.identityVerificationStatus ?? 'Not done yet'],
        ]}
      />
      <SensitiveList loanId={loanId} fields={p.sensitive} canUnmask={canUnmask} />
      {p.employments.length > 0 ? (
        <Stack gap={4} mt="md">
          <Text fw={600}>Employment</Text>
          {p.employments.map((e, i) => (
            <Text key={i} fz="sm">
              {[e.position, e.employerName].filter(Boolean).join(' at ') || 'An employment'}, from {formatDate(e.startDate)}
              {e.endDate ? ` to ${formatDate(e.endDate)}` : ' (current)'}
              {e.selfEmployed ? ', self-employed' : ''}
              {e.verified ? ', verified through payroll' : ''}
            </Text>
          ))}
        </Stack>
      ) : null}
    </section>
  );
}

function SensitiveList({ loanId, fields, canUnmask }: { loanId: string; fields: SensitiveField[]; canUnmask: boolean }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" m={0} mt="md">
      {fields.map((f) => (
        <SensitiveValue key={f.field} loanId={loanId} field={f} canUnmask={canUnmask} />
      ))}
    </SimpleGrid>
  );
}

function SensitiveValue({ loanId, field, canUnmask }: { loanId: string; field: SensitiveField; canUnmask: boolean }) {
  const unmask = useUnmaskFieldMutation();
  const [shown, setShown] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const show = async () => {
    setError(null);
    try {
      const { value } = await unmask.mutateAsync({ loanId, field: field.field });
      // A date of birth comes as yyyy-MM-dd: written as people read a day.
      setShown(field.field.endsWith('.dateOfBirth') ? formatDate(value) : value);
    } catch (err) {
      setError(isTRPCClientError(err) && err.code !== 'INTERNAL_SERVER_ERROR' ? err.message : 'It could not be shown. Please try again.');
    }
  };
  return (
    <div>
      <Text component="dt" fz="sm" c="dimmed">
        {field.label}
      </Text>
      <Group component="dd" m={0} gap="sm" wrap="nowrap">
        <Text fw={500} ff={field.hasValue ? 'monospace' : undefined} data-testid={`value-${field.field}`}>
          {shown ?? field.masked}
        </Text>
        {canUnmask && field.hasValue ? (
          shown === null ? (
            <Button size="compact-sm" variant="light" loading={unmask.isPending} onClick={() => void show()} aria-label={`Show ${inSentence(field.label)}`}>
              Show
            </Button>
          ) : (
            <Button size="compact-sm" variant="subtle" onClick={() => setShown(null)} aria-label={`Hide ${inSentence(field.label)}`}>
              Hide
            </Button>
          )
        ) : null}
      </Group>
      {error ? (
        <Alert color="red" variant="light" mt={4} p="xs">
          {error}
        </Alert>
      ) : null}
    </div>
  );
}

/** A label inside a sentence: "date of birth", but "Social Security number" (a name). */
function inSentence(label: string): string {
  return label.startsWith('Social Security') ? label : label.charAt(0).toLowerCase() + label.slice(1);
}
