import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { paths } from '@/config/paths';

import type { Eligibility } from '../../api/get-quote';
import { usePrequalStore } from '../../stores/prequal-store';

// An ineligible answer goes to its ineligible page with the policy's
// reasons. They travel in the navigation's state and are kept in the
// prequal store's spec fields (isAdverseAction: the answer was decided on
// the bureau's data, so a notice applies; adverseActionMessage: the
// reasons, one a line), so a refresh or a later visit in this browser shows
// them. Signing out resets the store, and with it the reasons.

/** estimate: decided on what the homeowner told us; bureau: on the credit report. */
export type OutcomeSource = 'estimate' | 'bureau';

export type Outcome = { reasons: string[]; source: OutcomeSource };

function isOutcome(v: unknown): v is Outcome {
  const o = v as Outcome | null;
  return Boolean(o) && Array.isArray(o!.reasons) && (o!.source === 'estimate' || o!.source === 'bureau');
}

/** Keeps an outcome's reasons in the prequal store. */
export function rememberOutcome({ reasons, source }: Outcome) {
  usePrequalStore.getState().update({ isAdverseAction: source === 'bureau', adverseActionMessage: reasons.join('\n') });
}

/**
 * A function that, for an ineligible answer, keeps its reasons and goes to
 * its page (replacing the page that asked, so Back does not ask again).
 * Returns whether it went: false for an eligible answer, or one whose
 * policy names no page.
 */
export function useGoToIneligible() {
  const navigate = useNavigate();
  return useCallback(
    (eligibility: Pick<Eligibility, 'eligible' | 'ineligiblePage' | 'reasons'>, source: OutcomeSource): boolean => {
      const to = eligibility.ineligiblePage ? paths.ineligible[eligibility.ineligiblePage] : undefined;
      if (eligibility.eligible || !to) return false;
      const outcome: Outcome = { reasons: eligibility.reasons.map((r) => r.message), source };
      rememberOutcome(outcome);
      void navigate(to, { replace: true, state: { outcome } });
      return true;
    },
    [navigate],
  );
}

/** The outcome this page was reached with, else the one kept in this browser; null when there is none. */
export function useRememberedOutcome(): Outcome | null {
  const state = useLocation().state as { outcome?: unknown } | null;
  const isAdverseAction = usePrequalStore((s) => s.isAdverseAction);
  const message = usePrequalStore((s) => s.adverseActionMessage);
  if (isOutcome(state?.outcome)) return state.outcome;
  if (!message) return null;
  return { reasons: message.split('\n').filter(Boolean), source: isAdverseAction ? 'bureau' : 'estimate' };
}
