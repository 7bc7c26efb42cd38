import { useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';

import { PageLoader } from '@/components/layouts/page-loader';
import type { AuthRealm } from '@/lib/auth/auth-client';
import { sessionRequiredPath } from '@/lib/auth/callback-url';
import { sessions, useSession } from '@/lib/auth/session-store';

/**
 * Spec §6 "A required-session check": the pages inside need the realm's
 * session. While it loads a loader shows instead of the page; without one
 * the user goes to the sign-in page with error=SessionRequired and the way
 * back in callbackUrl. A page shown while signed in that sees the user sign
 * themselves out follows the sign-out instead: the router may still be
 * finishing its way there (its last step is a transition), and "please sign
 * in" beside "you are signed out" would contradict it.
 */
export function RequireSession({ realm }: { realm: AuthRealm }) {
  const { status } = useSession(realm);
  const { pathname, search, hash } = useLocation();
  const shown = useRef(false);
  if (status === 'authenticated') shown.current = true;
  if (status === 'unauthenticated') {
    const signedOutTo = shown.current ? sessions[realm].signedOutTo() : null;
    return <Navigate to={signedOutTo ?? sessionRequiredPath(realm, `${pathname}${search}${hash}`)} replace />;
  }
  if (status === 'loading') return <PageLoader />;
  return <Outlet />;
}

/** The applicant's pages: /app/application/*, /app/upload, /app/bank-statement. */
export function RequireApplicantSession() {
  return <RequireSession realm="applicant" />;
}

/** The portal's pages: /portal, /portal/manage-users. */
export function RequirePortalSession() {
  return <RequireSession realm="portal" />;
}
