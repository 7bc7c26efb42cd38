import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';
import type { MutationConfig } from '@/lib/react-query';

import type { LoanDocumentsView } from './loan-documents';
import { loanQueryKey } from './loan-get';

// portal.reviewDocument: a portal user who may review this loan's
// documents (documents.review) accepts or rejects one, with a note the
// borrower is shown (required when rejecting: a field error at note). The
// answer is the loan's documents as they now stand: a rejected file no
// longer counts, so its type is missing again.

export type ReviewDocumentInput = components['schemas']['ReviewDocumentInput'];

const PROCEDURE = 'portal.reviewDocument';

/** The review, and the loan it is about (for the caches; not sent). */
export type ReviewDocumentVariables = ReviewDocumentInput & { loanId: string };

export async function reviewDocument(v: ReviewDocumentVariables): Promise<LoanDocumentsView> {
  const input: ReviewDocumentInput = { documentId: v.documentId, decision: v.decision, ...(v.note ? { note: v.note } : {}) };
  return api.mutate<LoanDocumentsView>(PROCEDURE, input);
}

export function useReviewDocumentMutation(config: MutationConfig<typeof reviewDocument> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: reviewDocument,
    onSuccess: async (view, input, ...rest) => {
      // The loan and every query under its key (its documents among them)
      // read again, once: loanDocumentsQueryKey extends loanQueryKey.
      await queryClient.invalidateQueries({ queryKey: loanQueryKey(input.loanId) });
      return config.onSuccess?.(view, input, ...rest);
    },
  });
}
