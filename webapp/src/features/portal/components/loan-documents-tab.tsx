import { Alert, Anchor, Badge, Button, Group, Modal, Paper, Skeleton, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';

import { isTRPCClientError } from '@/api/trpc-client';
import { QueryError } from '@/components/ui/query-error';
import { formatDate } from '@/lib/format';

import { useReviewDocumentMutation } from '../api/documents-review';
import { useEnumLabels } from '../api/enum-labels';
import {
  loanDocumentPreviewUrl,
  loanDocumentUrl,
  previewableTypes,
  useLoanDocuments,
  type LoanRequiredDocument,
  type LoanUploadedDocument,
} from '../api/loan-documents';
import { errorMessage } from '../lib/error-message';
import { personName } from '../lib/loan-format';

// The documents tab: for the borrower and the coborrower, what the
// documents policy requires (required, uploaded, missing per type) and the
// files they uploaded, each downloaded as an attachment (the server checks
// the user may read this loan's documents and records the download) or,
// for a PDF or an image, previewed inline in the page from the same
// address (the same check, the same audit entry). Each
// file shows its review; a user who may review the loan's documents
// (documents.review) accepts or rejects it, a rejection with a note the
// borrower is shown.

export function LoanDocumentsTab({ loanId, canReview = false }: { loanId: string; canReview?: boolean }) {
  const docs = useLoanDocuments(loanId);
  if (docs.isError) {
    return <QueryError title="The documents could not be loaded" error={docs.error} onRetry={() => void docs.refetch()} />;
  }
  const view = docs.data;
  if (!view) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading the documents">
        <Skeleton height={28} width="40%" />
        <Skeleton height={160} />
      </Stack>
    );
  }
  const r = view.requirements;
  const uploads = view.uploads ?? [];
  const people: { party: 'borrower' | 'coborrower'; title: string; required: LoanRequiredDocument[] }[] = [
    { party: 'borrower', title: 'Borrower', required: r.documents.borrower ?? [] },
    ...(r.documents.coborrower ? [{ party: 'coborrower' as const, title: 'Coborrower', required: r.documents.coborrower }] : []),
  ];
  return (
    <Stack gap="xl">
      <Text>
        {r.totalMissing === 0
          ? `All ${r.totalRequired} required documents are in.`
          : `${r.totalMissing} of ${r.totalRequired} required documents ${r.totalMissing === 1 ? 'is' : 'are'} missing.`}
      </Text>
      {people.map((p) => (
        <section key={p.party} aria-labelledby={`documents-${p.party}`}>
          <Title order={2} id={`documents-${p.party}`} fz="h3" mb="sm">
            {p.title}
          </Title>
          <RequiredTable docs={p.required} />
          <UploadList uploads={uploads.filter((u) => u.party === p.party)} labels={p.required} loanId={loanId} canReview={canReview} />
        </section>
      ))}
    </Stack>
  );
}

