import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { MutationConfig } from '@/lib/react-query';

import { applicationQueryKey, type ApplicationView } from './get-application';
import { draftQueryKey } from './get-draft';

// application.save: validates a page's section on the server, merges it
// into the stored application, deletes the page's draft and moves the
// loan's applicationStatus on to the page's step (never back). Field errors
// come back at `section.<field>`, the names the section forms use. A
// sensitive field left out (the SSN) keeps its stored value.

/** The page's path names the section's definition; the section is that page's part of the application. */
export type SaveApplicationInput = { path: string; section: object };

const PROCEDURE = 'application.save';

export async function saveApplication(input: SaveApplicationInput): Promise<ApplicationView> {
  return api.mutate<ApplicationView>(PROCEDURE, input);
}

/**
 * The saved application becomes the cached application.get; the page's
 * draft is gone, and the stepper (funnel.pages) is asked again, since the
 * status may have moved.
 */
export function useSaveApplicationMutation(config: MutationConfig<typeof saveApplication> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: saveApplication,
    onSuccess: async (saved, input, ...rest) => {
      queryClient.setQueryData(applicationQueryKey, saved);
      // The draft is gone on the server; set, not removed, so a page that stays shows on (no reload of its form).
      queryClient.setQueryData(draftQueryKey(input.path), { draft: null, savedAt: null });
      await queryClient.invalidateQueries({ queryKey: ['funnel', 'pages'] });
      return config.onSuccess?.(saved, input, ...rest);
    },
  });
}
