import { useLocation } from 'react-router';

import { useSaveAnswersMutation } from '../api/save-answers';
import { usePrequalStore } from '../stores/prequal-store';

/**
 * Once the account exists: the answers kept in this browser go to the new
 * loan (prequal.save) and leave the browser. A failed save throws and keeps
 * them, to try again. They are saved as the answers of `from`, the page
 * they were last given on (by default the page the account was made on):
 * the server records the status of the page after it as the one the loan
 * has reached, so the /prequal credit check, where the account is made
 * before the pull, saves them as the page before its own and the loan
 * resumes at the credit check, not past it.
 */
export function useKeepStoredAnswers() {
  const { pathname } = useLocation();
  const save = useSaveAnswersMutation();
  return async (from: string = pathname) => {
    const { answers, clearAnswers } = usePrequalStore.getState();
    await save.mutateAsync({ path: from, answers });
    clearAnswers();
  };
}
