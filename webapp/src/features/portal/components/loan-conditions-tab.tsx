import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  List,
  Modal,
  Paper,
  Radio,
  Select,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useId, useState } from 'react';

import { isTRPCClientError } from '@/api/trpc-client';
import { Form } from '@/components/form/form';
import { useField } from '@/components/form/text-field';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { QueryError } from '@/components/ui/query-error';

import { useAddConditionMutation } from '../api/conditions-add';
import { useClearConditionMutation } from '../api/conditions-clear';
import { useResendConditionMutation } from '../api/conditions-resend';
import {
  useLoanConditions,
  type ConditionCatalogEntry,
  type ConditionKind,
  type ConditionStatus,
  type PortalCondition,
  type PortalConditionsView,
} from '../api/conditions-list';
import { errorMessage } from '../lib/error-message';
import { dateTime } from '../lib/loan-format';

// The loan page's Conditions tab (spec §9 "Underwriting condition codes"):
// the loan's conditions with where each stands, the borrower's answers and
// documents, who set and who cleared each and when; and, for a user who
// may manage them (conditions.manage), adding a condition of the catalogue
// by its code, clearing or waiving one, and sending an e-mail request again.

export const kindWords: Record<ConditionKind, string> = {
  document: 'Document',
  text: 'Question',
  address: 'Address',
  employment: 'Employment',
  email: 'E-mail',
};

/** What the borrower is asked to do, by kind, as the add form explains it. */
const kindHelp: Record<ConditionKind, string> = {
  document: 'The borrower is asked to upload this document on their upload page, where it counts as missing until uploaded.',
  text: 'The borrower is asked this question and answers it in their own words.',
  address: 'The borrower is asked to give the address or addresses.',
  employment: 'The borrower is asked to complete their employment history.',
  email: 'We e-mail the borrower this request now; the condition then waits for you to clear it.',
};

// Colours whose light badges keep the text's contrast (axe's color-contrast).
const statusWords: Record<ConditionStatus, { label: string; color: string; variant: 'light' | 'outline' }> = {
  open: { label: 'Waiting for the borrower', color: 'dark', variant: 'outline' },
  answered: { label: 'Answered: review it', color: 'blue', variant: 'light' },
  sent: { label: 'E-mail sent: waiting', color: 'blue', variant: 'light' },
  cleared: { label: 'Cleared', color: 'harbor', variant: 'light' },
  waived: { label: 'Waived', color: 'gray', variant: 'light' },
};

function who(ref: { firstName: string; lastName: string; email: string } | null | undefined): string {
  if (!ref) return '';
  return [ref.firstName, ref.lastName].filter(Boolean).join(' ') || ref.email;
}

/** The Conditions tab of the loan page. */
export function LoanConditionsTab({ loanId }: { loanId: string }) {
  const conditions = useLoanConditions(loanId);
  if (conditions.isPending) {
    return (
      <Stack gap="md">
        <VisuallyHidden role="status">Loading the conditions</VisuallyHidden>
        <Skeleton h={120} aria-hidden="true" />
        <Skeleton h={120} aria-hidden="true" />
      </Stack>
    );
  }
  if (conditions.isError) {
    return <QueryError title="We couldn’t load the conditions" error={conditions.error} onRetry={() => void conditions.refetch()} />;
  }
  const view = conditions.data;
  const outstanding = view.conditions.filter((c) => c.status !== 'cleared' && c.status !== 'waived');
  const resolved = view.conditions.filter((c) => c.status === 'cleared' || c.status === 'waived');
  return (
    <Stack gap="xl">
      {view.canManage && view.closed ? <Text>This application is closed: no condition is added to it.</Text> : null}
      {view.canManage && !view.closed ? <AddConditionForm view={view} /> : null}
      <ConditionSection title="Outstanding conditions" empty="No condition is outstanding." list={outstanding} view={view} />
      {resolved.length > 0 ? <ConditionSection title="Cleared and waived" empty="" list={resolved} view={view} /> : null}
    </Stack>
  );
}

