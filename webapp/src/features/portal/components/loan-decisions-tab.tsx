import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  List,
  Paper,
  Radio,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useId, useState } from 'react';

import { isTRPCClientError } from '@/api/trpc-client';
import { QueryError } from '@/components/ui/query-error';

import { useExportLoanMutation } from '../api/decisions-export';
import { exportFileUrl, useLoanExports, type ExportTarget, type LoanExport } from '../api/decisions-exports';
import { useLoanDecisions, type DecisionsPage, type StoredDecision, type TableRow } from '../api/decisions-list';
import { useDecisionReplay, type DecisionChange } from '../api/decisions-replay';
import { dateTime } from '../lib/loan-format';

// The loan page's Decisions tab (spec §2 "Portal": decisions, "each rule
// outcome with its reason and revision, replay"): every policy decision
// stored for the loan, newest first, with the rules and table rows behind
// its reasons; a replay of each under today's rules that shows what would
// change; and, for a user who may export the loan, the export of the
// submitted application to the loan system.

// Alert titles in the text colour: the light variants' own title colours
// (green, orange) are too pale on their backgrounds for WCAG AA.
const readableTitle = { title: { color: 'var(--mantine-color-text)' } };

/** A revision as people quote it: its first 12 hex digits. */
function short(revision: string): string {
  return revision.slice(0, 12);
}

/** A JSON value in one line, as a replay's before and after show it. */
function shown(v: unknown): string {
  return v === undefined ? '(not there)' : JSON.stringify(v);
}

/** A table row's values but its id, as "minimum: 660, max: 0.85". */
function rowValues(row: TableRow): string {
  return Object.entries(row.values as Record<string, unknown>)
    .filter(([k]) => k !== 'id')
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(', ');
}

/** The Decisions tab of the loan page. */
export function LoanDecisionsTab({ loanId }: { loanId: string }) {
  const [kind, setKind] = useState('');
  const decisions = useLoanDecisions(loanId, kind);
  const first = decisions.data?.pages[0];
  return (
    <Stack gap="xl">
      {first?.canExport ? <ExportPanel loanId={loanId} /> : null}
      <DecisionsSection loanId={loanId} kind={kind} onKind={setKind} decisions={decisions} />
    </Stack>
  );
}

type DecisionsQuery = ReturnType<typeof useLoanDecisions>;

