// What the document pages say. The documents themselves (labels, counts,
// reasons) are the documents policy's; only the frame is written here.

import type { DocumentCategory } from '@/api/documents/types';

/** Spec §9 "Document categories", in words. */
export const categoryLabels: Readonly<Record<DocumentCategory, string>> = {
  APP: 'About you',
  INC: 'Income',
  ASSET: 'Assets',
  CRED: 'Credit and debts',
  PROP: 'Property',
  DOCS: 'Documents',
  MISC: 'Other',
};

export const ACCEPTED_TYPES_TEXT = 'PDF, JPEG, PNG or HEIC';

/** What the file pickers offer: the formats the server accepts (it checks the bytes too). */
export const ACCEPT = {
  'application/pdf': ['.pdf'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/heic': ['.heic'],
  'image/heif': ['.heif'],
};

export function sideLabel(side: 'front' | 'back'): string {
  return side === 'front' ? 'Front' : 'Back';
}

/** "1 document", "3 documents". */
export function documentsCount(n: number): string {
  return `${n} ${n === 1 ? 'document' : 'documents'}`;
}

/** A file's size as people read it: 820 KB, 2.4 MB, 10 MB. */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
}

/** The words under an upload control: the kinds of file taken and, when the server says it, the largest. */
export function acceptedFilesText(maxFileBytes: number | undefined): string {
  return maxFileBytes ? `${ACCEPTED_TYPES_TEXT}, up to ${formatSize(maxFileBytes)}` : ACCEPTED_TYPES_TEXT;
}
