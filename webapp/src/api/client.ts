// The app's one tRPC client, which checks every answer, and its human check. system.info configures the
// client itself (it says which human check mutations need), so its procedure
// name lives here. The auth clients (lib/auth) use the same bot check.

import { createBotCheck } from './bot-check';
import { createTRPCClient } from './trpc-client';
import type { SystemInfo } from './types';

export const SYSTEM_INFO_PROCEDURE = 'system.info';

// Every answer is checked against its CUE result definition (answers.ts).
// The checks load beside the first page rather than in it: asked for here,
// they arrive while the first calls are under way.
let answers: Promise<typeof import('./answers')> | undefined;
export function loadAnswerChecks() {
  answers ??= import('./answers');
  return answers;
}
if (typeof window !== 'undefined') void loadAnswerChecks();

export const api = createTRPCClient({
  getBotCheckToken: (action) => botCheck.getToken(action),
  checkAnswer: async (path, data) => (await loadAnswerChecks()).answerMismatch(path, data),
});

export const botCheck = createBotCheck(() =>
  api.query<SystemInfo>(SYSTEM_INFO_PROCEDURE).then((info) => info.botCheck),
);

/**
 * Holds back the queries pages ask until the returned release is called
 * (TRPCClient.hold): every query but system.info, which configures the
 * client itself and which the sign-out's own bot check asks.
 */
export function holdPageQueries(): () => void {
  return api.hold((path) => path !== SYSTEM_INFO_PROCEDURE);
}
