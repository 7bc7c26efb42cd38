import type { DocumentsView, RequiredDocument } from './types';

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
