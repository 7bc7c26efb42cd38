import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';
import type { MutationConfig } from '@/lib/react-query';

import { answersQueryKey, type SavedAnswers } from './get-answers';

// prequal.save: merges a page's answers into the loan's (a key given
// replaces the stored one), validates them on the server, and moves the
// loan's applicationStatus on to the page's step. Field errors come back at
// `answers.<field>`, the paths the question forms use as field names.

export type SaveAnswersInput = components['schemas']['SaveAnswersInput'];

/**
 * The CUE definition a question page validates with before it saves: the
 * input of prequal.save, so the page says what the server would.
 */
export const SAVE_ANSWERS_DEFINITION = 'PrequalSaveInput' as const;

/** The procedure that saves the answers (a page's own refusals are told as its errors are). */
export const SAVE_ANSWERS_PROCEDURE = 'prequal.save';

export async function saveAnswers(input: SaveAnswersInput): Promise<SavedAnswers> {
  return api.mutate<SavedAnswers>(SAVE_ANSWERS_PROCEDURE, input);
}

/**
 * The saved answers become the cached prequal.answers; the pages a loan
 * sees (funnel.pages) may change with an answer, so they are asked again,
 * and the quote decided on the old answers is dropped.
 */
export function useSaveAnswersMutation(config: MutationConfig<typeof saveAnswers> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: saveAnswers,
    onSuccess: async (saved, ...rest) => {
      queryClient.setQueryData(answersQueryKey, saved);
      // The quote was decided on the answers before (the amount chosen among
      // them): a page after this one asks again rather than show it.
      queryClient.removeQueries({ queryKey: ['quote'] });
      await queryClient.invalidateQueries({ queryKey: ['funnel', 'pages'] });
      return config.onSuccess?.(saved, ...rest);
    },
  });
}
