import {
  Alert,
  Badge,
  Button,
  Checkbox,
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

import { QueryError } from '@/components/ui/query-error';

import { useLoanDecisions, type DecisionsPage, type StoredDecision, type TableRow } from '../api/decisions-list';
import { useDecisionReplay, type DecisionChange } from '../api/decisions-replay';
import { dateTime } from '../lib/loan-format';
import { decidedUnderWords, explainedWords, publishedWords, shortRevision, todayWords } from '../lib/revision-format';

// The loan page's Decisions tab (spec §2 "Portal": decisions, "each rule
// outcome with its reason and revision, replay"): every policy decision
// stored for the loan, newest first, with the rules and table rows behind
// its reasons, by the rules of the revision that made it (its stored
// source), with who published that revision and whether today's rules would
// decide otherwise; a replay of each under today's rules that shows what
// would change. The credit decisions are listed unless the user asks for the page
// decisions too (what a page of the application shows or asks). The export
// to the loan system is an action of the loan page (loan-export.tsx).

// Alert titles in the text colour: the light variants' own title colours
// (green, orange) are too pale on their backgrounds for WCAG AA.
const readableTitle = { title: { color: 'var(--mantine-color-text)' } };

const short = shortRevision;

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
  const [withPages, setWithPages] = useState(false);
  const decisions = useLoanDecisions(loanId, kind, { credit: !withPages });
  return (
    <Stack gap="xl">
      <DecisionsSection
        loanId={loanId}
        kind={kind}
        onKind={setKind}
        withPages={withPages}
        onWithPages={(on) => {
          setWithPages(on);
          setKind('');
        }}
        decisions={decisions}
      />
    </Stack>
  );
}

type DecisionsQuery = ReturnType<typeof useLoanDecisions>;

function DecisionsSection({
  loanId,
  kind,
  onKind,
  withPages,
  onWithPages,
  decisions,
}: {
  loanId: string;
  kind: string;
  onKind: (k: string) => void;
  withPages: boolean;
  onWithPages: (on: boolean) => void;
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
  const kinds = page.kinds.filter((k) => withPages || !k.page);
  const total = kinds.reduce((n, k) => n + k.count, 0);
  const pageCount = page.kinds.filter((k) => k.page).reduce((n, k) => n + k.count, 0);
  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Title order={3} fz="lg" id={headingId}>
        {withPages ? 'Decisions' : 'Credit decisions'} ({total})
      </Title>
      <Text fz="sm" c="dimmed">
        {withPages
          ? 'Every decision the policies made for this loan, newest first.'
          : 'The policies’ decisions on the credit (eligibility, offers, notices, underwriting), newest first.'}{' '}
        Today’s rules are revision <Code>{short(page.revision)}</Code>.
      </Text>
      <Checkbox
        label={`Show page decisions too (${pageCount}): what each page of the application showed or asked`}
        checked={withPages}
        onChange={(e) => onWithPages(e.currentTarget.checked)}
      />
      {kinds.length > 1 ? (
        <Radio.Group label="Show" value={kind} onChange={onKind}>
          <Group gap="md" mt={6}>
            <Radio value="" label={`All (${total})`} />
            {kinds.map((k) => (
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
        <Stack gap={2}>
          <Text fz="sm">{decidedUnderWords(d.revision, d.publication)}</Text>
          {!current ? (
            <Text fz="sm" fw={d.todayDiffers ? 600 : undefined}>
              {todayWords(d.revision, page.revision, d.todayDiffers)}
              {d.todayDiffers && page.canReplay ? ' Replay it to see how.' : ''}
            </Text>
          ) : null}
        </Stack>
        <Reasons decision={d} />
        <Text fz="xs" c="dimmed">
          {explainedWords(d.revision, d.explainedUnder)}
        </Text>
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
                    No rule of revision {short(d.explainedUnder)} gives this code.
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
  const revisions =
    r.storedRevision === r.currentRevision
      ? `Stored and replayed under revision ${short(r.currentRevision)} (${publishedWords(r.currentPublication)}).`
      : `Stored under revision ${short(r.storedRevision)} (${publishedWords(r.storedPublication)}), replayed under today’s revision ${short(r.currentRevision)} (${publishedWords(r.currentPublication)}).` +
        (r.reproduced === true ? ` Revision ${short(r.storedRevision)}’s own rules still give the stored result.` : '') +
        (r.reproduced === false ? ` Revision ${short(r.storedRevision)}’s own rules no longer give the stored result.` : '');
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