function ConditionSection({ title, empty, list, view }: { title: string; empty: string; list: PortalCondition[]; view: PortalConditionsView }) {
  const headingId = useId();
  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Title order={3} fz="lg" id={headingId}>
        {title} ({list.length})
      </Title>
      {list.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {empty}
        </Text>
      ) : (
        list.map((c) => <ConditionCard key={c.id} condition={c} view={view} />)
      )}
    </Stack>
  );
}

function ConditionCard({ condition: c, view }: { condition: PortalCondition; view: PortalConditionsView }) {
  const titleId = useId();
  const status = statusWords[c.status];
  const [resolving, setResolving] = useState<'cleared' | 'waived' | null>(null);
  const open = c.status !== 'cleared' && c.status !== 'waived';
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="article" aria-labelledby={titleId} bg="white">
      <Stack gap="xs">
        {/* On a phone the badges go below the title rather than squeeze it to a letter a line. */}
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={4} fz="md" id={titleId} style={{ flex: '1 1 16rem', minWidth: 0, overflowWrap: 'anywhere' }}>
            {c.code} · {c.label}
          </Title>
          <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
            <Badge variant="outline" color="gray">
              {kindWords[c.kind]}
            </Badge>
            <Badge variant={status.variant} color={status.color}>
              {status.label}
            </Badge>
          </Group>
        </Group>
        <Text fz="sm" c="dimmed">
          For the {c.party}. Added by {who(c.addedBy)} on {dateTime(c.addedAt)}.
          {c.mailSentAt ? ` E-mail sent on ${dateTime(c.mailSentAt)}.` : ''}
        </Text>
        {c.note ? (
          <Text fz="sm">
            <Text span fz="sm" fw={600}>
              Note to the borrower:{' '}
            </Text>
            {c.note}
          </Text>
        ) : null}
        <ConditionAnswer condition={c} />
        {c.resolvedAt ? (
          <Text fz="sm">
            {c.status === 'waived' ? 'Waived' : 'Cleared'} by {who(c.resolvedBy)} on {dateTime(c.resolvedAt)}
            {c.resolutionNote ? `: ${c.resolutionNote}` : '.'}
          </Text>
        ) : null}
        {open && view.canManage ? (
          <Group gap="sm" mt="xs">
            <Button size="xs" onClick={() => setResolving('cleared')} aria-describedby={titleId}>
              Clear condition
            </Button>
            <Button size="xs" variant="default" onClick={() => setResolving('waived')} aria-describedby={titleId}>
              Waive condition
            </Button>
            {c.kind === 'email' && !view.closed ? <ResendButton condition={c} loanId={view.loanId} titleId={titleId} /> : null}
          </Group>
        ) : null}
      </Stack>
      {resolving ? <ResolveModal condition={c} loanId={view.loanId} outcome={resolving} onClose={() => setResolving(null)} /> : null}
    </Paper>
  );
}

/** Sends an open e-mail request again; says so, or why not, beside the button. */
function ResendButton({ condition: c, loanId, titleId }: { condition: PortalCondition; loanId: string; titleId: string }) {
  const resend = useResendConditionMutation();
  // What the last send said, read from the mutation (a new send clears it).
  const said = resend.isSuccess ? `E-mail sent again on ${dateTime(resend.data.mailSentAt)}.` : resend.isError ? errorMessage(resend.error) : '';
  return (
    <>
      <Button
        size="xs"
        variant="default"
        onClick={() => resend.mutate({ loanId, conditionId: c.id })}
        loading={resend.isPending}
        aria-describedby={titleId}
      >
        Send the e-mail again
      </Button>
      <Text fz="sm" c={resend.isError ? 'red.8' : undefined} role="status">
        {said}
      </Text>
    </>
  );
}

