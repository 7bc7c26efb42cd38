import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';
import type { MutationConfig } from '@/lib/react-query';

import { loanNotesQueryKey, type LoanNote } from './notes-list';

// portal.addNote: adds a note to the loan file (loans.update). Notes are
// kept as written: there is no edit or delete. A field error names body.

export type AddNoteInput = components['schemas']['AddNoteInput'];

const PROCEDURE = 'portal.addNote';

export async function addNote(input: AddNoteInput): Promise<LoanNote> {
  return api.mutate<LoanNote>(PROCEDURE, input);
}

export function useAddNoteMutation(config: MutationConfig<typeof addNote> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: addNote,
    onSuccess: async (note, input, ...rest) => {
      await queryClient.invalidateQueries({ queryKey: loanNotesQueryKey(input.loanId) });
      return config.onSuccess?.(note, input, ...rest);
    },
  });
}
