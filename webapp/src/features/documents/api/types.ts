// The documents wire (issue 12 contract): what documents.list,
// documents.remove and POST /api/documents answer. `requirements` is the
// documents policy's data.heloc.documents.requirements as it is; the app
// shows its `documents` lists (per person, in the policy's display order).

export type DocumentParty = 'borrower' | 'coborrower';
export type DocumentSide = 'front' | 'back';

/** Why a document is asked for: a reason code and its words (tables.reasons). */
export type DocumentReason = { code: string; message: string };

/** A kind of document that satisfies a type (an ID's subtypes, with the sides it needs). */
export type DocumentSubtype = { id: string; label: string; sides?: 'both' | 'front' };

/** One document type a person is asked for, with their counts. */
export type RequiredDocument = {
  type: string;
  category: string;
  label: string;
  required: number;
  uploaded: number;
  missing: number;
  countsInTotal: boolean;
  reasons: DocumentReason[];
  subtypes?: DocumentSubtype[];
  /** One label per document (W-2 for 2025, ...), where the type has them. */
  items?: string[];
};

export type PersonRequirements = { required: Record<string, number>; missing: Record<string, number> };

export type DocumentRequirements = {
  borrower: PersonRequirements;
  coborrower: PersonRequirements | null;
  totalRequired: number;
  totalMissing: number;
  documents: { borrower: RequiredDocument[]; coborrower: RequiredDocument[] | null };
};

export type UploadedDocument = {
  id: string;
  type: string;
  party: DocumentParty;
  side: DocumentSide | null;
  fileName: string;
  contentType: string;
  size: number;
  uploadedAt: string;
};

export type DocumentsView = {
  requirements: DocumentRequirements;
  uploads: UploadedDocument[];
  readOnly: boolean;
};
