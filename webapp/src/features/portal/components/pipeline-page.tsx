import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';

import { PageHeading } from '@/components/ui/page-heading';
import { QueryError } from '@/components/ui/query-error';

import { usePipeline, type PipelineInput, type PipelineRow, type PipelineSort, type StaffRef } from '../api/pipeline-get';
import { decideByText, statusText } from '../lib/credit-format';
import { formatAmount, loanPath, personName } from '../lib/loan-format';

// The pipeline (spec §2 "Portal"): every loan the user may see, searched,
// filtered, sorted and paged. What is asked lives in the URL (q, status,
// state, lo, sort, dir, cursor), so a view can be shared and Back returns
// to it.

type Column = { sort?: PipelineSort; label: string };

const columns: Column[] = [
  { sort: 'name', label: 'Borrower' },
  { sort: 'state', label: 'Property state' },
  { sort: 'amount', label: 'Line amount' },
  { sort: 'status', label: 'Status' },
  { sort: 'activity', label: 'Days since last activity' },
  { label: 'Loan officer' },
  { label: 'Processor' },
];

const sorts: readonly PipelineSort[] = ['activity', 'created', 'name', 'amount', 'state', 'status'];

/** The pipeline's request as the URL holds it. */
function inputFrom(params: URLSearchParams): PipelineInput {
  const sortParam = params.get('sort');
  const sort = sorts.find((s) => s === sortParam);
  const dir = params.get('dir');
  const input: PipelineInput = {};
  const q = params.get('q')?.trim();
  if (q) input.search = q;
  const status = params.get('status');
  if (status) input.statuses = [status];
  const state = params.get('state');
  if (state) input.state = state as PipelineInput['state'];
  const lo = params.get('lo');
  if (lo) input.loanOfficerId = lo;
  if (sort) input.sort = sort;
  if (dir === 'asc' || dir === 'desc') input.direction = dir;
  const cursor = params.get('cursor');
  if (cursor) input.cursor = cursor;
  return input;
}

/** The direction a sort starts in: the latest activity and the largest line first, names and states from A. */
function firstDirection(sort: PipelineSort): 'asc' | 'desc' {
  return sort === 'activity' || sort === 'amount' || sort === 'created' ? 'desc' : 'asc';
}

