import { Alert, Badge, Code, Group, List, Paper, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';

import { isTRPCClientError } from '@/api/trpc-client';
import { QueryError } from '@/components/ui/query-error';
import { formatDateTime, formatDollars } from '@/lib/format';

import { usePolicyRevisions, type PolicyImpactLine, type PolicyRevision } from '../api/policy-revisions';
import { shortRevision } from '../lib/revision-format';

// The policy revisions page (issue 24 item 3): every publish and rollback
// of the rules, newest first, read-only: who published it, when, why, from
// when it is in force, the checks it passed and what it changed of the
// stored decisions against the revision in force before it.

const states: Record<PolicyRevision['state'], { label: string; color: string }> = {
  inForce: { label: 'In force', color: 'green' },
  scheduled: { label: 'Scheduled', color: 'blue' },
  superseded: { label: 'Superseded', color: 'gray' },
};

/** "+3 (2 gained)" style counts of reason codes: "CREDIT_SCORE_BELOW_MINIMUM 12, LTV_TOO_HIGH 1". */
function codes(counts: Record<string, number>): string {
  const entries = Object.entries(counts).sort(([a], [b]) => a.localeCompare(b));
  return entries.length === 0 ? 'none' : entries.map(([code, n]) => `${code} ${n}`).join(', ');
}

/** A move of the line (dollars) or the APR (percent points), signed. */
function move(n: number, unit: 'dollars' | 'points'): string {
  const sign = n > 0 ? '+' : n < 0 ? '−' : '';
  const size = Math.abs(n);
  return unit === 'dollars' ? `${sign}${formatDollars(size)}` : `${sign}${size} points`;
}

/** The checks a revision passed, in a line. */
export function checksWords(c: PolicyRevision['checks']): string {
  if (c.passed) return `All checks passed: ${c.tests} Rego tests, opa fmt and opa check --strict, every table against its definition.`;
  return `Checks failed: ${c.failed} tests failed, ${c.errored} errored, ${c.style.length} style and ${c.tables.length} table problems.`;
}

/** The policy revisions page's list. */
export function PolicyRevisionsList() {
  const revisions = usePolicyRevisions();
  if (revisions.isPending) {
    return (
      <Stack gap="md">
        <VisuallyHidden role="status">Loading the policy revisions</VisuallyHidden>
        <Skeleton h={160} aria-hidden="true" />
      </Stack>
    );
  }
  if (isTRPCClientError(revisions.error) && revisions.error.code === 'FORBIDDEN') {
    return (
      <Alert color="orange" variant="light" title="Not for your role" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
        <Text fz="sm">The policy revisions are for administrators and compliance. Ask an administrator if you need to see them.</Text>
      </Alert>
    );
  }
  if (revisions.isError) {
    return <QueryError title="We couldn’t load the policy revisions" error={revisions.error} onRetry={() => void revisions.refetch()} />;
  }
  const { items, serving } = revisions.data;
  return (
    <Stack gap="md">
      <Text fz="sm">
        This server serves revision <Code>{shortRevision(serving)}</Code>.
      </Text>
      {items.length === 0 ? (
        <Text c="dimmed" fz="sm">
          No revision has been published: the rules the server shipped with are in force. Compliance publishes one with{' '}
          <Code>heloc policy publish</Code>.
        </Text>
      ) : (
        items.map((r) => <RevisionCard key={r.id} revision={r} />)
      )}
    </Stack>
  );
}

function RevisionCard({ revision: r }: { revision: PolicyRevision }) {
  const titleId = useId();
  const state = states[r.state];
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="article" aria-labelledby={titleId} bg="white">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} fz="lg" id={titleId}>
            {r.action === 'rollback' ? 'Rollback to revision ' : 'Revision '}
            <Code fz="inherit">{shortRevision(r.revision)}</Code>
          </Title>
          <Badge color={state.color} c="dark.9" variant="light" radius="sm" tt="none">
            {state.label}
          </Badge>
        </Group>
        <List spacing={4} fz="sm" listStyleType="none">
          <List.Item>
            {r.action === 'rollback' ? 'Rolled back' : 'Published'} by <strong>{r.author}</strong> on {formatDateTime(r.publishedAt, 'medium')}
          </List.Item>
          <List.Item>In force from {formatDateTime(r.effectiveAt, 'medium')}</List.Item>
          <List.Item>Why: {r.reason}</List.Item>
          <List.Item>
            Compared against revision <Code>{shortRevision(r.baseline)}</Code>, in force when it was published
          </List.Item>
          <List.Item>{checksWords(r.checks)}</List.Item>
        </List>
        <ImpactTable lines={r.impact} label={`Impact of revision ${shortRevision(r.revision)} on the stored decisions`} />
      </Stack>
    </Paper>
  );
}

function ImpactTable({ lines, label }: { lines: PolicyImpactLine[]; label: string }) {
  const captionId = useId();
  if (lines.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        No stored decision was compared.
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      <Text fz="sm" fw={600} id={captionId}>
        {label}
      </Text>
      <Table.ScrollContainer minWidth={640}>
        <Table withTableBorder withColumnBorders fz="xs" aria-labelledby={captionId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Decision</Table.Th>
              <Table.Th scope="col">Compared</Table.Th>
              <Table.Th scope="col">Changed</Table.Th>
              <Table.Th scope="col">What moved</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((l) => (
              <Table.Tr key={l.entrypoint}>
                <Table.Th scope="row">{l.title}</Table.Th>
                <Table.Td>{l.compared}</Table.Td>
                <Table.Td>{l.changed}</Table.Td>
                <Table.Td>
                  <ImpactDetail line={l} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function ImpactDetail({ line: l }: { line: PolicyImpactLine }) {
  const parts: string[] = [];
  if (l.eligibleToIneligible !== null || l.ineligibleToEligible !== null) {
    parts.push(`${l.eligibleToIneligible ?? 0} eligible to ineligible, ${l.ineligibleToEligible ?? 0} ineligible to eligible`);
    parts.push(`reasons gained: ${codes(l.reasonsGained)}; lost: ${codes(l.reasonsLost)}`);
  }
  if (l.line && l.line.count > 0) {
    parts.push(`line moved on ${l.line.count} (mean ${move(l.line.mean, 'dollars')}, largest ${move(l.line.largest, 'dollars')})`);
  }
  if (l.apr && l.apr.count > 0) {
    parts.push(`APR moved on ${l.apr.count} (mean ${move(l.apr.mean, 'points')}, largest ${move(l.apr.largest, 'points')})`);
  }
  return <>{parts.length === 0 ? '—' : parts.join('; ')}</>;
}
