import { useCallback } from 'react';

import { useApplicantSession } from '@/lib/auth/session-store';

import { useSavedAnswers, type PrequalAnswers } from '../api/get-answers';
import { useSaveAnswersMutation } from '../api/save-answers';
import { usePrequalStore } from '../stores/prequal-store';

export type AnswersState =
  | { status: 'pending' }
  | { status: 'error'; error: Error; retry: () => void }
  | { status: 'ready'; answers: PrequalAnswers; signedIn: boolean };

/**
 * The answers a page starts from: the loan's (prequal.answers) once the
 * applicant is signed in, else those kept in this browser's prequal-store.
 */
export function useAnswers(): AnswersState {
  const session = useApplicantSession();
  const signedIn = session.status === 'authenticated';
  const saved = useSavedAnswers({ enabled: signedIn });
  const stored = usePrequalStore((s) => s.answers);
  if (session.status === 'loading') return { status: 'pending' };
  if (!signedIn) return { status: 'ready', answers: stored, signedIn: false };
  if (saved.isPending) return { status: 'pending' };
  if (saved.isError) return { status: 'error', error: saved.error, retry: () => void saved.refetch() };
  return { status: 'ready', answers: saved.data.answers, signedIn: true };
}

/**
 * Saves a page's answers where they live now: with prequal.save on the
 * loan once the applicant is signed in (rejecting with the server's
 * TRPCClientError, field messages at `answers.<field>`), else in the
 * prequal-store until the account exists.
 */
export function useSaveAnswers() {
  const session = useApplicantSession();
  const mutation = useSaveAnswersMutation();
  const saveToStore = usePrequalStore((s) => s.saveAnswers);
  const signedIn = session.status === 'authenticated';
  const { mutateAsync } = mutation;
  const save = useCallback(
    async (path: string, answers: PrequalAnswers): Promise<PrequalAnswers> => {
      if (signedIn) return (await mutateAsync({ path, answers })).answers;
      saveToStore(answers);
      return usePrequalStore.getState().answers;
    },
    [signedIn, mutateAsync, saveToStore],
  );
  return { save, signedIn, isPending: mutation.isPending };
}
