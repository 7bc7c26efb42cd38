import { Alert, Anchor, Button, Code, Group, List, Modal, Paper, Radio, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useId, useState } from 'react';

import { isTRPCClientError } from '@/api/trpc-client';
import { QueryError } from '@/components/ui/query-error';

import { useExportLoanMutation } from '../api/decisions-export';
import { exportFileUrl, useLoanExports, type ExportTarget, type LoanExport } from '../api/decisions-exports';
import { dateTime } from '../lib/loan-format';

// Export to the loan system: an action of the loan page of its own (for a
// user who may export the loan, loans.export), which opens the export of
// the submitted application as a MISMO 3.4 file and the loan's exports so
// far.

// Alert titles in the text colour: the light variants' own title colours
// (green, orange) are too pale on their backgrounds for WCAG AA.
const readableTitle = { title: { color: 'var(--mantine-color-text)' } };

/** The loan page's Export button and its dialog. */
export function LoanExportAction({ loanId }: { loanId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="light" onClick={() => setOpen(true)}>
        Export to the loan system
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title="Export to the loan system"
        size="xl"
        closeButtonProps={{ 'aria-label': 'Close the export' }}
      >
        {open ? <ExportPanel loanId={loanId} /> : null}
      </Modal>
    </>
  );
}

const statusWords: Record<LoanExport['status'], { label: string; color: string }> = {
  sending: { label: 'Sending', color: 'blue.9' },
  sent: { label: 'Sent', color: 'green.9' },
  failed: { label: 'Failed', color: 'red.9' },
};

function ExportPanel({ loanId }: { loanId: string }) {
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
    <Paper component="section" aria-label="Export to the loan system" bg="white">
      <Stack gap="md">
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
