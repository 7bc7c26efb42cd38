import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';

// portal.replay: a stored decision decided again, with its stored input,
// under the policy revision the server runs today (decisions.replay;
// audited): whether the result would change, and how, field by field.

export type DecisionReplay = components['schemas']['DecisionReplay'];
export type DecisionChange = components['schemas']['DecisionChange'];

const PROCEDURE = 'portal.replay';

export async function replayDecision(loanId: string, decisionId: string, { signal }: { signal?: AbortSignal } = {}): Promise<DecisionReplay> {
  return api.query<DecisionReplay>(PROCEDURE, { loanId, decisionId }, { signal });
}

export function getReplayQueryOptions(loanId: string, decisionId: string) {
  return queryOptions({
    queryKey: ['portal', 'loan', loanId, 'replay', decisionId] as const,
    queryFn: ({ signal }) => replayDecision(loanId, decisionId, { signal }),
  });
}

/** The replay of one decision, asked only once `asked` is true (the Replay button). */
export function useDecisionReplay(loanId: string, decisionId: string, asked: boolean) {
  return useQuery({ ...getReplayQueryOptions(loanId, decisionId), enabled: asked });
}
