import { useLocation } from 'react-router';

import { useSaveAnswersMutation } from '../api/save-answers';
import { usePrequalStore } from '../stores/prequal-store';

/**
 * Once the account exists: the answers kept in this browser go to the new
 * loan (prequal.save, from the page the account was made on) and leave the
 * browser. A failed save throws and keeps them, to try again.
 */
export function useKeepStoredAnswers() {
  const { pathname } = useLocation();
  const save = useSaveAnswersMutation();
  return async () => {
    const { answers, clearAnswers } = usePrequalStore.getState();
    await save.mutateAsync({ path: pathname, answers });
    clearAnswers();
  };
}
