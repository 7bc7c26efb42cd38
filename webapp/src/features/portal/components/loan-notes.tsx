import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Textarea, Title, VisuallyHidden } from '@mantine/core';
import { useId, useState } from 'react';

import { isTRPCClientError } from '@/api/trpc-client';
import { Form } from '@/components/form/form';
import { useField } from '@/components/form/text-field';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { QueryError } from '@/components/ui/query-error';

import { useAddNoteMutation, type AddNoteInput } from '../api/notes-add';
import { useLoanNotes, type LoanNote } from '../api/notes-list';
import { dateTime, personName } from '../lib/loan-format';

// The loan team's working notes on the Summary tab: every note, newest
// first, with who wrote it and when; a user who may add notes to the loan
// (loans.update) writes one here. Notes are kept as written: there is no
// edit or delete.

/** The Notes section of a loan's Summary tab; canAdd shows the form. */
export function LoanNotes({ loanId, canAdd }: { loanId: string; canAdd: boolean }) {
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} gap="md">
      <Title order={2} id={headingId} fz="h3">
        Notes
      </Title>
      {canAdd ? <AddNoteForm loanId={loanId} /> : null}
      <NoteList loanId={loanId} />
    </Stack>
  );
}

function NoteList({ loanId }: { loanId: string }) {
  const notes = useLoanNotes(loanId);
  if (notes.isPending) {
    return (
      <Stack gap="sm">
        <VisuallyHidden role="status">Loading the notes</VisuallyHidden>
        <Skeleton h={64} aria-hidden="true" />
      </Stack>
    );
  }
  if (notes.isError) {
    return <QueryError title="We couldn’t load the notes" error={notes.error} onRetry={() => void notes.refetch()} />;
  }
  if (notes.data.notes.length === 0) {
    return (
      <Text c="dimmed" fz="sm">
        No notes on this loan yet.
      </Text>
    );
  }
  return (
    <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Notes, newest first">
      {notes.data.notes.map((n) => (
        <NoteItem key={n.id} note={n} />
      ))}
    </Stack>
  );
}

function NoteItem({ note }: { note: LoanNote }) {
  return (
    <Paper component="li" withBorder radius="md" p="md">
      <Group justify="space-between" gap="xs" mb={4}>
        <Text fz="sm" fw={600}>
          {personName(note.author)}
        </Text>
        <Text fz="sm" c="dimmed" component="time" dateTime={note.createdAt}>
          {dateTime(note.createdAt)}
        </Text>
      </Group>
      <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{note.body}</Text>
    </Paper>
  );
}

type Values = { body: string };

function AddNoteForm({ loanId }: { loanId: string }) {
  const add = useAddNoteMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [added, setAdded] = useState('');
  const form = useSchemaForm<Values, 'AddNoteInput'>('AddNoteInput', {
    defaultValues: { body: '' },
    toInput: (v) => ({ loanId, body: v.body }),
    required: { body: 'Write the note first.' },
  });
  const submit = async (input: AddNoteInput) => {
    setProblem(null);
    setAdded('');
    try {
      await add.mutateAsync(input);
      form.reset({ body: '' });
      setAdded('Note added.');
    } catch (err) {
      const fields = isTRPCClientError(err) ? err.fields : [];
      const known = fields.filter((f) => f.path === 'body');
      for (const f of known) form.setError('body', { type: 'server', message: f.message });
      if (known.length === 0) {
        setProblem(
          isTRPCClientError(err) && err.code !== 'INTERNAL_SERVER_ERROR' && err.message
            ? err.message
            : 'The note could not be added. Please try again.',
        );
      }
    }
  };
  return (
    <Form form={form} onSubmit={submit} aria-label="New note">
      <Stack gap="sm" maw={640}>
        <NoteField name="body" />
        {problem ? (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        ) : null}
        <Text fz="sm" fw={500} role="status" aria-live="polite">
          {added}
        </Text>
        <Group>
          <Button type="submit" loading={add.isPending}>
            Add note
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

function NoteField({ name }: { name: string }) {
  return (
    <Textarea
      label="Add a note"
      description="For the loan team: who you spoke to, what was promised, what is next. Notes cannot be edited or removed."
      rows={4}
      maxLength={4000}
      {...useField(name)}
    />
  );
}
