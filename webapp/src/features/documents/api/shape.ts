import { is } from '@/api/shape';

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
    documents: is.shape({ borrower: is.arrayOf(isRequired), coborrower: is.nullable(is.arrayOf(isRequired)) }),
  }),
  uploads: is.arrayOf(is.shape({ id: is.string, type: is.string, party: is.string, fileName: is.string })),
  readOnly: is.boolean,
});
