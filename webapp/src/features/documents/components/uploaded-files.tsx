import { Anchor, Button, Group, List, Text } from '@mantine/core';
import { useState } from 'react';

import { formatDate } from '@/lib/format';

import { documentDownloadUrl } from '../api/get-documents';
import { useRemoveDocumentMutation } from '../api/remove-document';
import type { UploadedDocument } from '../api/types';
import { formatSize, sideLabel } from '../content/document-copy';
import { uploadErrorMessage } from './upload-error';

/**
 * The files uploaded for one document, each with a download link and,
 * while the application is open, a way to remove it. A file the loan team
 * rejected says so with their note, and asks for another while the
 * document is missing.
 */
export function UploadedFiles({
  uploads,
  readOnly,
  label,
  missing = 0,
}: {
  uploads: UploadedDocument[];
  readOnly: boolean;
  label: string;
  missing?: number;
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
                {u.review?.status === 'rejected' ? (
                  <Text fz="sm" c="red.8" mt={4}>
                    {rejectedWords(u.review.note, missing > 0)}
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

/** What the borrower is told of a file the loan team rejected. */
export function rejectedWords(note: string | null | undefined, askAgain: boolean): string {
  const why = (note ?? '').trim().replace(/[.!?]+$/, '');
  const first = why ? `Your loan team could not accept this file: ${why}.` : 'Your loan team could not accept this file.';
  return askAgain ? `${first} Please upload another.` : first;
}