function ConditionAnswer({ condition: c }: { condition: PortalCondition }) {
  if (c.kind === 'document') {
    if (c.documents.length === 0) {
      return (
        <Text fz="sm" c="dimmed">
          Nothing uploaded yet ({c.documentCount || 1} asked).
        </Text>
      );
    }
    return (
      <Stack gap={4}>
        <Text fz="sm" fw={600}>
          Uploaded
        </Text>
        <List fz="sm" spacing={2}>
          {c.documents.map((d) => (
            <List.Item key={d.id}>
              <Anchor href={`/api/documents/${encodeURIComponent(d.id)}`} download fz="sm">
                {d.fileName}
              </Anchor>{' '}
              <Text span c="dimmed" fz="xs">
                {dateTime(d.uploadedAt)}
              </Text>
            </List.Item>
          ))}
        </List>
      </Stack>
    );
  }
  if (c.kind === 'email') return null;
  const a = c.answer;
  if (!a) {
    return (
      <Text fz="sm" c="dimmed">
        Not answered yet.
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      <Text fz="sm" fw={600}>
        The borrower’s answer{c.answeredAt ? `, ${dateTime(c.answeredAt)}` : ''}
      </Text>
      {a.text ? (
        <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {a.text}
        </Text>
      ) : null}
      {a.address ? (
        <List fz="sm" spacing={2}>
          {a.address.addresses.map((e, i) => (
            <List.Item key={i}>
              {e.name ? `${e.name}: ` : ''}
              {[e.address.line1, e.address.line2, e.address.city, `${e.address.state} ${e.address.zip}`].filter(Boolean).join(', ')}
              {e.from || e.to ? ` (${e.from ?? '…'} to ${e.to ?? 'now'})` : ''}
            </List.Item>
          ))}
        </List>
      ) : null}
      {a.employment ? (
        <List fz="sm" spacing={2}>
          {a.employment.employments.map((e, i) => (
            <List.Item key={i}>
              {e.employerName}
              {e.position ? `, ${e.position}` : ''}
              {e.selfEmployed ? ' (self-employed)' : ''}: {e.startDate} to {e.endDate ?? 'now'}
            </List.Item>
          ))}
        </List>
      ) : null}
    </Stack>
  );
}

function ResolveModal({
  condition: c,
  loanId,
  outcome,
  onClose,
}: {
  condition: PortalCondition;
  loanId: string;
  outcome: 'cleared' | 'waived';
  onClose: () => void;
}) {
  const clear = useClearConditionMutation();
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const verb = outcome === 'cleared' ? 'Clear' : 'Waive';
  const submit = async () => {
    setProblem(null);
    try {
      await clear.mutateAsync({ loanId, conditionId: c.id, outcome, note: note.trim() || undefined });
      onClose();
    } catch (err) {
      setProblem(errorMessage(err));
    }
  };
  return (
    <Modal opened onClose={onClose} title={`${verb} condition ${c.code}`} centered>
      <Stack gap="md">
        <Text fz="sm">{c.label}</Text>
        <Text fz="sm" c="dimmed">
          {outcome === 'cleared'
            ? 'Clear it when what it asks has been received and is satisfactory.'
            : 'Waive it when it is no longer needed. The borrower will no longer be asked.'}
        </Text>
        <Textarea label="Note (optional)" rows={3} maxLength={1000} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
        {problem ? (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={clear.isPending}>
            {verb} condition
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

type AddValues = { code: string | null; party: 'borrower' | 'coborrower'; note: string };

function AddConditionForm({ view }: { view: PortalConditionsView }) {
  const headingId = useId();
  const add = useAddConditionMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const form = useSchemaForm<AddValues, 'AddConditionInput'>('AddConditionInput', {
    defaultValues: { code: null, party: 'borrower', note: '' },
    toInput: (v) => ({ loanId: view.loanId, code: v.code ?? '', party: v.party, ...(v.note.trim() ? { note: v.note.trim() } : {}) }),
    required: { code: 'Choose a condition from the list.' },
  });
  const code = form.watch('code');
  const chosen = view.catalog.find((e) => e.code === code);
  const submit = async (input: { loanId: string; code: string; party?: 'borrower' | 'coborrower'; note?: string }) => {
    setProblem(null);
    setAdded(null);
    try {
      const c = await add.mutateAsync(input);
      setAdded(`Condition ${c.code} added${c.kind === 'email' ? ' and e-mailed to the ' + c.party : ''}.`);
      form.reset({ code: null, party: 'borrower', note: '' });
    } catch (err) {
      const fields = isTRPCClientError(err) ? err.fields : [];
      const known = fields.filter((f) => f.path === 'code' || f.path === 'party' || f.path === 'note');
      for (const f of known) form.setError(f.path as keyof AddValues, { type: 'server', message: f.message });
      if (known.length === 0) setProblem(errorMessage(err));
    }
  };
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={headingId} bg="gray.0">
      <Stack gap="sm">
        <Title order={3} fz="lg" id={headingId}>
          Add a condition
        </Title>
        <Form form={form} onSubmit={submit} aria-label="Add a condition">
          <CatalogSelect name="code" catalog={view.catalog} />
          {chosen ? <ChosenCondition entry={chosen} /> : null}
          {view.hasCoborrower ? <PartyField name="party" /> : null}
          <NoteField name="note" />
          {problem ? (
            <Alert color="red" variant="light" role="alert">
              {problem}
            </Alert>
          ) : null}
          <Text fz="sm" fw={500} role="status" aria-live="polite">
            {added ?? ''}
          </Text>
          <Group>
            <Button type="submit" loading={add.isPending}>
              Add condition
            </Button>
          </Group>
        </Form>
      </Stack>
    </Paper>
  );
}

/** The catalogue as a searchable select: each code with its label; typing a code or words finds it. */
function CatalogSelect({ name, catalog }: { name: string; catalog: ConditionCatalogEntry[] }) {
  const { value, onChange, ...field } = useField(name, null);
  return (
    <Select
      {...field}
      label="Condition"
      description="Search by code or words, like 303 or mortgage statement."
      placeholder="Choose a condition"
      searchable
      clearable
      nothingFoundMessage="No condition matches"
      maxDropdownHeight={320}
      comboboxProps={{ withinPortal: true }}
      value={typeof value === 'string' ? value : null}
      onChange={(v) => onChange(v)}
      data={catalog.map((e) => ({ value: e.code, label: `${e.code} · ${e.label}` }))}
      renderOption={({ option }) => {
        const entry = catalog.find((e) => e.code === option.value);
        return (
          <Stack gap={0}>
            <Text fz="sm">{option.label}</Text>
            {entry ? (
              <Text fz="xs" c="dimmed">
                {kindWords[entry.kind]}
              </Text>
            ) : null}
          </Stack>
        );
      }}
    />
  );
}

function ChosenCondition({ entry }: { entry: ConditionCatalogEntry }) {
  return (
    <Alert color="blue" variant="light" title={`${kindWords[entry.kind]} condition`}>
      <Stack gap={4}>
        {entry.kind === 'text' ? (
          <Text fz="sm">
            <Text span fz="sm" fw={600}>
              The question:{' '}
            </Text>
            {entry.label}
          </Text>
        ) : null}
        <Text fz="sm">{kindHelp[entry.kind]}</Text>
        {entry.kind === 'document' && entry.count > 1 ? <Text fz="sm">{entry.count} documents are asked.</Text> : null}
      </Stack>
    </Alert>
  );
}

function PartyField({ name }: { name: string }) {
  const { value, onChange, ref, error, ...field } = useField(name, 'borrower');
  return (
    <Radio.Group {...field} label="Whom it asks" error={error} value={typeof value === 'string' ? value : 'borrower'} onChange={onChange}>
      <Group gap="xl" mt="xs">
        <Radio value="borrower" label="The borrower" ref={ref} />
        <Radio value="coborrower" label="The coborrower" />
      </Group>
    </Radio.Group>
  );
}

function NoteField({ name }: { name: string }) {
  return (
    <Textarea
      label="Note to the borrower (optional)"
      description="Shown to the borrower with the condition, like which account or lien it is about."
      rows={3}
      {...useField(name)}
    />
  );
}
