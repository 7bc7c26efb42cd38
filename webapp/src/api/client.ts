// The app's one tRPC client and its human check. system.info configures the
// client itself (it says which human check mutations need), so its procedure
// name lives here. The auth clients (lib/auth) use the same bot check.

import { createBotCheck } from './bot-check';
import { createTRPCClient } from './trpc-client';
import type { SystemInfo } from './types';

export const SYSTEM_INFO_PROCEDURE = 'system.info';

export const api = createTRPCClient({
  getBotCheckToken: (action) => botCheck.getToken(action),
});

export const botCheck = createBotCheck(() =>
  api.query<SystemInfo>(SYSTEM_INFO_PROCEDURE).then((info) => info.botCheck),
);
