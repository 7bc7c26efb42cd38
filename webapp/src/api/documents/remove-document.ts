import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { MutationConfig } from '@/lib/react-query';

import { documentsQueryKey } from './get-documents';
import { normalizeDocumentsView } from './shape';
import type { DocumentsView } from './types';

// documents.remove: deletes one of the applicant's uploads (only before the
// application is submitted) and answers the documents after it.

const PROCEDURE = 'documents.remove';

export async function removeDocument({ id }: { id: string }): Promise<DocumentsView> {
  return normalizeDocumentsView(await api.mutate<DocumentsView>(PROCEDURE, { id }));
}

export function useRemoveDocumentMutation(config: MutationConfig<typeof removeDocument> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: removeDocument,
    onSuccess: async (view, input, ...rest) => {
      queryClient.setQueryData(documentsQueryKey, view);
      await queryClient.invalidateQueries({ queryKey: documentsQueryKey });
      return config.onSuccess?.(view, input, ...rest);
    },
  });
}
