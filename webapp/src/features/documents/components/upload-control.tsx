import '@mantine/dropzone/styles.css';

import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { useId, useRef, useState } from 'react';

import type { DocumentParty, DocumentSide, DocumentsView, RequiredDocument } from '@/api/documents/types';
import { useDocuments } from '@/api/documents/get-documents';
import { useUploadDocumentMutation } from '@/api/documents/upload-document';

import { ACCEPT, ACCEPTED_TYPES_TEXT, acceptedFilesText, documentsCount, formatSize, sideLabel } from '../content/document-copy';
import { uploadErrorMessage } from './upload-error';

type UploadControlProps = {
  document: RequiredDocument;
  party: DocumentParty;
  side?: DocumentSide;
  disabled?: boolean;
};

/** The entry of the page that is this document: a condition's by its id, else the policy's own by its type. */
export function sameEntry(document: RequiredDocument) {
  const conditionId = document.condition?.id;
  return (d: RequiredDocument) => (conditionId ? d.condition?.id === conditionId : !d.condition && d.type === document.type);
}

/** What is still missing of a document after an upload, as the answer says. */
function afterUpload(view: DocumentsView, party: DocumentParty, document: RequiredDocument, fileName: string): string {
  const entry = view.requirements.documents[party]?.find(sameEntry(document));
  if (!entry) return `${fileName} uploaded.`;
  if (entry.missing > 0) return `${fileName} uploaded. ${documentsCount(entry.missing)} still missing here.`;
  return `${fileName} uploaded. Nothing is missing here now.`;
}

/**
 * One way in for a document (or one side of an ID): drop a file, pick one
 * (PDF, JPEG, PNG, HEIC) or, on a phone, take a photo with the camera. The
 * file is sent at once; a refused file's reason shows beside the control and
 * the result is announced.
 */
export function UploadControl({ document, party, side, disabled = false }: UploadControlProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const statusId = `${id}-status`;
  const openRef = useRef<() => void>(null);
  const resetCamera = useRef<() => void>(null);
  const [error, setError] = useState<string | null>(null);
  // What the last upload did, while the counts are still the ones it left (a removal makes it stale).
  const [status, setStatus] = useState<{ text: string; uploaded: number | null }>({ text: '', uploaded: null });
  const upload = useUploadDocumentMutation();
  const pending = upload.isPending;
  // The server's limit (UPLOAD_LIMIT): a larger file is refused here, before it is sent.
  const maxFileBytes = useDocuments().data?.maxFileBytes;
  // In the server's words for the same refusal, after the file's name as every refusal here.
  const tooLarge = (file: File) => `${file.name}: The file is larger than ${formatSize(maxFileBytes ?? 0)}.`;
  const what = side ? `${sideLabel(side).toLowerCase()} of your ID` : 'a file';

  const send = async (files: File[]) => {
    setError(null);
    const large = maxFileBytes ? files.find((f) => f.size > maxFileBytes) : undefined;
    if (large) {
      setStatus({ text: '', uploaded: null });
      setError(tooLarge(large));
      return;
    }
    for (const file of files) {
      setStatus({ text: `Uploading ${file.name}…`, uploaded: null });
      try {
        const view = await upload.mutateAsync({ type: document.type, party, side, conditionId: document.condition?.id, file });
        const entry = view.requirements.documents[party]?.find(sameEntry(document));
        setStatus({ text: afterUpload(view, party, document, file.name), uploaded: entry?.uploaded ?? null });
      } catch (err) {
        setStatus({ text: '', uploaded: null });
        setError(`${file.name}: ${uploadErrorMessage(err)}`);
        return;
      }
    }
  };

  const refuse = (rejections: FileRejection[]) => {
    setStatus({ text: '', uploaded: null });
    const [first] = rejections;
    if (!first) return;
    const invalidType = first.errors.some((e) => e.code === 'file-invalid-type');
    const large = first.errors.some((e) => e.code === 'file-too-large');
    setError(
      invalidType
        ? `${first.file.name}: this kind of file can’t be uploaded. Choose a ${ACCEPTED_TYPES_TEXT} file.`
        : large
          ? tooLarge(first.file)
          : `${first.file.name}: ${first.errors.map((e) => e.message).join(' ')}`,
    );
  };

  const uploadLabel = side ? `Upload the ${sideLabel(side).toLowerCase()}` : 'Upload a file';
  const photoLabel = side ? `Take a photo of the ${sideLabel(side).toLowerCase()}` : 'Take a photo';

  return (
    <Stack gap={6}>
      <Dropzone
        onDrop={(files) => void send(files)}
        onReject={refuse}
        accept={ACCEPT}
        maxSize={maxFileBytes}
        multiple={!side}
        openRef={openRef}
        loading={pending}
        disabled={disabled || pending}
        activateOnClick={false}
        activateOnKeyboard={false}
        enablePointerEvents
        radius="md"
        p="md"
        // The picker is opened by the button below; its input stays out of the accessibility tree, not to be a second button.
        inputProps={{ 'aria-label': `${uploadLabel}: ${document.label}`, 'aria-hidden': true }}
      >
        <Stack gap="xs" align="center">
          <Text fz="sm" c="dimmed" ta="center">
            Drop {what} here, or
          </Text>
          <Group gap="sm" justify="center">
            <Button
              size="sm"
              onClick={() => openRef.current?.()}
              disabled={disabled || pending}
              aria-describedby={error ? errorId : undefined}
            >
              {uploadLabel}
            </Button>
            <FileButton
              accept="image/*"
              capture="environment"
              resetRef={resetCamera}
              disabled={disabled || pending}
              onChange={(file) => {
                if (file) void send([file]).finally(() => resetCamera.current?.());
              }}
              inputProps={{ 'aria-label': `${photoLabel}: ${document.label}` }}
            >
              {(props) => (
                <Button size="sm" variant="default" disabled={disabled || pending} aria-describedby={error ? errorId : undefined} {...props}>
                  {photoLabel}
                </Button>
              )}
            </FileButton>
          </Group>
          <Text fz="xs" c="dimmed" ta="center">
            {acceptedFilesText(maxFileBytes)}
          </Text>
        </Stack>
      </Dropzone>
      {error ? (
        <Text id={errorId} fz="sm" c="red.8" role="alert">
          {error}
        </Text>
      ) : null}
      <Text id={statusId} fz="sm" c="dimmed" role="status" aria-live="polite">
        {status.uploaded === null || status.uploaded === document.uploaded ? status.text : ''}
      </Text>
    </Stack>
  );
}
