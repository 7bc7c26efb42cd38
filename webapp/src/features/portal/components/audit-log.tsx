import { Alert, Anchor, Button, Group, NativeSelect, Paper, SimpleGrid, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';

import { isTRPCClientError } from '@/api/trpc-client';
import { QueryError } from '@/components/ui/query-error';
import { paths } from '@/config/paths';

import { useAuditLog, type AuditEntry, type AuditFilters } from '../api/audit-list';
import { formatDateTime } from '@/lib/format';

// The audit log (audit.read): every staff view of personal data and every
// change, newest first, with filters by actor, loan, action and days, and
// older entries a page at a time. The /portal/audit page keeps the filters
// in its URL; a loan's Audit tab fixes the loan.

function dateTime(at: string): string {
  return formatDateTime(at, 'medium');
}

/** The loan's page in the portal. */
function loanLink(loanId: string): string {
  return `${paths.portalLoan}?id=${encodeURIComponent(loanId)}`;
}

function FiltersForm({
  filters,
  actions,
  fixedLoan,
  onApply,
}: {
  filters: AuditFilters;
  actions: string[];
  fixedLoan: boolean;
  onApply: (f: AuditFilters) => void;
}) {
  const [draft, setDraft] = useState<AuditFilters>(filters);
  const set = (key: keyof AuditFilters) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply(Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v])));
  };
  const clear = () => {
    const empty: AuditFilters = fixedLoan ? { loanId: filters.loanId } : {};
    setDraft(empty);
    onApply(empty);
  };
  const actionChoices = Array.from(new Set([...actions, ...(draft.action ? [draft.action] : [])])).sort();
  return (
    <Paper withBorder radius="md" p="md" bg="white">
      <form onSubmit={submit} aria-label="Filter the audit log">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: fixedLoan ? 2 : 3 }} spacing="sm">
            <TextInput label="Actor e-mail" type="email" value={draft.actor ?? ''} onChange={(e) => set('actor')(e.currentTarget.value)} />
            {fixedLoan ? null : (
              <TextInput label="Loan id" value={draft.loanId ?? ''} onChange={(e) => set('loanId')(e.currentTarget.value)} />
            )}
            <NativeSelect
              label="Action"
              value={draft.action ?? ''}
              onChange={(e) => set('action')(e.currentTarget.value)}
              data={[{ value: '', label: 'Every action' }, ...actionChoices.map((a) => ({ value: a, label: a }))]}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="From (UTC)" type="date" value={draft.from ?? ''} onChange={(e) => set('from')(e.currentTarget.value)} />
            <TextInput label="To (UTC)" type="date" value={draft.to ?? ''} onChange={(e) => set('to')(e.currentTarget.value)} />
          </SimpleGrid>
          <Group gap="sm">
            <Button type="submit">Apply filters</Button>
            <Button variant="default" onClick={clear}>
              Clear filters
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** At a phone's width: one card per entry, each field named. */
function EntriesList({ entries, showLoan }: { entries: AuditEntry[]; showLoan: boolean }) {
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Audit log entries" hiddenFrom="sm">
      {entries.map((e) => (
        <Paper key={e.id} component="li" withBorder radius="md" p="sm" bg="white" data-action={e.action}>
          <Stack gap={2}>
            <Text fz="sm" fw={600} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {e.action}
            </Text>
            <Text fz="xs" c="dimmed">
              {dateTime(e.at)} · {e.ip || 'no address'}
            </Text>
            <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
              {e.actorEmail}{' '}
              <Text span fz="xs" c="dimmed">
                ({e.actorRole})
              </Text>
            </Text>
            {e.subject ? (
              <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                <Text span c="dimmed" fz="sm">
                  Subject:{' '}
                </Text>
                {e.subject}
              </Text>
            ) : null}
            {e.detail ? <Text fz="sm">{e.detail}</Text> : null}
            {showLoan && e.loanId ? (
              <Anchor component={Link} to={loanLink(e.loanId)} fz="sm">
                Loan {e.loanId.slice(0, 8)}
              </Anchor>
            ) : null}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function EntriesTable({ entries, showLoan }: { entries: AuditEntry[]; showLoan: boolean }) {
  return (
    <Table.ScrollContainer minWidth={760} visibleFrom="sm">
      <Table striped highlightOnHover verticalSpacing="xs" fz="sm" aria-label="Audit log entries">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Who</Table.Th>
            <Table.Th>Action</Table.Th>
            {showLoan ? <Table.Th>Loan</Table.Th> : null}
            <Table.Th>Subject</Table.Th>
            <Table.Th>Detail</Table.Th>
            <Table.Th>Address</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((e) => (
            <Table.Tr key={e.id} data-action={e.action}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateTime(e.at)}</Table.Td>
              <Table.Td>
                <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                  {e.actorEmail}
                </Text>
                <Text fz="xs" c="dimmed">
                  {e.actorRole}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text fz="sm" fw={600} ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                  {e.action}
                </Text>
              </Table.Td>
              {showLoan ? (
                <Table.Td>
                  {e.loanId ? (
                    <Anchor component={Link} to={loanLink(e.loanId)} fz="sm" ff="monospace">
                      {e.loanId.slice(0, 8)}
                    </Anchor>
                  ) : null}
                </Table.Td>
              ) : null}
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{e.subject}</Table.Td>
              <Table.Td>{e.detail}</Table.Td>
              <Table.Td ff="monospace">{e.ip}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The audit log with its filters. With `fixedLoanId` it shows one loan's
 * entries and no loan filter; otherwise the filters are the caller's.
 */
export function AuditLog({
  filters,
  onFiltersChange,
  fixedLoanId,
}: {
  filters: AuditFilters;
  onFiltersChange: (f: AuditFilters) => void;
  fixedLoanId?: string;
}) {
  const effective = fixedLoanId ? { ...filters, loanId: fixedLoanId } : filters;
  const log = useAuditLog(effective);
  const entries = log.data?.pages.flatMap((p) => p.items) ?? [];
  const actions = log.data?.pages[0]?.actions ?? [];
  const badFilter = isTRPCClientError(log.error) && log.error.code === 'BAD_REQUEST' ? log.error : null;

  return (
    <Stack gap="md">
      <FiltersForm
        key={JSON.stringify(effective)}
        filters={effective}
        actions={actions}
        fixedLoan={Boolean(fixedLoanId)}
        onApply={onFiltersChange}
      />
      {log.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label="Loading the audit log">
          <Skeleton h={32} />
          <Skeleton h={32} />
          <Skeleton h={32} />
        </Stack>
      ) : badFilter ? (
        <Alert color="orange" variant="light" title="Check the filters">
          {badFilter.fields.length > 0 ? badFilter.fields.map((f) => f.message).join(' ') : badFilter.message}
        </Alert>
      ) : log.isError ? (
        isTRPCClientError(log.error) && log.error.code === 'FORBIDDEN' ? (
          <Alert color="orange" variant="light" title="Not for your role">
            {log.error.message}
          </Alert>
        ) : (
          <QueryError title="We could not load the audit log" error={log.error} onRetry={() => void log.refetch()} />
        )
      ) : entries.length === 0 ? (
        <Text c="dimmed">No entries match these filters.</Text>
      ) : (
        <>
          <EntriesTable entries={entries} showLoan={!fixedLoanId} />
          <EntriesList entries={entries} showLoan={!fixedLoanId} />
          <Group justify="space-between" gap="sm">
            <Text fz="sm" c="dimmed" role="status">
              {entries.length} {entries.length === 1 ? 'entry' : 'entries'} shown, newest first
            </Text>
            {log.hasNextPage ? (
              <Button variant="default" loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
                Show older entries
              </Button>
            ) : null}
          </Group>
        </>
      )}
      {fixedLoanId ? null : (
        <Text fz="xs" c="dimmed">
          Entries are kept 25 months (Reg B) and cannot be changed. Details name fields, never their values. See also{' '}
          <Anchor component={Link} to={paths.portalManageUsers} fz="xs">
            Manage users
          </Anchor>
          .
        </Text>
      )}
    </Stack>
  );
}
