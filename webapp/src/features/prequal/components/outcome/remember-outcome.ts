import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { paths } from '@/config/paths';

import { outcomeOf, type Decided } from '../../api/decision';
import { usePrequalStore } from '../../stores/prequal-store';

// A decline (outcome "ineligible": decided on verified facts, the bureau's
// report) goes to its ineligible page with the policy's reasons. They
// travel in the navigation's state and are kept in the prequal store's spec
// fields (isAdverseAction: a decline with a notice; adverseActionMessage:
// the reasons, one a line), so a refresh or a later visit in this browser
// shows them. Signing out resets the store, and with it the reasons. No
// other outcome goes there: a missing answer (notDecided) and a
// self-reported answer that may not qualify (mayNotQualify) are said on the
// page that asked.

export type Outcome = { reasons: string[] };

function isOutcome(v: unknown): v is Outcome {
  const o = v as Outcome | null;
  return Boolean(o) && Array.isArray(o!.reasons);
}

/** Keeps a decline's reasons in the prequal store. */
export function rememberOutcome({ reasons }: Outcome) {
  usePrequalStore.getState().update({ isAdverseAction: true, adverseActionMessage: reasons.join('\n') });
}

/** The ineligible page a decision names, only for a decline (outcome "ineligible"). */
export function ineligiblePathOf(decision: Decided): string | undefined {
  if (outcomeOf(decision) !== 'ineligible' || !decision.ineligiblePage) return undefined;
  return paths.ineligible[decision.ineligiblePage];
}

/**
 * A function that, for a decline with a page of its own, keeps its reasons
 * and goes to its page (replacing the page that asked, so Back does not ask
 * again). Returns whether it went: false for any other outcome, or a
 * decline whose policy names no page (the page that asked says it).
 */
export function useGoToIneligible() {
  const navigate = useNavigate();
  return useCallback(
    (decision: Decided): boolean => {
      const to = ineligiblePathOf(decision);
      if (!to) return false;
      const outcome: Outcome = { reasons: (decision.reasons ?? []).map((r) => r.message) };
      rememberOutcome(outcome);
      void navigate(to, { replace: true, state: { outcome } });
      return true;
    },
    [navigate],
  );
}

/**
 * The decline this page was reached with, else the one kept in this
 * browser; null when there is none. A record kept by an earlier version for
 * a self-reported estimate (isAdverseAction false) is not a decline: null.
 */
export function useRememberedOutcome(): Outcome | null {
  const state = useLocation().state as { outcome?: unknown } | null;
  const isAdverseAction = usePrequalStore((s) => s.isAdverseAction);
  const message = usePrequalStore((s) => s.adverseActionMessage);
  if (isOutcome(state?.outcome)) return state.outcome;
  if (!message || !isAdverseAction) return null;
  return { reasons: message.split('\n').filter(Boolean) };
}
