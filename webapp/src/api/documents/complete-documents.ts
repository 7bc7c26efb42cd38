import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { MutationConfig } from '@/lib/react-query';

import { documentsQueryKey } from './get-documents';
import { normalizeDocumentsView } from './shape';
import type { DocumentsView } from './types';

// documents.complete: Continue on the upload page. The server moves the
// loan on to the upload page's step when nothing is missing, else answers a
// field error at `documents` saying what is still missing.

const PROCEDURE = 'documents.complete';

export async function completeDocuments(): Promise<DocumentsView> {
  return normalizeDocumentsView(await api.mutate<DocumentsView>(PROCEDURE));
}

export function useCompleteDocumentsMutation(config: MutationConfig<typeof completeDocuments> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: () => completeDocuments(),
    onSuccess: async (view, input, ...rest) => {
      queryClient.setQueryData(documentsQueryKey, view);
      // The status may have moved: the stepper and the application are asked again.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['funnel', 'pages'] }),
        queryClient.invalidateQueries({ queryKey: ['application', 'get'] }),
      ]);
      return config.onSuccess?.(view, input, ...rest);
    },
  });
}
