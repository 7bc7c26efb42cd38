import type { components } from '@/api/schema.gen';

// The documents wire: what documents.list, documents.remove,
// documents.complete and POST /api/documents answer. Types from the CUE
// schemas (#DocumentsView, #DocumentRequirements, #RequiredDocument,
// #UploadedDocument). `requirements` is the documents policy's
// data.heloc.documents.requirements as it is; the pages show its `documents`
// lists (per person, in the policy's display order).

type Schemas = components['schemas'];

export type DocumentsView = Schemas['DocumentsView'];
export type DocumentRequirements = Schemas['DocumentRequirements'];
export type RequiredDocument = Schemas['RequiredDocument'];
export type UploadedDocument = Schemas['UploadedDocument'];
export type DocumentType = Schemas['DocumentType'];
export type DocumentCategory = Schemas['DocumentCategory'];

export type DocumentParty = UploadedDocument['party'];
export type DocumentSide = NonNullable<UploadedDocument['side']>;