function DecisionsSection({
  loanId,
  kind,
  onKind,
  decisions,
}: {
  loanId: string;
  kind: string;
  onKind: (k: string) => void;
  decisions: DecisionsQuery;
}) {
  const headingId = useId();
  if (decisions.isPending) {
    return (
      <Stack gap="md">
        <VisuallyHidden role="status">Loading the decisions</VisuallyHidden>
        <Skeleton h={140} aria-hidden="true" />
        <Skeleton h={140} aria-hidden="true" />
      </Stack>
    );
  }
  if (decisions.isError) {
    return <QueryError title="We couldn’t load the decisions" error={decisions.error} onRetry={() => void decisions.refetch()} />;
  }
  const pages = decisions.data.pages;
  const page = pages[0]!;
  const items = pages.flatMap((p) => p.items);
  const total = page.kinds.reduce((n, k) => n + k.count, 0);
  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Title order={3} fz="lg" id={headingId}>
        Decisions ({total})
      </Title>
      <Text fz="sm" c="dimmed">
        Every decision the policies made for this loan, newest first. Today’s rules are revision <Code>{short(page.revision)}</Code>.
      </Text>
      {page.kinds.length > 1 ? (
        <Radio.Group label="Show" value={kind} onChange={onKind}>
          <Group gap="md" mt={6}>
            <Radio value="" label={`All (${total})`} />
            {page.kinds.map((k) => (
              <Radio key={k.entrypoint} value={k.entrypoint} label={`${k.title} (${k.count})`} />
            ))}
          </Group>
        </Radio.Group>
      ) : null}
      {items.length === 0 ? (
        <Text c="dimmed" fz="sm">
          No decision has been stored for this loan yet.
        </Text>
      ) : (
        items.map((d) => <DecisionCard key={d.id} loanId={loanId} decision={d} page={page} />)
      )}
      {decisions.hasNextPage ? (
        <Group>
          <Button variant="default" loading={decisions.isFetchingNextPage} onClick={() => void decisions.fetchNextPage()}>
            Show older decisions
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

function DecisionCard({ loanId, decision: d, page }: { loanId: string; decision: StoredDecision; page: DecisionsPage }) {
  const titleId = useId();
  const [asked, setAsked] = useState(false);
  const current = d.revision === page.revision;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="article" aria-labelledby={titleId} bg="white">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2}>
            <Title order={4} fz="md" id={titleId}>
              {d.title}
            </Title>
            <Text fz="sm" c="dimmed">
              {dateTime(d.createdAt)} · revision <Code>{short(d.revision)}</Code>
              {current ? ' (today’s rules)' : ' (earlier rules)'} · <Code>{d.entrypoint}</Code>
            </Text>
          </Stack>
          {d.summary ? (
            <Badge variant="light" color={/^(Not eligible|No offer)/.test(d.summary) ? 'orange' : 'blue'} style={{ textTransform: 'none' }}>
              {d.summary}
            </Badge>
          ) : null}
        </Group>
        <Reasons decision={d} />
        {!current ? (
          <Text fz="xs" c="dimmed">
            Rules and table values above are today’s (revision {short(d.explainedUnder)}); this decision was made under revision {short(d.revision)}.
            Replay it to see what today’s rules would decide.
          </Text>
        ) : null}
        <details>
          <summary style={{ cursor: 'pointer' }}>
            <Text span fz="sm">
              Show the input and the result
            </Text>
          </summary>
          <Stack gap="xs" mt="xs">
            <Text fz="xs" fw={600}>
              Input
            </Text>
            <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {JSON.stringify(d.input, null, 2)}
            </Code>
            <Text fz="xs" fw={600}>
              Result
            </Text>
            <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {JSON.stringify(d.result, null, 2)}
            </Code>
          </Stack>
        </details>
        {page.canReplay ? (
          <Stack gap="xs">
            <Group>
              <Button variant="light" size="sm" onClick={() => setAsked(true)} disabled={asked}>
                Replay under today’s rules
              </Button>
            </Group>
            {asked ? <ReplayResult loanId={loanId} decisionId={d.id} title={d.title} /> : null}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}

function Reasons({ decision: d }: { decision: StoredDecision }) {
  const { reasons, rows } = d.explanation;
  if (reasons.length === 0 && rows.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        No reason was given and no table row is named.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      {reasons.length > 0 ? (
        <List spacing="sm" fz="sm" aria-label={`Reasons of the ${d.title.toLowerCase()} decision`}>
          {reasons.map((r) => (
            <List.Item key={`${r.code}-${r.message}-${r.row?.id ?? ''}`}>
              <Stack gap={2}>
                <Text fz="sm">
                  <Code>{r.code}</Code> {r.message}
                </Text>
                {r.rule ? (
                  <Text fz="xs" c="dimmed">
                    Rule: <strong>{r.rule.title}</strong>
                    {r.rule.description ? ` — ${r.rule.description}` : ''} Source: {r.rule.source || 'not given'} ({r.rule.location}).
                  </Text>
                ) : (
                  <Text fz="xs" c="dimmed">
                    No rule of today’s policies gives this code.
                  </Text>
                )}
                {r.row ? (
                  <Text fz="xs" c="dimmed">
                    Table row <Code>{r.row.id}</Code> of <Code>{r.row.table}</Code>: {rowValues(r.row)}
                  </Text>
                ) : null}
              </Stack>
            </List.Item>
          ))}
        </List>
      ) : (
        <Text fz="sm">No reasons: nothing stood in the way.</Text>
      )}
      {rows.length > 0 ? (
        <Stack gap={4}>
          <Text fz="xs" fw={600}>
            Table rows it names
          </Text>
          <List spacing={4} fz="xs" c="dimmed">
            {rows.map((r) => (
              <List.Item key={r.field}>
                <Code>{r.field}</Code> → row <Code>{r.row.id}</Code> of <Code>{r.row.table}</Code>: {rowValues(r.row)}
              </List.Item>
            ))}
          </List>
        </Stack>
      ) : null}
    </Stack>
  );
}

function ReplayResult({ loanId, decisionId, title }: { loanId: string; decisionId: string; title: string }) {
  const replay = useDecisionReplay(loanId, decisionId, true);
  if (replay.isPending) {
    return (
      <Text fz="sm" role="status">
        Replaying…
      </Text>
    );
  }
  if (replay.isError) {
    return <QueryError title="The decision could not be replayed" error={replay.error} onRetry={() => void replay.refetch()} />;
  }
  const r = replay.data;
  const revisions = `Stored under revision ${short(r.storedRevision)}, replayed under today’s revision ${short(r.currentRevision)}.`;
  if (!r.changed) {
    return (
      <Alert color="green" variant="light" styles={readableTitle} title="No change" role="status">
        <Text fz="sm">Today’s rules decide the same. {revisions}</Text>
      </Alert>
    );
  }
  return (
    <Alert color="orange" variant="light" styles={readableTitle} title={`Today’s rules would change ${r.changes.length === 1 ? 'one field' : `${r.changes.length} fields`}`} role="status">
      <Stack gap="xs">
        <Text fz="sm">
          {revisions}
          {r.summary ? ` Today: ${r.summary}.` : ''}
        </Text>
        <ChangesTable changes={r.changes} caption={`What today’s rules change in the ${title.toLowerCase()} decision`} />
      </Stack>
    </Alert>
  );
}

function ChangesTable({ changes, caption }: { changes: DecisionChange[]; caption: string }) {
  const captionId = useId();
  return (
    <Stack gap={4}>
      {/* The caption stays put above a table that scrolls sideways on a phone. */}
      <Text fz="xs" fw={600} id={captionId}>
        {caption}
      </Text>
      <Table.ScrollContainer minWidth={480}>
        <Table withTableBorder withColumnBorders fz="xs" bg="white" aria-labelledby={captionId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Field</Table.Th>
              <Table.Th scope="col">Was</Table.Th>
              <Table.Th scope="col">Would be</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {changes.map((c) => (
              <Table.Tr key={c.path}>
                <Table.Th scope="row">
                  <Code>{c.path || '(the whole result)'}</Code>
                </Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{shown(c.old)}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{shown(c.new)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

const statusWords: Record<LoanExport['status'], { label: string; color: string }> = {
  sending: { label: 'Sending', color: 'blue.9' },
  sent: { label: 'Sent', color: 'green.9' },
  failed: { label: 'Failed', color: 'red.9' },
};

function ExportPanel({ loanId }: { loanId: string }) {
  const headingId = useId();
  const exports = useLoanExports(loanId);
  const [target, setTarget] = useState<ExportTarget | ''>('');
  const [missing, setMissing] = useState(false);
  const send = useExportLoanMutation();
  if (exports.isPending) {
    return <Skeleton h={120} aria-hidden="true" />;
  }
  if (exports.isError) {
    return <QueryError title="We couldn’t load the loan’s exports" error={exports.error} onRetry={() => void exports.refetch()} />;
  }
  const view = exports.data;
  const name = (id: string) => view.targets.find((t) => t.id === id)?.name ?? id;
  const refusal = send.error && isTRPCClientError(send.error) ? send.error : null;
  const sent = send.data;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={headingId} bg="white">
      <Stack gap="md">
        <Title order={3} fz="lg" id={headingId}>
          Export to the loan system
        </Title>
        {!view.submitted ? (
          <Text fz="sm" c="dimmed">
            The application has not been submitted yet. Only a submitted application is exported.
          </Text>
        ) : (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (!target) {
                setMissing(true);
                return;
              }
              send.mutate({ loanId, target });
            }}
          >
            <Stack gap="sm">
              <Text fz="sm" c="dimmed">
                The application goes as a MISMO 3.4 file. It is checked first for what the chosen system needs.
              </Text>
              <Radio.Group
                label="Loan system"
                value={target}
                onChange={(v) => {
                  setTarget(v as ExportTarget);
                  setMissing(false);
                  send.reset();
                }}
                error={missing ? 'Choose the loan system to send the application to.' : undefined}
              >
                <Group gap="md" mt={6}>
                  {view.targets.map((t) => (
                    <Radio key={t.id} value={t.id} label={t.name} />
                  ))}
                </Group>
              </Radio.Group>
              <Group>
                <Button type="submit" loading={send.isPending}>
                  {target ? `Export to ${name(target)}` : 'Export the application'}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
        {refusal ? (
          <Alert color="red" variant="light" styles={readableTitle} title={refusal.message} role="alert">
            {refusal.fields.length > 0 ? (
              <List fz="sm" spacing={4}>
                {refusal.fields.map((f) => (
                  <List.Item key={f.path}>{f.message}</List.Item>
                ))}
              </List>
            ) : null}
          </Alert>
        ) : send.error ? (
          <QueryError title="The application could not be exported" error={send.error} />
        ) : null}
        {sent ? <ExportResult loanId={loanId} sent={sent} name={name(sent.target)} /> : null}
        {view.exports.length > 0 ? <ExportsTable loanId={loanId} exports={view.exports} name={name} /> : null}
      </Stack>
    </Paper>
  );
}

function ExportResult({ loanId, sent, name }: { loanId: string; sent: LoanExport; name: string }) {
  if (sent.status !== 'sent') {
    return (
      <Alert color="red" variant="light" styles={readableTitle} title={`${name} did not take the file`} role="alert">
        <Text fz="sm">
          The {sent.system} answered: {sent.error || 'no answer'}. The attempt is recorded; try again later.
        </Text>
      </Alert>
    );
  }
  return (
    <Alert color="green" variant="light" styles={readableTitle} title={`Sent to ${name}`} role="status">
      <Stack gap={4}>
        <Text fz="sm">
          Receipt from the {sent.system}: <Code>{sent.receipt}</Code>
        </Text>
        <Text fz="sm">
          File SHA-256: <Code style={{ overflowWrap: 'anywhere' }}>{sent.sha256}</Code>
        </Text>
        <Anchor href={exportFileUrl(loanId, sent.id)} download fz="sm">
          Download the MISMO file
        </Anchor>
      </Stack>
    </Alert>
  );
}

function ExportsTable({ loanId, exports, name }: { loanId: string; exports: LoanExport[]; name: (id: string) => string }) {
  const captionId = useId();
  return (
    <Stack gap={4}>
      <Text fz="sm" fw={600} id={captionId}>
        Exports of this loan, newest first
      </Text>
      <Table.ScrollContainer minWidth={640}>
        <Table withTableBorder fz="sm" aria-labelledby={captionId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">When</Table.Th>
              <Table.Th scope="col">Loan system</Table.Th>
              <Table.Th scope="col">Status</Table.Th>
              <Table.Th scope="col">Receipt</Table.Th>
              <Table.Th scope="col">By</Table.Th>
              <Table.Th scope="col">File</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {exports.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td>{dateTime(e.createdAt)}</Table.Td>
                <Table.Td>
                  {name(e.target)} ({e.system})
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text span fz="sm" fw={600} c={statusWords[e.status].color}>
                    {statusWords[e.status].label}
                  </Text>
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{e.status === 'failed' ? e.error : e.receipt}</Table.Td>
                <Table.Td>{e.actorEmail}</Table.Td>
                <Table.Td>
                  <Anchor href={exportFileUrl(loanId, e.id)} download aria-label={`Download the file sent to ${name(e.target)} on ${dateTime(e.createdAt)}`}>
                    Download
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
