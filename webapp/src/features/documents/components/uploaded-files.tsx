import { Anchor, Badge, Button, Group, List, Text } from '@mantine/core';
import { useState } from 'react';

import { documentDownloadUrl } from '@/api/documents/get-documents';
import { useRemoveDocumentMutation } from '@/api/documents/remove-document';
import type { UploadedDocument } from '@/api/documents/types';
import { formatDate } from '@/lib/format';

import { formatSize, sideLabel } from '../content/document-copy';
import { uploadErrorMessage } from './upload-error';

/**
 * Whether the loan team rejected the file and still wants another: the
 * server says a rejected file is replaced once its document misses no file
 * (review.replaced), so the page holds no rule of its own.
 */
export function awaitsReplacement(u: UploadedDocument): boolean {
  return u.review?.status === 'rejected' && u.review.replaced !== true;
}

/**
 * The files uploaded for one document, each with a download link and,
 * while the application is open, a way to remove it. A file the loan team
 * rejected says so with their note and asks for a replacement until one
 * has come; then it is only marked "Replaced", without the note. On an
 * application a credit decision closed, nothing more is asked.
 */
export function UploadedFiles({
  uploads,
  readOnly,
  label,
  closed = false,
}: {
  uploads: UploadedDocument[];
  readOnly: boolean;
  label: string;
  closed?: boolean;
}) {
  const remove = useRemoveDocumentMutation();
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  if (uploads.length === 0 && !status && !error) return null;

  const onRemove = async (upload: UploadedDocument) => {
    setError(null);
    try {
      await remove.mutateAsync({ id: upload.id });
      setStatus(`${upload.fileName} removed.`);
    } catch (err) {
      setError(`${upload.fileName}: ${uploadErrorMessage(err)}`);
    }
  };

  return (
    <div>
      {uploads.length > 0 ? (
        <>
          <Text fz="sm" fw={600}>
            Your files
          </Text>
          <List spacing={6} fz="sm" listStyleType="none" ml={0} pl={0} aria-label={`Uploaded files: ${label}`}>
            {uploads.map((u) => (
              <List.Item key={u.id}>
                <Group gap="xs" wrap="wrap" justify="space-between">
                  <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    <Anchor href={documentDownloadUrl(u.id)} download={u.fileName} fz="sm">
                      {u.fileName}
                    </Anchor>{' '}
                    <Text span fz="xs" c="dimmed">
                      {[u.side ? sideLabel(u.side) : null, formatSize(u.size), u.uploadedAt ? formatDate(u.uploadedAt) : null]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                    {u.review?.status === 'rejected' && !awaitsReplacement(u) ? (
                      <>
                        {' '}
                        <Badge variant="light" color="gray" size="sm">
                          Replaced
                        </Badge>
                      </>
                    ) : null}
                  </div>
                  {readOnly ? null : (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      onClick={() => void onRemove(u)}
                      loading={remove.isPending && remove.variables?.id === u.id}
                      aria-label={`Remove ${u.fileName}`}
                    >
                      Remove
                    </Button>
                  )}
                </Group>
                {!closed && awaitsReplacement(u) ? (
                  <Text fz="sm" c="red.8" mt={4}>
                    {rejectedWords(u.review?.note)}
                  </Text>
                ) : null}
              </List.Item>
            ))}
          </List>
        </>
      ) : null}
      {error ? (
        <Text fz="sm" c="red.8" role="alert">
          {error}
        </Text>
      ) : null}
      <Text fz="sm" c="dimmed" role="status" aria-live="polite">
        {status}
      </Text>
    </div>
  );
}

/** What the borrower is told of a file the loan team rejected and wants replaced. */
function rejectedWords(note: string | null | undefined): string {
  const why = (note ?? '').trim().replace(/[.!?]+$/, '');
  const first = why ? `Your loan team could not accept this file: ${why}.` : 'Your loan team could not accept this file.';
  return `${first} Please upload a replacement.`;
}
