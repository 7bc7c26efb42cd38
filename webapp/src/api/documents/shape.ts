import { is } from '@/api/shape';

import type { DocumentsView, RequiredDocument } from './types';

const isRequired = is.shape({
  type: is.string,
  label: is.string,
  category: is.string,
  required: is.number,
  uploaded: is.number,
  missing: is.number,
});

/** The parts of a DocumentsView the pages compute with. */
export const isDocumentsView = is.shape({
  requirements: is.shape({
    totalMissing: is.number,
    documents: is.shape({ borrower: is.nullable(is.arrayOf(isRequired)), coborrower: is.nullable(is.arrayOf(isRequired)) }),
  }),
  uploads: is.nullable(is.arrayOf(is.shape({ id: is.string, type: is.string, party: is.string, fileName: is.string }))),
  readOnly: is.boolean,
});

/** A view with its lists always lists: a list the server left empty may come as null. */
export function normalizeDocumentsView(view: DocumentsView): DocumentsView {
  const fix = (docs: RequiredDocument[] | null) => (docs ?? []).map((d) => ({ ...d, reasons: d.reasons ?? [] }));
  const { documents } = view.requirements;
  return {
    ...view,
    requirements: {
      ...view.requirements,
      documents: { borrower: fix(documents.borrower), coborrower: documents.coborrower === null ? null : fix(documents.coborrower) },
    },
    uploads: view.uploads ?? [],
  };
}
