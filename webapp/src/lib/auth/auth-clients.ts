import { botCheck } from '@/api/client';

import { createAuthClient, type AuthClient, type AuthRealm } from './auth-client';

/** Spec §6: the applicant's and the portal user's auth bases. */
export const AUTH_BASE_PATHS: Record<AuthRealm, string> = {
  applicant: '/api/authApplicant',
  portal: '/api/authPortal',
};

/** One client per realm; the two never share cookies or sessions. */
export const authClients: Record<AuthRealm, AuthClient> = {
  applicant: createAuthClient(AUTH_BASE_PATHS.applicant, { getBotCheckToken: (action) => botCheck.getToken(action) }),
  portal: createAuthClient(AUTH_BASE_PATHS.portal, { getBotCheckToken: (action) => botCheck.getToken(action) }),
};