export function PipelinePage() {
  const [params, setParams] = useSearchParams();
  const input = inputFrom(params);
  const pipeline = usePipeline(input);
  const [search, setSearch] = useState(input.search ?? '');
  const activeSort = input.sort ?? 'activity';
  const activeDir = input.direction ?? firstDirection(activeSort);
  const filtered = Boolean(input.search || input.statuses || input.state || input.loanOfficerId);

  /** A new search, filter or sort starts again from the first page. */
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('cursor' in changes)) next.delete('cursor');
    setParams(next);
  };

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ q: search.trim() || null });
  };

  const sortBy = (sort: PipelineSort) => {
    const dir = sort === activeSort ? (activeDir === 'asc' ? 'desc' : 'asc') : firstDirection(sort);
    update({ sort, dir });
  };

  const view = pipeline.data;
  const statuses = view?.statuses ?? [];
  const loanOfficers = view?.loanOfficers ?? [];

  return (
    <Stack gap="xl">
      <PageHeading
        title="Pipeline"
        help="Every application you may see, with its borrower, property state, line amount, status, days since last activity, loan officer and processor."
      />

      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} bg="white">
        <Stack gap="md">
          <form onSubmit={onSearch} role="search" aria-label="Pipeline">
            <Group align="flex-end" gap="sm" wrap="wrap">
              <TextInput
                label="Search by name or e-mail"
                description="The start of a first or last name, a full name, or an e-mail address"
                value={search}
                onChange={(e) => setSearch(e.currentTarget.value)}
                maxLength={100}
                style={{ flex: '1 1 260px' }}
              />
              <Button type="submit">Search</Button>
            </Group>
          </form>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <NativeSelect
              label="Status"
              value={input.statuses?.[0] ?? ''}
              onChange={(e) => update({ status: e.currentTarget.value || null })}
              data={[{ value: '', label: 'Any status' }, ...statuses.map((s) => ({ value: s.step, label: s.label }))]}
              style={{ flex: '1 1 200px' }}
            />
            <TextInput
              label="Property state (2 letters)"
              defaultValue={input.state ?? ''}
              key={input.state ?? ''}
              maxLength={2}
              onBlur={(e) => {
                const value = e.currentTarget.value.trim().toUpperCase();
                if (value !== (input.state ?? '') && (value === '' || /^[A-Z]{2}$/.test(value))) update({ state: value || null });
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') e.currentTarget.blur();
              }}
              style={{ flex: '0 1 210px' }}
            />
            {loanOfficers.length > 0 ? (
              <NativeSelect
                label="Loan officer"
                value={input.loanOfficerId ?? ''}
                onChange={(e) => update({ lo: e.currentTarget.value || null })}
                data={[
                  { value: '', label: 'Anyone' },
                  { value: 'none', label: 'No loan officer' },
                  ...loanOfficers.map((u) => ({ value: u.id, label: personName(u) })),
                ]}
                style={{ flex: '1 1 200px' }}
              />
            ) : null}
            {filtered ? (
              <Button
                variant="subtle"
                onClick={() => {
                  setSearch('');
                  update({ q: null, status: null, state: null, lo: null });
                }}
              >
                Clear search and filters
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Paper>

      {pipeline.isError ? (
        <QueryError title="The pipeline could not be loaded" error={pipeline.error} onRetry={() => void pipeline.refetch()} />
      ) : !view ? (
        <PipelineSkeleton />
      ) : view.items.length === 0 ? (
        <Paper withBorder radius="lg" p="xl" bg="white">
          <Stack gap="xs" align="flex-start">
            <Text fw={600}>{filtered ? 'No loans match your search and filters.' : 'There are no loans to show yet.'}</Text>
            <Text c="dimmed" fz="sm">
              {filtered
                ? 'Try the start of another name, or clear the filters.'
                : 'Loans assigned to you, or carrying your tag, will be listed here.'}
            </Text>
          </Stack>
        </Paper>
      ) : (
        <Stack gap="md" aria-busy={pipeline.isFetching} data-testid="pipeline-results">
          <PipelineTable rows={view.items} sort={activeSort} dir={activeDir} onSort={sortBy} />
          <PipelineCards rows={view.items} />
          <Group justify="space-between">
            <Button variant="default" disabled={!view.prev} onClick={() => view.prev && update({ cursor: view.prev })}>
              Previous page
            </Button>
            <Button variant="default" disabled={!view.next} onClick={() => view.next && update({ cursor: view.next })}>
              Next page
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}

function PipelineTable({
  rows,
  sort,
  dir,
  onSort,
}: {
  rows: PipelineRow[];
  sort: PipelineSort;
  dir: 'asc' | 'desc';
  onSort: (sort: PipelineSort) => void;
}) {
  return (
    <Paper withBorder radius="lg" bg="white" visibleFrom="sm" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={900}>
        <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
          <Table.Caption>
            <VisuallyHidden>Loans, sorted by {columns.find((c) => c.sort === sort)?.label.toLowerCase()}</VisuallyHidden>
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th
                  key={c.label}
                  aria-sort={c.sort === sort ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {c.sort ? (
                    <UnstyledButton onClick={() => onSort(c.sort!)} fw={600} fz="sm">
                      {c.label}
                      <span aria-hidden="true">{c.sort === sort ? (dir === 'asc' ? ' ▲' : ' ▼') : ''}</span>
                    </UnstyledButton>
                  ) : (
                    c.label
                  )}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.loanId}>
                <Table.Td>
                  <Anchor component={Link} to={loanPath(r.loanId)} fw={600}>
                    {r.borrowerName || 'No name yet'}
                  </Anchor>
                  <Text fz="xs" c="dimmed">
                    {r.borrowerEmail}
                  </Text>
                </Table.Td>
                <Table.Td>{r.propertyState || '—'}</Table.Td>
                <Table.Td>{formatAmount(r.lineAmount)}</Table.Td>
                <Table.Td>
                  <StatusBadges row={r} />
                </Table.Td>
                <Table.Td>{r.daysSinceActivity}</Table.Td>
                <Table.Td>{teamName(r.loanOfficer)}</Table.Td>
                <Table.Td>{teamName(r.processor)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** The loan's status in words, and Reg B's day to decide by once it nears. */
function StatusBadges({ row }: { row: PipelineRow }) {
  return (
    <Group gap={4} wrap="wrap">
      <Badge variant="light" radius="sm" tt="none">
        {statusText(row)}
      </Badge>
      {row.decideBy ? (
        <Badge color="orange" c="dark.9" variant="light" radius="sm" tt="none">
          {decideByText(row.decideBy)}
        </Badge>
      ) : null}
    </Group>
  );
}

/** On a phone, each loan is a card with the same facts. */
function PipelineCards({ rows }: { rows: PipelineRow[] }) {
  return (
    <Stack gap="sm" hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Loans">
      {rows.map((r) => (
        <Card key={r.loanId} withBorder radius="md" component="li" padding="md">
          <Anchor component={Link} to={loanPath(r.loanId)} fw={600}>
            {r.borrowerName || 'No name yet'}
          </Anchor>
          <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {r.borrowerEmail}
          </Text>
          <Group gap="xs" mt="xs">
            <StatusBadges row={r} />
            <Text fz="sm">{r.propertyState || 'State not given'}</Text>
            <Text fz="sm">{formatAmount(r.lineAmount)}</Text>
          </Group>
          <Text fz="sm" mt={4}>
            {r.daysSinceActivity === 1 ? '1 day' : `${r.daysSinceActivity} days`} since last activity
          </Text>
          <Text fz="sm" c="dimmed">
            Loan officer: {teamName(r.loanOfficer)} · Processor: {teamName(r.processor)}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}

function PipelineSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true" aria-label="Loading the pipeline">
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} height={48} radius="md" />
      ))}
    </Stack>
  );
}

function teamName(u: StaffRef | null): string {
  return u ? personName(u) : 'Not assigned';
}