function RequiredTable({ docs }: { docs: LoanRequiredDocument[] }) {
  if (docs.length === 0) return <Text c="dimmed">Nothing is required yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Document</Table.Th>
            <Table.Th>Required</Table.Th>
            <Table.Th>Uploaded</Table.Th>
            <Table.Th>Missing</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {docs.map((d) => (
            <Table.Tr key={`${d.type}-${d.label}`}>
              <Table.Td>{d.label}</Table.Td>
              <Table.Td>{d.required}</Table.Td>
              <Table.Td>{d.uploaded}</Table.Td>
              <Table.Td>
                {d.missing > 0 ? (
                  <Badge color="red" variant="light" radius="sm" tt="none">
                    {d.missing} missing
                  </Badge>
                ) : (
                  <Badge color="teal" c="dark.9" variant="light" radius="sm" tt="none">
                    Complete
                  </Badge>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function UploadList({
  uploads,
  labels,
  loanId,
  canReview,
}: {
  uploads: LoanUploadedDocument[];
  labels: LoanRequiredDocument[];
  loanId: string;
  canReview: boolean;
}) {
  const review = useReviewDocumentMutation();
  const [rejecting, setRejecting] = useState<LoanUploadedDocument | null>(null);
  const [previewing, setPreviewing] = useState<string | null>(null);
  const enumLabels = useEnumLabels();
  if (uploads.length === 0) {
    return (
      <Text c="dimmed" mt="sm" fz="sm">
        No files uploaded.
      </Text>
    );
  }
  // The kind as the policy asked for it of this person, else as the schema's table words it.
  const labelOf = (type: LoanUploadedDocument['type']) =>
    labels.find((l) => l.type === type)?.label ?? enumLabels.data?.documentType[type] ?? 'Document';
  return (
    <Stack gap="xs" mt="md">
      {/* Why the last accept failed (a new one clears it); a rejection says so in its dialog. */}
      {review.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(review.error)}
        </Alert>
      ) : null}
      <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Files uploaded">
        {uploads.map((u) => (
          <Stack key={u.id} component="li" gap={2}>
            <Group gap="xs" wrap="wrap">
              <Anchor href={loanDocumentUrl(u.id)} download={u.fileName} aria-label={`Download ${u.fileName}`}>
                {u.fileName}
              </Anchor>
              <Text fz="sm" c="dimmed">
                {labelOf(u.type)}
                {u.side ? ` (${u.side === 'front' ? 'front' : 'back'} side)` : ''} · {Math.max(1, Math.round(u.size / 1024))} KB · {formatDate(u.uploadedAt)}
              </Text>
              <ReviewBadge upload={u} />
              {canPreview(u) ? (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  aria-expanded={previewing === u.id}
                  onClick={() => setPreviewing(previewing === u.id ? null : u.id)}
                >
                  {previewing === u.id ? `Hide the preview of ${u.fileName}` : `Preview ${u.fileName}`}
                </Button>
              ) : null}
              {canReview ? (
                <Group gap={6}>
                  {u.review?.status !== 'accepted' ? (
                    <Button
                      size="compact-sm"
                      variant="light"
                      color="teal"
                      c="dark.9"
                      loading={review.isPending && review.variables?.documentId === u.id && review.variables.decision === 'accepted'}
                      onClick={() => review.mutate({ loanId, documentId: u.id, decision: 'accepted' })}
                    >
                      Accept {u.fileName}
                    </Button>
                  ) : null}
                  {u.review?.status !== 'rejected' ? (
                    <Button size="compact-sm" variant="light" color="red" onClick={() => setRejecting(u)}>
                      Reject {u.fileName}
                    </Button>
                  ) : null}
                </Group>
              ) : null}
            </Group>
            {previewing === u.id ? <DocumentPreview upload={u} /> : null}
            {u.review?.note ? (
              <Text fz="sm" c={u.review.status === 'rejected' ? 'red.8' : 'dimmed'}>
                Note: {u.review.note}
              </Text>
            ) : null}
          </Stack>
        ))}
      </Stack>
      {rejecting ? <RejectModal upload={rejecting} loanId={loanId} onClose={() => setRejecting(null)} /> : null}
    </Stack>
  );
}

function canPreview(u: LoanUploadedDocument): boolean {
  return (previewableTypes as readonly string[]).includes(u.contentType);
}

/** A PDF in a frame (the browser's own viewer), an image as it is. */
function DocumentPreview({ upload: u }: { upload: LoanUploadedDocument }) {
  const src = loanDocumentPreviewUrl(u.id);
  return (
    <Paper withBorder radius="md" p="xs" mt={4} maw={900}>
      {u.contentType === 'application/pdf' ? (
        <iframe src={src} title={`Preview of ${u.fileName}`} style={{ width: '100%', height: '70vh', minHeight: 360, border: 0, display: 'block' }} />
      ) : (
        <img src={src} alt={`Preview of ${u.fileName}`} style={{ maxWidth: '100%', height: 'auto', display: 'block' }} />
      )}
    </Paper>
  );
}

function ReviewBadge({ upload: u }: { upload: LoanUploadedDocument }) {
  const r = u.review;
  if (!r || r.status === 'pending') {
    return (
      <Badge color="gray" variant="light" radius="sm" tt="none">
        Not reviewed
      </Badge>
    );
  }
  const who = r.reviewedBy ? ` by ${personName(r.reviewedBy)}` : '';
  const when = r.reviewedAt ? ` on ${formatDate(r.reviewedAt)}` : '';
  return (
    <Badge color={r.status === 'accepted' ? 'teal' : 'red'} c="dark.9" variant="light" radius="sm" tt="none">
      {r.status === 'accepted' ? 'Accepted' : 'Rejected'}
      {who}
      {when}
    </Badge>
  );
}

function RejectModal({ upload: u, loanId, onClose }: { upload: LoanUploadedDocument; loanId: string; onClose: () => void }) {
  const review = useReviewDocumentMutation();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async () => {
    setProblem(null);
    setNoteError(null);
    if (!note.trim()) {
      setNoteError('Say why the document cannot be accepted: the borrower is shown this note.');
      return;
    }
    try {
      await review.mutateAsync({ loanId, documentId: u.id, decision: 'rejected', note: note.trim() });
      onClose();
    } catch (err) {
      const field = isTRPCClientError(err) ? err.fields.find((f) => f.path === 'note') : undefined;
      if (field) setNoteError(field.message);
      else setProblem(errorMessage(err));
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Reject ${u.fileName}`} centered>
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          The file will no longer count toward the documents required, and the borrower will be asked to upload another, with your note.
        </Text>
        <Textarea
          label="Note to the borrower"
          description="Say what is wrong with the file. The borrower sees this note."
          required
          rows={3}
          maxLength={1000}
          value={note}
          error={noteError}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        {problem ? (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={() => void submit()} loading={review.isPending}>
            Reject {u.fileName}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
